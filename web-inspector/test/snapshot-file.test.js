import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { parseSnapshot, copyJSON, stringifyJSON, snapshotFileText } from '../js/snapshot-file.js';
import { TreeModel } from '../js/tree-model.js';
import { leaveOutImpliedValues } from '../js/implied-values.js';

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

test('stringifyJSON writes what JSON.stringify writes, with or without a replacer', () => {
  const values = {
    text: 'é"\\\n\u2028<', numbers: [0, -0, 1.5, 1e21, 5e-7, NaN, Infinity, -Infinity], flags: [true, false, null],
    left: [undefined, () => 1, Symbol('s')], gone: undefined, fn: () => 1, empty: { object: {}, array: [] },
    dated: { toJSON: (key) => `toJSON(${key})` }, '': 'empty key', nested: [[[{ a: [1, { b: 2 }] }]]],
  };
  assert.equal(stringifyJSON(values), JSON.stringify(values));
  for (const top of [1, 'a', null, undefined, [], {}, NaN]) assert.equal(stringifyJSON(top), JSON.stringify(top));
  // The replacer sees the holder as `this`, "" for the top, and indices as strings.
  function replacer(key, value) {
    if (key === 'drop') return undefined;
    if (Array.isArray(this) && key === '1') return `second of ${this.length}`;
    return typeof value === 'number' ? value * 2 : value;
  }
  const replaced = { drop: 1, keep: 2, list: [1, 2, 3], inner: { drop: [1], n: 4 } };
  assert.equal(stringifyJSON(replaced, replacer), JSON.stringify(replaced, replacer));
  const cycle = { a: [] };
  cycle.a.push(cycle);
  assert.throws(() => stringifyJSON(cycle), TypeError);
});

test('a snapshot file\'s text is the compact form JSON.stringify writes, for every shared fixture', () => {
  const dir = new URL('../../fixtures/snapshots/', import.meta.url);
  const names = readdirSync(dir, { recursive: true }).filter((name) => name.endsWith('.json'));
  assert.ok(names.length > 2);
  for (const name of names) {
    const model = new TreeModel(parseSnapshot(readFileSync(new URL(name, dir), 'utf8'))); // implied values filled in
    const snapshot = model.toSnapshot();
    assert.equal(snapshotFileText(snapshot), JSON.stringify(snapshot, leaveOutImpliedValues), name);
  }
});

test('a snapshot 100 000 levels deep is written (JSON.stringify overflows the stack at about 1 500)', () => {
  const root = { id: 'n0', kind: 'node', frame: [0, 0, 10, 10], interfaceState: 15 };
  let el = root;
  for (let i = 1; i < 100000; i++) {
    const child = i % 2 ? { id: `n${i - 1}/0`, kind: 'spec', type: 'wrapper', frame: [0, 0, 10, 10] } : { id: `n${i}`, kind: 'node', frame: [0, 0, 10, 10] };
    el.children = [child];
    el = child;
  }
  const model = new TreeModel({ format: 'weft.snapshot', version: 1, roots: [root] });
  const text = snapshotFileText(model.toSnapshot());
  // The implied values are left out again: the specs' class names, the nodes' inherited state.
  assert.equal(text.includes('ASWrapperLayoutSpec'), false);
  assert.equal(text.split('"interfaceState"').length - 1, 1);
  let written = JSON.parse(text).roots[0];
  let depth = 1;
  while (written.children) { written = written.children[0]; depth++; }
  assert.equal(depth, 100000);
});
