import { test } from 'node:test';
import assert from 'node:assert/strict';
import { semanticDiff, describeChange, componentName } from '../js/semantic-diff.js';

// Cases beyond the shared fixtures (fixtures/semantic-diff): ids never count, removed subtrees
// are reported once, frames of NaN and infinite sizes, tappable and calculatedSize fields,
// controllers added and removed, and `ignore` by kind.
const text = (id, debugName, frame, extra = {}) => ({ id, className: 'ASTextNode', debugName, frame, ...extra });
const stack = (id, children, frame = [0, 0, 375, 100]) => ({ id, kind: 'spec', type: 'stack', className: 'ASStackLayoutSpec', frame, children });
const doc = (roots, extra = {}) => ({ revision: 1, meta: {}, roots, ...extra });
const lines = (a, b, options) => semanticDiff(a, b, options).map(describeChange);

test('identical trees with different ids have no differences', () => {
  const a = doc([stack('n1/0', [text('n2', 'title', [8, 8, 100, 20])])], { revision: 1 });
  const b = doc([stack('n7/0', [text('n9', 'title', [8, 8, 100, 20])])], { revision: 99 });
  assert.deepEqual(semanticDiff(a, b), []);
  assert.deepEqual(lines(a, b, { ignore: [] }), ['~ revision 1 -> 99']);
});

test('a removed subtree is one change carrying both ids where matched', () => {
  const a = doc([stack('s', [text('a', null, [0, 0, 1, 1]), stack('inner', [text('c', null, [0, 0, 1, 1])], [0, 2, 1, 1])])]);
  const b = doc([stack('t', [text('x', null, [0, 0, 1, 1])])]);
  const changes = semanticDiff(a, b);
  assert.deepEqual(changes.map(describeChange), ['- ASStackLayoutSpec > ASStackLayoutSpec at 0,2 1x1']);
  assert.equal(changes[0].idBefore, 'inner');
  assert.equal(componentName(text('q', 'title', []), 2), 'ASTextNode (title)[2]');
});

test('frame changes: resized wins over moved; ids of both sides are kept', () => {
  const a = doc([text('t', null, [0, 0, 10, 10])]);
  const b = doc([text('u', null, [5, 0, 20, 10])]);
  const [change] = semanticDiff(a, b);
  assert.equal(change.kind, 'resized');
  assert.deepEqual([change.idBefore, change.idAfter], ['t', 'u']);
  assert.deepEqual(lines(a, b, { ignore: ['resized'] }), []);
});

test('calculatedSize only when a side writes it; tappable compared with tolerance', () => {
  const a = doc([text('t', null, [0, 0, 10, 10], { tappable: { rect: [-5, -5, 20, 20] } })]);
  const b = doc([text('t', null, [0, 0, 10, 10], { calculatedSize: [10, 12], tappable: { rect: [-5, -5, 20, 20.5], restricted: ['top'] } })]);
  assert.deepEqual(lines(a, b), [
    '~ ASTextNode: calculatedSize [10,10] -> [10,12]',
    '~ ASTextNode: tappable {"rect":[-5,-5,20,20]} -> {"rect":[-5,-5,20,20.5],"restricted":["top"]}',
  ]);
  const c = doc([text('t', null, [0, 0, 10, 10], { tappable: { rect: [-5, -5, 20, 20.5] } })]);
  assert.deepEqual(lines(a, c, { tolerance: 0.5 }), []);
});

test('"inf" sizes and NaN (null) frames compare as equal to themselves', () => {
  const a = doc([text('t', null, [0, 0, null, 10], { constrainedSize: { min: [0, 0], max: [375, 'inf'] } })]);
  const b = doc([text('t', null, [0, 0, null, 10], { constrainedSize: { min: [0, 0], max: [375, 'inf'] } })]);
  assert.deepEqual(semanticDiff(a, b), []);
  const c = doc([text('t', null, [0, 0, null, 10], { constrainedSize: { min: [0, 0], max: [375, 500] } })]);
  assert.deepEqual(lines(a, c), ['~ ASTextNode: constrainedSize {"min":[0,0],"max":[375,"inf"]} -> {"min":[0,0],"max":[375,500]}']);
});

test('range controllers added and removed, matched by owner path and data source', () => {
  const table = { id: 'n3', className: 'ASTableNode', debugName: 'feed', frame: [0, 0, 1, 1] };
  const tuning = { full: { display: [1, 0.5], preload: [2.5, 1.5] } };
  const a = doc([table], { rangeControllers: [{ id: 'r1', owner: 'n3', dataSource: 'Feed', tuning }] });
  const b = doc([{ ...table, id: 'n9' }], { rangeControllers: [{ id: 'r7', owner: 'n9', dataSource: 'Other', tuning }] });
  assert.deepEqual(lines(a, b), ['+ range ASTableNode (feed)', '- range ASTableNode (feed)']);
});

test('an order change carries the parent ids; same-named siblings never reorder', () => {
  // Child and overlay of an overlay spec swap with equal frames: one `order` change on the spec,
  // with its ids on both sides (what the page highlights).
  const overlay = (id, children) => ({ id, kind: 'spec', type: 'overlay', className: 'ASOverlayLayoutSpec', frame: [0, 0, 50, 50], children });
  const photo = { id: 'p', className: 'ASImageNode', debugName: 'photo', frame: [0, 0, 50, 50] };
  const caption = text('c', 'caption', [0, 0, 50, 50]);
  const [change, ...rest] = semanticDiff(doc([overlay('n1/0', [photo, caption])]), doc([overlay('n7/0', [caption, photo])]));
  assert.deepEqual(rest, []);
  assert.deepEqual(change, {
    kind: 'order', path: 'ASOverlayLayoutSpec', field: 'order',
    before: ['ASImageNode (photo)', 'ASTextNode (caption)'], after: ['ASTextNode (caption)', 'ASImageNode (photo)'],
    idBefore: 'n1/0', idAfter: 'n7/0',
  });
  // Two unnamed text nodes swapping are matched by ordinal: their texts differ, no order line.
  const one = text('a', null, [0, 0, 50, 50], { props: { text: 'one' } });
  const two = text('b', null, [0, 0, 50, 50], { props: { text: 'two' } });
  const kinds = semanticDiff(doc([overlay('s', [one, two])]), doc([overlay('s', [two, one])])).map((c) => c.field);
  assert.deepEqual(kinds, ['props.text', 'props.lines', 'props.text', 'props.lines']);
});

test('trees 100 000 levels deep are compared, in the same order as shallow ones', () => {
  // A chain of nodes n0 > n1 > ...; `edit(node, level)` changes a level of the second tree.
  const DEPTH = 100000;
  const chain = (edit = () => {}) => {
    let child = null;
    for (let level = DEPTH - 1; level >= 0; level--) {
      const node = { id: `n${level}`, className: 'ASDisplayNode', frame: [0, 0, 10, 10] };
      if (child) node.children = [child];
      edit(node, level);
      child = node;
    }
    return doc([child]);
  };
  const after = chain((node, level) => {
    if (level === 1) node.children.push(text('t', 'added', [0, 0, 5, 5]));
    if (level === DEPTH / 2) node.style = { flexGrow: 1 };
    if (level === DEPTH - 1) node.frame = [0, 0, 20, 10];
  });
  const pathTo = (level) => Array(level + 1).fill('ASDisplayNode').join(' > ');
  const changes = semanticDiff(chain(), after);
  // The levels' own changes top-down, each level's added children after its subtree's changes.
  assert.deepEqual(changes.map(({ kind, path, field, idAfter }) => [kind, path, field, idAfter]), [
    ['style', pathTo(DEPTH / 2), 'style.flexGrow', `n${DEPTH / 2}`],
    ['resized', pathTo(DEPTH - 1), 'frame', `n${DEPTH - 1}`],
    ['added', `${pathTo(1)} > ASTextNode (added)`, undefined, 't'],
  ]);
});

test('values nested 50 000 deep in props are compared, equal and differing at the bottom', () => {
  // A program may put any JSON in an element's props; comparing (and printing) one that nests
  // this deep overflowed the stack while both walked it recursively.
  const DEPTH = 50000;
  const nested = (leaf) => {
    let value = leaf;
    for (let level = 0; level < DEPTH; level++) value = level % 2 ? { inner: value } : [value];
    return value;
  };
  const node = (leaf) => doc([{ id: 'n1', className: 'ASDisplayNode', frame: [0, 0, 10, 10], props: { deep: nested(leaf) } }]);
  assert.deepEqual(semanticDiff(node('bottom'), node('bottom')), []);
  const changes = semanticDiff(node('bottom'), node('changed'));
  assert.deepEqual(changes.map(({ kind, path, field }) => [kind, path, field]), [['nodeProperty', 'ASDisplayNode', 'props.deep']]);
  const line = describeChange(changes[0]);
  const opened = '{"inner":['.repeat(DEPTH / 2);
  const closed = ']}'.repeat(DEPTH / 2);
  assert.equal(line, `~ ASDisplayNode: props.deep ${opened}"bottom"${closed} -> ${opened}"changed"${closed}`);
});

test('a constrainedSize nested 50 000 deep, which the layout root inherits, is compared', () => {
  // Filling in the layout root's range copied it with structuredClone, and comparing ranges read
  // the nested list as a number: both recursed through it and overflowed the stack.
  const nested = (leaf) => {
    let value = leaf;
    for (let level = 0; level < 50000; level++) value = [value];
    return value;
  };
  const node = (leaf) => doc([{ id: 'n1', className: 'ASDisplayNode', frame: [0, 0, 10, 10],
    constrainedSize: { min: [nested(leaf), 0], max: [10, 10] },
    children: [{ id: 'n1/0', kind: 'spec', type: 'wrapper', frame: [0, 0, 10, 10] }] }]);
  assert.deepEqual(semanticDiff(node(0), node(0)), []);
  const changes = semanticDiff(node(0), node(1));
  assert.deepEqual(changes.map(({ kind, path, field }) => [kind, path, field]), [
    ['field', 'ASDisplayNode', 'constrainedSize'],
    ['field', 'ASDisplayNode > ASWrapperLayoutSpec', 'constrainedSize'],
  ]);
});

test('a className and a debugName nested 50 000 deep name their element by the notice', () => {
  // A file may hold any JSON there; a template wrote the nested list recursively and overflowed
  // the stack when the element's path and its key among its siblings were made.
  let deep = 'bottom';
  for (let level = 0; level < 50000; level++) deep = [deep];
  const notice = '(a value nested 50000 levels deep: too deep to show)';
  const node = (width) => doc([{ id: 'n1', className: deep, debugName: deep, frame: [0, 0, width, 10] }]);
  assert.deepEqual(semanticDiff(node(10), node(10)), []);
  assert.deepEqual(lines(node(10), node(20)), [`~ ${notice} (${notice}): frame 0,0 10x10 -> 0,0 20x10`]);
});

test('range controllers whose owner and dataSource nest 50 000 deep are matched and compared', () => {
  // The key that matches controllers wrote both with a template, which overflowed the stack.
  let deep = 'bottom';
  for (let level = 0; level < 50000; level++) deep = [deep];
  const notice = '(a value nested 50000 levels deep: too deep to show)';
  const withController = (mode) => doc([], { rangeControllers: [{ id: 'r1', owner: deep, dataSource: deep, mode }] });
  assert.deepEqual(semanticDiff(withController('full'), withController('full')), []);
  assert.deepEqual(lines(withController('full'), withController('minimum')), [`~ range ${notice}: rangeControllers.mode "full" -> "minimum"`]);
});

test('the diff leaves its input documents as they were: implied values are filled into copies', () => {
  // Each side leaves out values others imply: a spec's className, a text's lines, an image's
  // decoded size, a layout root's constrainedSize, a node's inherited interface state, a
  // controller's tuning. The Diff panel passes a file's stored document: filled in place, a later
  // view or download of that file would show values it never had.
  const sides = ['before', 'after'].map((text) => doc([{
    id: 'n1', kind: 'node', type: 'node', className: 'ASCellNode', frame: [0, 0, 100, 40], interfaceState: 15,
    constrainedSize: { min: [100, 0], max: [100, 'inf'] },
    children: [{
      id: 'n1/0', kind: 'spec', type: 'stack', frame: [0, 0, 100, 40],
      children: [
        { id: 'n2', kind: 'node', type: 'node', className: 'ASTextNode', frame: [0, 0, 100, 20], props: { text } },
        { id: 'n3', kind: 'node', type: 'node', className: 'ASImageNode', frame: [0, 20, 20, 20],
          props: { image: { pixelWidth: 40, pixelHeight: 40 } } },
      ],
    }],
  }], { rangeControllers: [{ id: 'r1', owner: 'n1', dataSource: 'Feed', itemCount: 1 }] }));
  const copies = sides.map((side) => structuredClone(side));
  assert.deepEqual(lines(...sides), [
    '~ ASCellNode > ASStackLayoutSpec > ASTextNode: props.text "before" -> "after"',
    '~ ASCellNode > ASStackLayoutSpec > ASTextNode: props.lines ["before"] -> ["after"]',
  ]);
  assert.deepEqual(sides, copies);
});
