import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { parseSnapshot, snapshotFileText } from '../js/snapshot-file.js';
import { stringifyJSON } from '../js/json-values.js';
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

test('a document whose props and style nest 50 000 levels deep opens and is written as it was', () => {
  // A file may hold any JSON in these fields (a size range's sizes are numbers, field-forms.test.js).
  // Opening it copied the node's constrainedSize to its layout root with structuredClone, and
  // writing it compared the two with JSON.stringify: both recursive, both overflowed the stack on
  // the deep sizes files could hold there before.
  const deep = (leaf) => {
    let value = leaf;
    for (let level = 0; level < 50000; level++) value = level % 2 ? { inner: value } : [value];
    return value;
  };
  const document = { format: 'weft.snapshot', version: 1, revision: 1, meta: {}, roots: [{
    id: 'n1', kind: 'node', className: 'ASDisplayNode', frame: [0, 0, 10, 10],
    constrainedSize: { min: [0, 0], max: [10, 'inf'] }, style: { flexGrow: deep(1) }, props: { custom: deep('a') },
    children: [{ id: 'n1/0', kind: 'spec', type: 'wrapper', frame: [0, 0, 10, 10], props: { custom: deep('b') } }],
  }], rangeControllers: [] };
  const text = stringifyJSON(document);
  const model = new TreeModel(parseSnapshot(text));
  const [node, root] = [model.get('n1'), model.get('n1/0')];
  assert.notEqual(root.constrainedSize, node.constrainedSize, 'the layout root\'s range, filled in: a copy');
  assert.equal(stringifyJSON(root.constrainedSize), stringifyJSON(document.roots[0].constrainedSize));
  assert.equal(snapshotFileText(model.toSnapshot()), text, 'the range it implies left out again');
});

test('a format or a version nested 50 000 deep gets the message, with the notice for the value', () => {
  const deep = '['.repeat(50000) + ']'.repeat(50000);
  assert.throws(() => parseSnapshot(`{"format": ${deep}}`), { message: 'not a Weft snapshot (format is (a value nested 50000 levels deep: too deep to show))' });
  assert.throws(() => parseSnapshot(`{"format": "weft.snapshot", "version": ${deep}}`),
    { message: 'snapshot version (a value nested 50000 levels deep: too deep to show) is not supported (this page reads version 1)' });
});

test('a range controller without a string id is refused with a message, as an element is', () => {
  // The page finds controllers by id (and writes the id into the page as text): a list nested
  // 50 000 deep there overflowed the stack while the Ranges panel was drawn.
  const deep = '['.repeat(50000) + ']'.repeat(50000);
  const file = (controllers) => `{"format": "weft.snapshot", "version": 1, "roots": [], "rangeControllers": ${controllers}}`;
  assert.throws(() => parseSnapshot(file(`[{"id": "r1"}, {"id": ${deep}}]`)), { message: 'range controller 1 is not an object with a string id' });
  assert.throws(() => parseSnapshot(file('[null]')), { message: 'range controller 0 is not an object with a string id' });
  assert.throws(() => parseSnapshot(file('{}')), { message: 'rangeControllers: expected a list' });
  assert.equal(parseSnapshot(file('[{"id": "r1"}]')).rangeControllers[0].id, 'r1');
});

test('a snapshot file can be dated by the revision it holds (capturedAt)', () => {
  const snapshot = { format: 'weft.snapshot', version: 1, revision: 7, meta: { appId: 'a', capturedAt: '2026-01-01T00:00:00Z' }, roots: [] };
  const written = JSON.parse(snapshotFileText(snapshot, { capturedAt: '2026-01-01T00:00:05.250Z' }));
  assert.equal(written.meta.capturedAt, '2026-01-01T00:00:05.250Z');
  assert.equal(written.meta.appId, 'a');
  assert.equal(snapshot.meta.capturedAt, '2026-01-01T00:00:00Z', 'the document on show is not changed');
  assert.equal(JSON.parse(snapshotFileText(snapshot)).meta.capturedAt, '2026-01-01T00:00:00Z');
});
