import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseSnapshot } from '../js/snapshot-file.js';

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
