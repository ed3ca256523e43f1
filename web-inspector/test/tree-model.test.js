import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TreeModel, UpdateError, checkSnapshot, copySnapshot } from '../js/tree-model.js';
import { parseSnapshot } from '../js/snapshot-file.js';
import { LiveDocument } from '../js/live-document.js';

// A small document: a cell node laid out by an inset spec holding a text node and an image.
function snapshot() {
  return {
    format: 'weft.snapshot', version: 1, revision: 3, meta: { appId: 'a' },
    roots: [{
      id: 'n1', kind: 'node', type: 'node', className: 'ASCellNode', frame: [0, 100, 375, 80],
      children: [{
        id: 'n1/0', kind: 'spec', type: 'inset', className: 'ASInsetLayoutSpec', frame: [0, 0, 375, 80],
        children: [
          { id: 'n2', kind: 'node', type: 'node', className: 'ASTextNode', frame: [8, 8, 200, 20] },
          { id: 'n3', kind: 'node', type: 'node', className: 'ASImageNode', frame: [8, 30, 40, 40] },
        ],
      }],
    }],
    rangeControllers: [{ id: 'r1', owner: 'n1', itemCount: 3 }],
  };
}

test('indexes every element and sums origins into root coordinates', () => {
  const m = new TreeModel(snapshot());
  assert.equal(m.size, 4);
  assert.equal(m.revision, 3);
  // n3: (8, 30) + spec (0, 0) + cell (0, 100) = (8, 130)
  assert.deepEqual(m.rootFrame('n3'), [8, 130, 40, 40]);
  assert.deepEqual(m.pathTo('n3'), ['n1', 'n1/0', 'n3']);
  assert.equal(m.rootOf('n3').id, 'n1');
  assert.equal(m.parentOf('n2').id, 'n1/0');
  assert.equal(m.controllers.get('r1').itemCount, 3);
});

test('set replaces listed fields whole and unsets others', () => {
  const m = new TreeModel(snapshot());
  m.get('n2').style = { flexGrow: 1 };
  m.get('n2').calculatedSize = [200, 20];
  // unset applies after fields (docs/snapshot-format.md): calculatedSize goes back to following the frame.
  const r = m.applyOps([{ op: 'set', id: 'n2', fields: { frame: [8, 8, 220, 20], debugName: 't' }, unset: ['style', 'calculatedSize'] }]);
  assert.equal('calculatedSize' in m.get('n2'), false);
  assert.deepEqual(m.get('n2').frame, [8, 8, 220, 20]);
  assert.equal(m.get('n2').debugName, 't');
  assert.equal('style' in m.get('n2'), false);
  assert.deepEqual([...r.changed], ['n2']);
  assert.equal(r.structure, false);
});

test('add inserts a subtree at its index and indexes it', () => {
  const m = new TreeModel(snapshot());
  const element = { id: 'n4', kind: 'node', className: 'ASButtonNode', frame: [0, 0, 10, 10],
    children: [{ id: 'n4/0', kind: 'spec', className: 'ASStackLayoutSpec' }] };
  const r = m.applyOps([{ op: 'add', parent: 'n1/0', index: 1, element }]);
  assert.deepEqual(m.get('n1/0').children.map((c) => c.id), ['n2', 'n4', 'n3']);
  assert.equal(m.parentOf('n4/0').id, 'n4');
  assert.equal(r.structure, true);
});

test('remove drops the whole subtree from the index', () => {
  const m = new TreeModel(snapshot());
  m.applyOps([{ op: 'remove', id: 'n1/0' }]);
  assert.equal(m.size, 1);
  assert.equal(m.get('n2'), undefined);
  assert.equal(m.get('n1').children, undefined);
});

test('move places the element at its index in the new parent', () => {
  const m = new TreeModel(snapshot());
  m.applyOps([{ op: 'move', id: 'n3', parent: 'n1/0', index: 0 }]);
  assert.deepEqual(m.get('n1/0').children.map((c) => c.id), ['n3', 'n2']);
  m.applyOps([{ op: 'move', id: 'n3', parent: 'n1', index: 0 }]);
  assert.deepEqual(m.get('n1').children.map((c) => c.id), ['n3', 'n1/0']);
  assert.equal(m.parentOf('n3').id, 'n1');
  assert.deepEqual(m.rootFrame('n3'), [8, 130, 40, 40]);
});

test('range and rangeRemoved update controllers', () => {
  const m = new TreeModel(snapshot());
  const r = m.applyOps([{ op: 'range', controller: { id: 'r2', owner: 'n1' } }, { op: 'rangeRemoved', id: 'r1' }]);
  assert.deepEqual([...m.controllers.keys()], ['r2']);
  assert.equal(r.ranges, true);
});

test('bad ops raise UpdateError (the caller resyncs)', () => {
  const m = new TreeModel(snapshot());
  assert.throws(() => m.applyOps([{ op: 'set', id: 'nope', fields: {} }]), UpdateError);
  assert.throws(() => m.applyOps([{ op: 'remove', id: 'nope' }]), UpdateError);
  assert.throws(() => m.applyOps([{ op: 'add', parent: 'nope', index: 0, element: { id: 'x' } }]), UpdateError);
  assert.throws(() => m.applyOps([{ op: 'move', id: 'n1', parent: 'n2', index: 0 }]), /own subtree/);
  assert.throws(() => m.applyOps([{ op: 'explode' }]), /unknown op/);
  assert.throws(() => new TreeModel({}), UpdateError);
  assert.equal(m.size, 4, 'a rejected move leaves the tree intact');
  // docs/snapshot-format.md: duplicate ids, indexes out of range and set ops on children are errors.
  assert.throws(() => m.applyOps([{ op: 'add', parent: 'n1/0', index: 0, element: { id: 'n2' } }]), /op 0 \(add\): element id n2 already exists/);
  assert.throws(() => m.applyOps([{ op: 'add', parent: 'n1/0', index: 3, element: { id: 'x' } }]), /out of range 0...2/);
  assert.throws(() => m.applyOps([{ op: 'move', id: 'n2', parent: 'n1/0', index: 2 }]), /out of range 0...1/);
  assert.throws(() => m.applyOps([{ op: 'set', id: 'n2', fields: { children: [] } }]), /children cannot be set/);
  assert.deepEqual(m.get('n1/0').children.map((c) => c.id), ['n2', 'n3'], 'rejected ops change nothing');
});

test('a batch is all or nothing: a failing op undoes the ops before it', () => {
  const m = new TreeModel(snapshot());
  const before = JSON.stringify(m.toSnapshot());
  const ops = [
    { op: 'set', id: 'n2', fields: { frame: [1, 2, 3, 4], debugName: 'x' }, unset: ['constrainedSize'] },
    { op: 'move', id: 'n3', parent: 'n1', index: 0 },
    { op: 'add', parent: 'n1/0', index: 0, element: { id: 'n9', className: 'ASTextNode', children: [{ id: 'n10', className: 'X' }] } },
    { op: 'remove', id: 'n1/0' },
    { op: 'range', controller: { id: 'r2', owner: 'n1' } },
    { op: 'rangeRemoved', id: 'r1' },
    { op: 'remove', id: 'ghost' },
  ];
  assert.throws(() => m.applyOps(ops), (e) => e.opIndex === 6 && /op 6 \(remove\): unknown element id ghost/.test(e.message));
  assert.equal(JSON.stringify(m.toSnapshot()), before);
  assert.equal(m.size, 4);
  assert.equal(m.parentOf('n3').id, 'n1/0');
  assert.equal(m.get('n9'), undefined);
  assert.deepEqual([...m.controllers.keys()], ['r1']);
});

test('a very deep tree indexes without overflowing the stack', () => {
  let leaf = { id: 'd0', kind: 'node', frame: [1, 1, 1, 1] };
  const root = leaf;
  for (let i = 1; i < 20000; i++) { const c = { id: `d${i}`, kind: 'node', frame: [1, 1, 1, 1] }; leaf.children = [c]; leaf = c; }
  const m = new TreeModel({ roots: [root] });
  assert.equal(m.size, 20000);
  assert.deepEqual(m.rootFrame('d19999'), [20000, 20000, 1, 1]);
});

// The page finds elements by id (selection, hover, update ops, the screen's boxes), so a
// document is usable only when every element is an object with an id of its own, and children
// come as lists (docs/snapshot-format.md Element). Anything else is refused with a message naming what is
// wrong, never half-indexed (the screen sized its boxes by the ids and then overran them).
test('a document whose elements cannot be told apart by id is refused with a clear message', () => {
  const doc = (roots) => ({ roots });
  assert.throws(() => new TreeModel(doc([{ id: 'a', children: [{ id: 'a' }] }])), /element id a appears twice/);
  assert.throws(() => new TreeModel(doc([{ id: 'a' }, { id: 'b', children: [{ id: 'a' }] }])), /element id a appears twice/);
  assert.throws(() => new TreeModel(doc([{ id: 'a', children: [null] }])), /an element of a is not an object with a string id/);
  assert.throws(() => new TreeModel(doc([{ id: 'a', children: [{ id: 5 }] }])), /an element of a is not an object with a string id/);
  assert.throws(() => new TreeModel(doc([7])), /a root is not an object with a string id/);
  assert.throws(() => new TreeModel(doc([{ id: 'a', children: {} }])), /children of element a: expected a list/);
  for (const bad of [[{ id: 'a', children: [{ id: 'a' }] }], [{ id: 'a', children: [null] }]]) {
    assert.throws(() => new TreeModel(doc(bad)), UpdateError);
  }
});

test('an add op whose element repeats an id inside itself does not fit (and changes nothing)', () => {
  const m = new TreeModel({ roots: [{ id: 'r' }] });
  assert.throws(() => m.applyOps([{ op: 'add', parent: 'r', index: 0, element: { id: 'x', children: [{ id: 'y' }, { id: 'y' }] } }]),
    /op 0 \(add\): element id y appears twice/);
  assert.throws(() => m.applyOps([{ op: 'add', parent: 'r', index: 0, element: { id: 'x', children: [null] } }]),
    /op 0 \(add\): an element of x is not an object with a string id/);
  assert.deepEqual([...m.elements.keys()], ['r']);
  assert.equal(m.roots[0].children, undefined);
});

test('a chain of specs 100 000 levels deep is indexed, and the node under it gets its state (no recursion)', () => {
  // A node's interface state passes through its specs to the nodes under them (implied-values.js);
  // filling it walked the specs recursively and overflowed the stack at about 5 000 levels.
  const root = { id: 'n1', kind: 'node', frame: [0, 0, 10, 10], interfaceState: 15 };
  let el = root;
  for (let i = 0; i < 100000; i++) {
    const spec = { id: `n1/${i}`, kind: 'spec', type: 'wrapper', frame: [0, 0, 10, 10] };
    el.children = [spec];
    el = spec;
  }
  el.children = [{ id: 'n2', kind: 'node', frame: [0, 0, 1, 1] }];
  const model = new TreeModel({ roots: [root] });
  assert.equal(model.size, 100002);
  assert.equal(model.get('n2').interfaceState, 15);
  assert.equal(model.get('n1/99999').className, 'ASWrapperLayoutSpec');
});

test('ops whose values nest 50 000 deep get an UpdateError that shows them as the notice', () => {
  // A device may send anything; the message wrote the value with JSON.stringify or a template,
  // which overflowed the stack, and the error was a RangeError instead of an UpdateError.
  let deep = 1;
  for (let level = 0; level < 50000; level++) deep = [deep];
  const notice = '(a value nested 50000 levels deep: too deep to show)';
  const model = new TreeModel({ roots: [{ id: 'n1', className: 'ASDisplayNode', frame: [0, 0, 1, 1] }] });
  assert.throws(() => model.applyOps({ deep }), { name: 'UpdateError', message: 'ops: expected a list, got (a value nested 50001 levels deep: too deep to show)' });
  assert.throws(() => model.applyOps([{ op: deep }]), { name: 'UpdateError', message: `op 0 (${notice}): unknown op ${notice}` });
  assert.throws(() => model.applyOps([{ op: 'set', id: 'n1', fields: { frame: deep } }]), { name: 'UpdateError', message: `op 0 (set): frame of element n1: expected an array of 4 numbers, got ${notice}` });
});

// A file's document is checked once, as it is opened (parseSnapshot -> checkSnapshot), not again
// each time it is shown: the mark lives in tree-model.js, so whatever did not go through the
// check (a device's reply, a hand-made object, a document already built into a model) is
// checked by the constructor, with the same messages.
/** An element whose field list checkElements reads (Object.keys) counted: one read per check. */
function countedElement(fields) {
  const counted = { reads: 0 };
  counted.element = new Proxy(fields, { ownKeys: (target) => { counted.reads++; return Reflect.ownKeys(target); } });
  return counted;
}

test('a checked document builds its model without a second check; anything else is checked', () => {
  const checked = countedElement({ id: 'n1', className: 'ASDisplayNode', frame: [0, 0, 10, 10] });
  const doc = checkSnapshot({ format: 'weft.snapshot', version: 1, roots: [checked.element] });
  assert.equal(checked.reads, 1, 'checkSnapshot checks it');
  assert.equal(new TreeModel(doc).size, 1);
  assert.equal(checked.reads, 1, 'the model of a checked document does not check it again');
  new TreeModel(doc);
  assert.equal(checked.reads, 2, 'a mark serves one model: the document is checked when built again');
  const unchecked = countedElement({ id: 'n1', className: 'ASDisplayNode' });
  new TreeModel({ roots: [unchecked.element] });
  assert.equal(unchecked.reads, 1, 'a document that did not go through checkSnapshot is checked');
});

test('a file is checked when opened; its copies are shown without a check, and a document changed after its check is refused when built again', () => {
  const text = JSON.stringify({ format: 'weft.snapshot', version: 1, revision: 1, meta: {}, roots: [{ id: 'n1', className: 'ASDisplayNode' }] });
  const file = parseSnapshot(text);
  const first = copySnapshot(file);
  assert.equal(new TreeModel(first).size, 1);
  assert.equal(new TreeModel(copySnapshot(file)).size, 1, 'each showing gets a checked copy of its own');
  // The first model took its copy's mark: changed to a wrong form, it is refused as anything unchecked is.
  first.roots[0].frame = { x: 0 };
  const message = 'frame of element n1: expected an array of 4 numbers, got {"x":0}';
  assert.throws(() => new TreeModel(first), { name: 'UpdateError', message });
  assert.throws(() => new TreeModel(copySnapshot(first)), { name: 'UpdateError', message }, 'a copy of an unchecked document is unchecked');
  assert.throws(() => new TreeModel(copySnapshot(JSON.parse(text.replace('"className"', '"frame":"x","className"')))),
    { name: 'UpdateError', message: 'frame of element n1: expected an array of 4 numbers, got "x"' });
  assert.throws(() => new TreeModel({ roots: 'n1' }), { name: 'UpdateError', message: 'not a snapshot: "roots" is missing' });
});

test('a device\'s document (Tree.getDocument) is checked as before: a wrong form is the device error', async () => {
  const errors = [];
  const doc = { format: 'weft.snapshot', version: 1, revision: 1, meta: {}, roots: [{ id: 'n1', className: 'ASDisplayNode', children: {} }] };
  const live = new LiveDocument(async () => doc, { onError: (error) => errors.push(error) });
  await assert.rejects(live.load(), { name: 'UpdateError', message: 'children of element n1: expected a list, got {}' });
  assert.equal(live.model, null);
});
