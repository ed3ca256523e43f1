import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TreeModel } from '../js/tree-model.js';
import { elementPath, findByPath, ancestry } from '../js/element-path.js';

// The shape of docs/cli.md's example: a window, a stack, a table of cells, an inset in a cell.
function model() {
  const cell = (i) => ({ id: `c${i}`, kind: 'node', className: 'ASCellNode', children: i === 3 ? [{ id: 'c3/0', kind: 'spec', className: 'ASInsetLayoutSpec' }] : [] });
  return new TreeModel({ roots: [{ id: 'w', kind: 'node', className: 'ASDisplayNode', debugName: 'window', children: [
    { id: 'w/0', kind: 'spec', className: 'ASStackLayoutSpec', children: [
      { id: 't', kind: 'node', className: 'ASTableNode', debugName: 'feed', children: [0, 1, 2, 3].map(cell) },
    ] },
  ] }] });
}

test('elementPath names an element as the CLI does, ordinals among same-named siblings', () => {
  const m = model();
  assert.equal(elementPath(m, 'c3/0'), 'ASDisplayNode (window) > ASStackLayoutSpec > ASTableNode (feed) > ASCellNode[3] > ASInsetLayoutSpec');
  assert.equal(elementPath(m, 'c0'), 'ASDisplayNode (window) > ASStackLayoutSpec > ASTableNode (feed) > ASCellNode');
  assert.equal(elementPath(m, 'w'), 'ASDisplayNode (window)');
  assert.equal(elementPath(m, 'nope'), null);
});

test('findByPath finds what elementPath names, and null for a missing component', () => {
  const m = model();
  for (const id of ['w', 'w/0', 't', 'c0', 'c2', 'c3/0']) assert.equal(findByPath(m, elementPath(m, id)), id);
  assert.equal(findByPath(m, 'ASDisplayNode (window) > ASStackLayoutSpec > ASTableNode (feed) > ASCellNode[7]'), null);
  assert.equal(findByPath(m, ''), null);
  assert.equal(findByPath(m, 42), null);
});

test('ancestry lists the root down to the element with component names', () => {
  assert.deepEqual(ancestry(model(), 'c1'), [
    { id: 'w', name: 'ASDisplayNode (window)' }, { id: 'w/0', name: 'ASStackLayoutSpec' },
    { id: 't', name: 'ASTableNode (feed)' }, { id: 'c1', name: 'ASCellNode[1]' }]);
  assert.deepEqual(ancestry(model(), 'gone'), []);
});
