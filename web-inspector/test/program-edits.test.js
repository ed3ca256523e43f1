import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProgramEdits } from '../js/program-edits.js';

const edit = (id, property, value, old = null, kind = 'style', by) => ({ id, name: `E ${id}`, path: `P > ${id}`, kind, property, old, value, ...(by ? { by } : {}) });

test('the program\'s list is taken whole, with what Undo and Redo can do', () => {
  const list = new ProgramEdits();
  list.take({ change: 'applied', edits: [edit('n1', 'width', 40, 'auto', 'style', 'tab a'), edit('n1', 'height', 20), edit('n1/0', 'spacing', 8, 0, 'spec')], undo: 3, redo: 0 });
  assert.equal(list.size, 3);
  assert.equal(list.elementCount, 2);
  assert.equal(list.find('n1', 'width').by, 'tab a');
  assert.equal(list.find('n1', 'spacing'), undefined);
  assert.ok(list.has('n1/0') && !list.has('n2'));
  assert.deepEqual([...list.ids()], ['n1', 'n1/0']);
  list.take({ edits: [], undo: 0, redo: 3 });
  assert.equal(list.size, 0);
  assert.equal(list.redo, 3);
});

test('a list that does not read is refused and the list kept', () => {
  const list = new ProgramEdits();
  list.take({ edits: [edit('n1', 'width', 40)], undo: 1, redo: 0 });
  for (const bad of [null, { edits: 'x', undo: 0, redo: 0 }, { edits: [], undo: -1, redo: 0 }, { edits: [], undo: 0 },
    { edits: [{ ...edit('n1', 'width', 1), kind: 'node' }], undo: 0, redo: 0 }, { edits: [{ ...edit('n1', 'width', 1), path: 3 }], undo: 0, redo: 0 },
    { edits: [{ id: 'n1', name: 'n', path: 'p', kind: 'style', property: 'width', old: null }], undo: 0, redo: 0 },
    { edits: [edit('n1', 'width', 1, null, 'style', 7)], undo: 0, redo: 0 }]) {
    assert.throws(() => list.take(bad), /does not read/);
  }
  assert.equal(list.size, 1);
  assert.equal(list.undo, 1);
});
