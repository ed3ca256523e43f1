import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InspectorState } from '../js/ui/inspector-state.js';
import { TreeModel } from '../js/tree-model.js';

// root n1 > spec n1/0 > [n2, n3]; a cell n4 under n1 with a child n5.
const snapshot = (revision = 1) => ({ revision, roots: [{ id: 'n1', className: 'ASDisplayNode', frame: [0, 0, 100, 100], children: [
  { id: 'n1/0', kind: 'spec', type: 'stack', className: 'ASStackLayoutSpec', frame: [0, 0, 100, 50], children: [
    { id: 'n2', className: 'ASTextNode', frame: [0, 0, 50, 20] }, { id: 'n3', className: 'ASTextNode', frame: [0, 20, 50, 20] }] },
  { id: 'n4', className: 'ASCellNode', frame: [0, 50, 100, 50], children: [{ id: 'n5', className: 'ASTextNode', frame: [1, 1, 5, 5] }] },
] }] });

test('a new live document keeps the selection and expanded rows (live updates do not lose them)', () => {
  const state = new InspectorState();
  const heard = [];
  state.on('document', (d) => heard.push(d.sameSource));
  state.setDocument(new TreeModel(snapshot(1)), { kind: 'live', name: 'app' });
  state.rows.setExpanded('n4', false);
  state.select('n3');
  state.setDocument(new TreeModel(snapshot(2)), { kind: 'live', name: 'app' }); // a resync
  assert.equal(state.selectedId, 'n3');
  assert.equal(state.rows.isExpanded('n4'), false);
  assert.deepEqual(heard, [false, true]);
  state.setDocument(new TreeModel(snapshot(1)), { kind: 'file', name: 'x.json' }); // another source
  assert.equal(state.rows.isExpanded('n4'), true, 'a different document starts with its own rows');
});

test('incremental changes update boxes and rows; a removed selection is cleared', () => {
  const state = new InspectorState();
  state.setDocument(new TreeModel(snapshot()), { kind: 'live', name: 'app' });
  state.select('n5');
  const updates = [];
  state.on('update', (c) => updates.push(c));
  state.applyChanges(state.model.applyOps([{ op: 'set', id: 'n4', fields: { frame: [0, 60, 100, 50] } }]));
  assert.deepEqual(state.boxes.rect('n5'), [1, 61, 5, 5], 'the subtree moved with its parent');
  assert.equal(state.selectedId, 'n5');
  state.applyChanges(state.model.applyOps([{ op: 'remove', id: 'n4' }]));
  assert.equal(state.selectedId, null);
  assert.equal(state.rows.indexOf('n4'), -1);
  assert.equal(updates.length, 2);
});

test('select reveals the row; unknown ids are ignored', () => {
  const state = new InspectorState();
  state.setDocument(new TreeModel(snapshot()), { kind: 'file', name: 'f' });
  state.rows.setSubtreeExpanded('n1', false);
  state.select('n5');
  assert.ok(state.rows.indexOf('n5') > 0);
  state.select('nope');
  assert.equal(state.selectedId, 'n5');
});

test('a released selection is kept as lost (id, path, name) and selected again when it comes back', () => {
  const state = new InspectorState();
  state.setDocument(new TreeModel(snapshot()), { kind: 'live', name: 'app' });
  state.select('n5');
  const heard = [];
  state.on('selection', (s) => heard.push(s));
  const cell = structuredClone(state.model.get('n4'));
  state.applyChanges(state.model.applyOps([{ op: 'remove', id: 'n4' }]));
  assert.equal(state.selectedId, null);
  assert.deepEqual(state.lostSelection, { id: 'n5', path: 'ASDisplayNode > ASCellNode > ASTextNode', name: 'ASTextNode' });
  assert.deepEqual(heard, [{ id: null, origin: 'follow' }]);
  // The cell comes back with other ids: found again by its path.
  cell.id = 'n40'; cell.children[0].id = 'n50';
  state.applyChanges(state.model.applyOps([{ op: 'add', parent: 'n1', index: 1, element: cell }]));
  assert.equal(state.selectedId, 'n50');
  assert.equal(state.lostSelection, null);
  assert.deepEqual(heard[1], { id: 'n50', origin: 'follow' });
});

test('choosing another element, or another document, forgets the lost selection', () => {
  const state = new InspectorState();
  state.setDocument(new TreeModel(snapshot()), { kind: 'live', name: 'app' });
  state.select('n5');
  state.applyChanges(state.model.applyOps([{ op: 'remove', id: 'n4' }]));
  state.select('n2');
  assert.equal(state.lostSelection, null);
  state.select('n2');
  state.applyChanges(state.model.applyOps([{ op: 'remove', id: 'n2' }]));
  assert.ok(state.lostSelection);
  state.setDocument(new TreeModel(snapshot()), { kind: 'file', name: 'f.json' });
  assert.equal(state.lostSelection, null);
  assert.equal(state.selectedId, null);
});
