import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseSnapshot, copyJSON } from '../js/snapshot-file.js';

test('a version-1 snapshot file is read', () => {
  const text = readFileSync(new URL('../../fixtures/snapshots/profile-card.json', import.meta.url), 'utf8');
  assert.equal(parseSnapshot(text).roots[0].debugName, 'card');
});

test('bad files get messages that say what is wrong', () => {
  assert.throws(() => parseSnapshot('{"format": '), /^Error: not JSON \(/);
  assert.throws(() => parseSnapshot('[1, 2]'), /not a snapshot object/);
  assert.throws(() => parseSnapshot('null'), /not a snapshot object/);
  assert.throws(() => parseSnapshot('{"hello": 1}'), /not a Weft snapshot \(format is undefined\)/);
  assert.throws(() => parseSnapshot('{"format": "weft.snapshot", "version": 2, "roots": []}'), /version 2 is not supported/);
  assert.throws(() => parseSnapshot('{"format": "weft.snapshot", "version": 1}'), /"roots" is missing/);
});

test('a file whose elements cannot be told apart by id gets a message naming the element', () => {
  const file = (roots) => JSON.stringify({ format: 'weft.snapshot', version: 1, roots });
  assert.throws(() => parseSnapshot(file([{ id: 'n1', children: [{ id: 'n2' }, { id: 'n2' }] }])), /element id n2 appears twice/);
  assert.throws(() => parseSnapshot(file([{ id: 'n1', children: [null] }])), /an element of n1 is not an object with a string id/);
});

test('copyJSON copies a tree 100 000 levels deep (structuredClone overflows the stack at about 1 500)', () => {
  const root = { id: 'n0', frame: [0, 0, 10, 10], props: { text: 'a', hidden: null } };
  let deepest = root;
  for (let i = 1; i < 100000; i++) {
    const child = { id: `n${i}`, frame: [1, 1, 'inf', null] };
    deepest.children = [child];
    deepest = child;
  }
  const copy = copyJSON({ format: 'weft.snapshot', roots: [root] });
  let el = copy.roots[0];
  let depth = 0;
  for (let original = root; original.children; original = original.children[0]) {
    assert.notEqual(el, original, 'a copy, not the same object');
    assert.notEqual(el.frame, original.frame);
    el = el.children[0];
    depth++;
  }
  assert.equal(depth, 99999);
  assert.deepEqual(el, { id: 'n99999', frame: [1, 1, 'inf', null] });
  assert.deepEqual(copy.roots[0].props, { text: 'a', hidden: null });
  copy.roots[0].props.text = 'changed';
  assert.equal(root.props.text, 'a', 'changing the copy leaves the original');
  assert.equal(copyJSON(7), 7);
  assert.equal(copyJSON(null), null);
});
