import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EditLog } from '../js/edit-log.js';

const edit = (id, key, value, old = null, kind = 'style') => ({ id, name: `E ${id}`, path: `P > ${id}`, kind, key, old, value });

test('an edit of the same property replaces the override, keeping the first old value', () => {
  const log = new EditLog();
  log.record(edit('n1', 'width', 40, 'auto'));
  log.record(edit('n1', 'width', 50, 40));
  log.record(edit('n2', 'spacing', 8, 0, 'spec'));
  assert.equal(log.size, 2);
  assert.equal(log.elementCount, 2);
  assert.deepEqual(log.find('n1', 'width'), { ...edit('n1', 'width', 50), old: 'auto' });
});

test('reverting one property reverts its element and sets its other overrides again', () => {
  const log = new EditLog();
  log.record(edit('n1', 'width', 40));
  log.record(edit('n1', 'height', 20));
  log.record(edit('n1', 'spacing', 4, 0, 'spec'));
  assert.deepEqual(log.revertOneRequests('n1', 'width'), [
    ['Layout.revertEdits', { id: 'n1' }],
    ['Layout.setStyle', { id: 'n1', property: 'height', value: 20 }],
    ['Layout.setSpecProperty', { id: 'n1', property: 'spacing', value: 4 }]]);
  log.revertedOne('n1', 'width');
  assert.deepEqual(log.of('n1').map((e) => e.key), ['height', 'spacing']);
});

test('undo sets the previous override back, or reverts the property; redo sets it again', () => {
  const log = new EditLog();
  log.record(edit('n1', 'width', 40));
  log.record(edit('n1', 'width', 50));
  assert.deepEqual(log.undoRequests(), [['Layout.setStyle', { id: 'n1', property: 'width', value: 40 }]]);
  log.didUndo();
  assert.equal(log.find('n1', 'width').value, 40);
  assert.deepEqual(log.undoRequests(), [['Layout.revertEdits', { id: 'n1' }]]);
  log.didUndo();
  assert.equal(log.size, 0);
  assert.equal(log.undoRequests(), null);
  assert.deepEqual(log.redoRequests(), [['Layout.setStyle', { id: 'n1', property: 'width', value: 40 }]]);
  log.didRedo();
  assert.equal(log.find('n1', 'width').value, 40);
  log.record(edit('n2', 'height', 1));
  assert.equal(log.redoRequests(), null, 'a new edit drops what could be redone');
});

test('a log goes through JSON whole (sent to the page\'s other tabs)', () => {
  const log = new EditLog();
  log.record(edit('n1', 'width', 40));
  log.record(edit('n1', 'width', 50));
  log.didUndo();
  const copy = EditLog.fromJSON(JSON.parse(JSON.stringify(log)));
  assert.deepEqual(copy.toJSON(), log.toJSON());
  assert.deepEqual(copy.redoRequests(), log.redoRequests());
  log.revertedElement(null);
  assert.equal(log.size, 0);
});
