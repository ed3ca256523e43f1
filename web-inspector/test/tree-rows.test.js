import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TreeModel } from '../js/tree-model.js';
import { TreeRows, scrollToShow } from '../js/tree-rows.js';

// root > spec > [title(text "Hello"), image], root2
function model() {
  return new TreeModel({ roots: [
    { id: 'r', kind: 'node', className: 'ASCellNode', children: [
      { id: 'r/0', kind: 'spec', className: 'ASStackLayoutSpec', children: [
        { id: 't', kind: 'node', className: 'ASTextNode', debugName: 'title', props: { text: 'Hello World' } },
        { id: 'i', kind: 'node', className: 'ASImageNode' },
      ] },
    ] },
    { id: 'r2', kind: 'node', className: 'ASDisplayNode' },
  ] });
}

test('initial expansion depth and flattening', () => {
  const rows = new TreeRows(model(), { expandDepth: 1 });
  assert.deepEqual(rows.ids, ['r', 'r/0', 'r2']);
  assert.deepEqual(rows.depths, [0, 1, 0]);
  rows.toggle('r/0');
  assert.deepEqual(rows.ids, ['r', 'r/0', 't', 'i', 'r2']);
  assert.equal(rows.indexOf('i'), 3);
  rows.toggle('r');
  assert.deepEqual(rows.ids, ['r', 'r2']);
  assert.equal(rows.indexOf('t'), -1);
});

test('reveal expands the ancestors of a hidden element', () => {
  const rows = new TreeRows(model(), { expandDepth: 0 });
  assert.equal(rows.reveal('i'), 3);
  assert.deepEqual(rows.ids, ['r', 'r/0', 't', 'i', 'r2']);
});

test('keyboard moves follow the ARIA tree pattern', () => {
  const rows = new TreeRows(model(), { expandDepth: 0 });
  assert.equal(rows.move('r', 'ArrowDown'), 'r2');
  assert.equal(rows.move('r', 'ArrowRight'), 'r', 'right on a collapsed row expands it');
  assert.equal(rows.isExpanded('r'), true);
  assert.equal(rows.move('r', 'ArrowRight'), 'r/0', 'right on an expanded row goes to its first child');
  assert.equal(rows.move('r/0', 'ArrowLeft'), 'r', 'left on a collapsed row goes to its parent');
  assert.equal(rows.move('r', 'ArrowLeft'), 'r');
  assert.equal(rows.isExpanded('r'), false, 'left on an expanded row collapses it');
  assert.equal(rows.move('r', 'ArrowUp'), 'r');
  assert.equal(rows.move('r', 'End'), 'r2');
  assert.equal(rows.move('r2', 'ArrowRight'), 'r2', 'a leaf stays');
  assert.equal(rows.move('r', 'PageDown', 1), 'r2');
  assert.equal(rows.move('r2', 'PageUp', 5), 'r', 'a page up stops at the first row');
});

test('search by class, debugName and text, case-insensitive, in document order', () => {
  const rows = new TreeRows(model());
  assert.deepEqual(rows.search('imagenode'), ['i']);
  assert.deepEqual(rows.search('TITLE'), ['t']);
  assert.deepEqual(rows.search('world'), ['t']);
  assert.deepEqual(rows.search('node'), ['r', 't', 'i', 'r2']);
  assert.deepEqual(rows.search('   '), []);
});

test('the window covers the viewport plus overscan and is bounded by the rows', () => {
  const big = { roots: [{ id: 'root', kind: 'node', children: Array.from({ length: 100000 }, (_, i) => ({ id: `n${i}`, kind: 'node' })) }] };
  const rows = new TreeRows(new TreeModel(big));
  assert.equal(rows.length, 100001);
  assert.deepEqual(rows.window(0, 600, 20, 10), { start: 0, end: 41 });
  assert.deepEqual(rows.window(20 * 50000, 600, 20, 10), { start: 49990, end: 50041 });
  assert.deepEqual(rows.window(20 * 100000, 600, 20, 10), { start: 99990, end: 100001 });
});

test('setModel keeps the expansion of ids that survive', () => {
  const rows = new TreeRows(model(), { expandDepth: 0 });
  rows.toggle('r');
  const next = model();
  next.applyOps([{ op: 'remove', id: 'r2' }]);
  rows.setModel(next);
  assert.deepEqual(rows.ids, ['r', 'r/0']);
});

test('texts and names that are not strings are refused as the document enters, so search reads only strings', () => {
  // Before, a hand-edited file could carry a number where a text belongs, which search had to skip
  // (field-forms.test.js has every such form).
  assert.throws(() => new TreeModel({ roots: [{ id: 'r', className: 5 }] }), /className of element r: expected a string, got 5/);
  assert.throws(() => new TreeModel({ roots: [{ id: 'a', className: 'ASTextNode', props: { text: 7 } }] }),
    /props.text of element a: expected a string, got 7/);
  const model = new TreeModel({ roots: [{ id: 'r', className: 'ASDisplayNode', children: [
    { id: 'a', className: 'ASTextNode', props: { text: '7 days' } },
    { id: 'b', className: 'ASTextNode', debugName: 'title' }] }] });
  const rows = new TreeRows(model);
  assert.deepEqual(rows.search('text'), ['a', 'b']);
  assert.deepEqual(rows.search('7'), ['a']);
  assert.deepEqual(rows.search('title'), ['b']);
});

test('the sideways scroll that shows a label moves only as far as it must', () => {
  // A view 300 wide scrolled to 40 shows 40 ... 340.
  assert.equal(scrollToShow(40, 300, 60, 200), 40, 'in view: no jump');
  assert.equal(scrollToShow(40, 300, 7000, 7110), 6810, 'to the right: its end at the view\'s end');
  assert.equal(scrollToShow(6810, 300, 4, 120), 4, 'to the left: its start at the view\'s start');
  assert.equal(scrollToShow(40, 300, 7000, 7400), 7000, 'longer than the view: its start');
  assert.equal(scrollToShow(40, 300, 20, 200), 20, 'partly cut on the left');
});

test('each row knows its place among its siblings (aria-posinset, aria-setsize)', () => {
  const rows = new TreeRows(model(), { expandDepth: 3 });
  assert.deepEqual(rows.ids, ['r', 'r/0', 't', 'i', 'r2']);
  assert.deepEqual(rows.positions, [1, 1, 1, 2, 2]);
  assert.deepEqual(rows.setSizes, [2, 1, 2, 2, 2]);
});
