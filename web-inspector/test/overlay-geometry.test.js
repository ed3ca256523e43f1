import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tappablePieces, slopRect, scalingLabel, wastedBytes, insetRect, TAPPABLE_COLORS as C } from '../js/overlay-geometry.js';
import { TreeModel } from '../js/tree-model.js';
import { ScreenBoxes } from '../js/screen-boxes.js';

test('no restricted edge: one green rect at the root position', () => {
  assert.deepEqual(tappablePieces({ rect: [-10, -10, 60, 40] }, [100, 200]), [{ rect: [90, 190, 60, 40], color: C.fill }]);
});

// A 20x10 area restricted on top (not clipped) and clipped on the right (a clipping parent with
// slop restricts that edge too). Pieces (3x3 grid, 2-pt strips): the top row is dark green except
// its right corner, the whole right column orange, the centre and the rest of the edges green.
test('restricted and clipped edge stripes, corners taking the later paint', () => {
  const pieces = tappablePieces({ rect: [0, 0, 20, 10], restricted: ['top', 'right'], clipped: ['right'] }, [0, 0]);
  const at = (x, y) => pieces.find((p) => x >= p.rect[0] && y >= p.rect[1] && x < p.rect[0] + p.rect[2] && y < p.rect[1] + p.rect[3]).color;
  assert.equal(at(0, 0), C.restricted); // top-left corner: top restricted
  assert.equal(at(10, 1), C.restricted); // top strip
  assert.equal(at(19, 0), C.clipped); // top-right corner: right clipped wins
  assert.equal(at(19, 5), C.clipped); // right strip
  assert.equal(at(10, 5), C.fill); // centre
  assert.equal(at(0, 5), C.fill); // left strip, not restricted
  assert.equal(at(10, 9), C.fill); // bottom strip, not restricted
  assert.equal(pieces.reduce((sum, p) => sum + p.rect[2] * p.rect[3], 0), 200, 'pieces tile the rect');
  assert.equal(C.restricted, 'rgba(30, 90, 50, 0.7)');
  assert.equal(C.clipped, 'rgba(255, 127, 0, 0.8)');
  assert.equal(C.fill, 'rgba(0, 255, 0, 0.4)');
});

test('a rect thinner than two stripes is split evenly', () => {
  const pieces = tappablePieces({ rect: [0, 0, 3, 3], restricted: ['left'] }, [0, 0]);
  assert.equal(pieces.reduce((sum, p) => sum + p.rect[2] * p.rect[3], 0), 9);
});

test('slop: negative insets enlarge the hit area', () => {
  assert.deepEqual(insetRect([10, 10, 20, 20], [-5, -5, -5, -5]), [5, 5, 30, 30]);
  assert.deepEqual(slopRect({ props: { hitTestSlop: [-10, 0, -10, 0] } }, [0, 0, 44, 20]), [0, -10, 44, 40]);
  assert.equal(slopRect({ props: { hitTestSlop: [0, 0, 0, 0] } }, [0, 0, 1, 1]), null);
});

// Section 7's example label: a ratio of 9 prints "9.00x" at the bottom-right corner.
test('scaling label only when the ratio is not 1', () => {
  assert.deepEqual(scalingLabel({ props: { image: { scalingRatio: 9 } } }, [10, 20, 30, 30]), { text: '9.00x', x: 40, y: 50 });
  assert.equal(scalingLabel({ props: { image: { scalingRatio: 1 } } }, [0, 0, 1, 1]), null);
  assert.equal(scalingLabel({ props: {} }, [0, 0, 1, 1]), null);
  // A 300x300-pixel image shown in 50x50 pt at scale 2: (90000 - 10000) x 4 bytes wasted.
  assert.equal(wastedBytes(300, 300, 50, 50, 2), 320000);
});

function model() {
  return new TreeModel({ roots: [
    { id: 'w1', kind: 'node', frame: [0, 0, 100, 200], children: [
      { id: 'w1/0', kind: 'spec', frame: [10, 10, 80, 80], children: [
        { id: 'n2', kind: 'node', frame: [5, 5, 20, 20] },
        { id: 'n3', kind: 'node', frame: [30, 5, 20, 20] },
      ] },
      { id: 'n4', kind: 'node', frame: [0, 100, 100, 50] },
    ] },
    { id: 'w2', kind: 'node', frame: [0, 0, 50, 50] },
  ] });
}

test('screen boxes: pre-order, root coordinates, roots side by side', () => {
  const boxes = new ScreenBoxes(model());
  assert.deepEqual(boxes.ids.slice(0, boxes.count), ['w1', 'w1/0', 'n2', 'n3', 'n4', 'w2']);
  assert.deepEqual(boxes.rect('n3'), [40, 15, 20, 20]);
  assert.deepEqual(boxes.rect('w2'), [124, 0, 50, 50], 'second root after the first (100) and a 24-pt gap');
  assert.equal(boxes.deepestAt(45, 20), 'n3');
  assert.equal(boxes.deepestAt(45, 60), 'w1/0');
  assert.equal(boxes.deepestAt(45, 60, (el) => el.kind === 'node'), 'w1');
  assert.equal(boxes.deepestAt(500, 500), null);
  assert.deepEqual(boxes.toRootPoint(130, 10), { root: 'w2', x: 6, y: 10 });
});

test('screen boxes: a frame change moves the subtree in place', () => {
  const m = model();
  const boxes = new ScreenBoxes(m);
  m.applyOps([{ op: 'set', id: 'w1/0', fields: { frame: [20, 30, 80, 80] } }]);
  boxes.update(['w1/0']);
  assert.deepEqual(boxes.rect('n3'), [50, 35, 20, 20]);
  assert.deepEqual(boxes.rect('n4'), [0, 100, 100, 50], 'siblings stay');
  assert.deepEqual(boxes.end.slice(0, 6), Uint32Array.from([5, 4, 3, 4, 5, 6]));
});

test('screen boxes: subtree bounds cover overflowing children and follow updates', () => {
  const m = new TreeModel({ roots: [{ id: 'r', frame: [0, 0, 10, 10], children: [
    { id: 'a', frame: [0, 0, 10, 10], children: [{ id: 'b', frame: [50, 50, 5, 5] }] }, // b overflows a
    { id: 'c', frame: [0, 20, 5, 5] }] }] });
  const boxes = new ScreenBoxes(m);
  const ia = boxes.indexOf.get('a');
  assert.deepEqual([boxes.bx0[ia], boxes.by0[ia], boxes.bx1[ia], boxes.by1[ia]], [0, 0, 55, 55]);
  assert.equal(boxes.subtreeMeets(ia, 52, 52, 52, 52), true);
  assert.equal(boxes.subtreeMeets(boxes.indexOf.get('c'), 52, 52, 52, 52), false);
  assert.equal(boxes.deepestAt(52, 52), 'b', 'found through the overflowing subtree');
  m.applyOps([{ op: 'set', id: 'b', fields: { frame: [100, 100, 5, 5] } }]);
  boxes.update(['b']);
  assert.equal(boxes.deepestAt(102, 102), 'b', 'bounds grew with the move');
  assert.equal(boxes.deepestAt(52, 52), null);
  assert.equal(boxes.deepestAt(2, 22), 'c');
});

// A feed: a 100x100 screen holding a list at y 20 (100x60) that clips its content, as a scroll
// view does; its cells are 100x40 at list y -30 (scrolled partly above), 10 and 50 (partly
// below), and 90 (entirely below). Nothing outside the list's box may be drawn or picked.
function clippedFeed(clips = true) {
  return new TreeModel({ roots: [{ id: 'screen', frame: [0, 0, 100, 100], children: [
    { id: 'list', frame: [0, 20, 100, 60], props: clips ? { clipsToBounds: true } : {}, children: [
      { id: 'above', frame: [0, -30, 100, 40], children: [{ id: 'label', frame: [5, 5, 50, 20] }] },
      { id: 'inside', frame: [0, 10, 100, 40] },
      { id: 'below', frame: [0, 50, 100, 40] },
      { id: 'gone', frame: [0, 90, 100, 40] },
    ] },
  ] }] });
}

test('screen boxes: a clipping ancestor limits what is visible of each box', () => {
  const boxes = new ScreenBoxes(clippedFeed());
  const at = (id) => boxes.indexOf.get(id);
  assert.equal(boxes.isClipped(at('list')), false, 'the list itself is not clipped by its parent');
  assert.deepEqual(boxes.visibleRect(at('list')), [0, 20, 100, 60]);
  // above: root box [0, -10, 100, 40] -> visible from the list's top (20) to its bottom (30).
  assert.deepEqual(boxes.visibleRect(at('above')), [0, 20, 100, 10]);
  // label inside above: root box [5, -5, 50, 20] ends at 15, above the list's top: hidden.
  assert.equal(boxes.visibleRect(at('label')), null, 'the clip reaches grandchildren');
  assert.deepEqual(boxes.visibleRect(at('inside')), [0, 30, 100, 40]);
  // below: root box [0, 70, 100, 40] -> cut at the list's bottom (80).
  assert.deepEqual(boxes.visibleRect(at('below')), [0, 70, 100, 10]);
  assert.equal(boxes.visibleRect(at('gone')), null);
  assert.deepEqual(boxes.clipRect(at('inside')), [0, 20, 100, 60]);
});

test('screen boxes: picking ignores what a clipping ancestor hides', () => {
  const boxes = new ScreenBoxes(clippedFeed());
  assert.equal(boxes.deepestAt(10, 5), 'screen', 'above the list, the hidden cell is not picked');
  assert.equal(boxes.deepestAt(10, 25), 'above', 'its visible part is');
  assert.equal(boxes.deepestAt(10, 90), 'screen', 'below the list, the hidden cells are not picked');
  const unclipped = new ScreenBoxes(clippedFeed(false));
  assert.equal(unclipped.deepestAt(10, 5), 'label', 'without clipsToBounds overflow stays visible');
  assert.deepEqual(unclipped.visibleRect(unclipped.indexOf.get('gone')), [0, 110, 100, 40]);
});

test('screen boxes: clip regions follow scrolling and a change of clipsToBounds', () => {
  const m = clippedFeed();
  const boxes = new ScreenBoxes(m);
  // Scrolling by 30 moves every cell down 30 in the list: above is now fully inside.
  m.applyOps([{ op: 'set', id: 'above', fields: { frame: [0, 0, 100, 40] } }]);
  boxes.update(['above']);
  assert.deepEqual(boxes.visibleRect(boxes.indexOf.get('label')), [5, 25, 50, 20]);
  // The list stops clipping: the hidden cell reappears whole.
  m.applyOps([{ op: 'set', id: 'list', fields: { props: {} } }]);
  boxes.update(['list']);
  assert.deepEqual(boxes.visibleRect(boxes.indexOf.get('gone')), [0, 110, 100, 40]);
});

// docs/protocol.md: numbers are "inf" for infinity and null for NaN. A stack whose first child is
// infinitely wide places the next one at x = inf; a node measured without a width bound may be
// infinitely wide itself. Root r [0, 0, 100, 100] holds a ["inf", 0, 10, 10] with b [1, 1, 5, 5]
// inside, c [10, 10, "inf", 20] with d [2, 3, 4, 4] inside, and e [20, null, 10, 10]. By hand:
// a at (inf, 0), b at (inf + 1, 0 + 1) = (inf, 1), c at (10, 10) with width inf, d at (12, 13),
// e at (20, NaN). A second root r2 [0, 0, 50, 50] sits after r (100) and the 24-pt gap: x 124.
function infinite() {
  return new TreeModel({ roots: [
    { id: 'r', frame: [0, 0, 100, 100], children: [
      { id: 'a', frame: ['inf', 0, 10, 10], children: [{ id: 'b', frame: [1, 1, 5, 5] }] },
      { id: 'c', frame: [10, 10, 'inf', 20], children: [{ id: 'd', frame: [2, 3, 4, 4] }] },
      { id: 'e', frame: [20, null, 10, 10] },
    ] },
    { id: 'r2', frame: [0, 0, 50, 50] },
  ] });
}

test('screen boxes: "inf" and null coordinates are infinity and NaN, not text', () => {
  const boxes = new ScreenBoxes(infinite());
  assert.deepEqual(boxes.rect('a'), [Infinity, 0, 10, 10]);
  assert.deepEqual(boxes.rect('b'), [Infinity, 1, 5, 5]);
  assert.deepEqual(boxes.rect('c'), [10, 10, Infinity, 20]);
  assert.deepEqual(boxes.rect('d'), [12, 13, 4, 4]);
  assert.deepEqual(boxes.rect('e'), [20, NaN, 10, 10]);
  assert.equal(boxes.deepestAt(13, 14), 'd');
  assert.equal(boxes.deepestAt(500, 15), 'c', 'an infinitely wide box holds every point to its right');
  assert.deepEqual(boxes.rect('r2'), [124, 0, 50, 50]);
});

test('root frames: "inf" and null coordinates are infinity and NaN, not text', () => {
  const m = infinite();
  assert.deepEqual(m.rootFrame('b'), [Infinity, 1, 5, 5]);
  assert.deepEqual(m.rootFrame('d'), [12, 13, 4, 4]);
  assert.deepEqual(m.rootFrame('e'), [20, NaN, 10, 10]);
});

test('screen boxes: a root that grows pushes the roots after it along', () => {
  // w1 grows from 100 to 200 wide (a rotation, a resized window): w2 then starts after it and
  // the 24-pt gap, at x 224, where a click or a tap probe must find it.
  const m = model();
  const boxes = new ScreenBoxes(m);
  m.applyOps([{ op: 'set', id: 'w1', fields: { frame: [0, 0, 200, 200] } }]);
  boxes.update(['w1']);
  assert.deepEqual(boxes.rect('w2'), [224, 0, 50, 50]);
  assert.equal(boxes.deepestAt(230, 10), 'w2');
  assert.deepEqual(boxes.toRootPoint(230, 10), { root: 'w2', x: 6, y: 10 });
  assert.equal(boxes.width, 274);
});

// A root's frame is its window's frame on its screen: w2 [30, 40, 50, 50] sits 30 right of and 40
// below its screen's origin. w1's screen is 0...100; w2's starts after it and the 24-pt gap (124),
// so w2 is at 124 + 30 = 154, 40, and its screen ends at its right edge, 204; w3's starts at 204 +
// 24 = 228.
function offsetRoots() {
  return new TreeModel({ roots: [
    { id: 'w1', kind: 'node', frame: [0, 0, 100, 200] },
    { id: 'w2', kind: 'node', frame: [30, 40, 50, 50], children: [{ id: 'b', kind: 'node', frame: [5, 5, 10, 10] }] },
    { id: 'w3', kind: 'node', frame: [0, 0, 10, 10] },
  ] });
}

test('screen boxes: a root sits at its frame\'s origin on its own screen', () => {
  const boxes = new ScreenBoxes(offsetRoots());
  assert.deepEqual(boxes.rect('w2'), [154, 40, 50, 50]);
  assert.deepEqual(boxes.rect('b'), [159, 45, 10, 10]);
  assert.deepEqual(boxes.rect('w3'), [228, 0, 10, 10], 'after w2\'s right edge (204) and the gap');
  assert.equal(boxes.deepestAt(202, 45), 'w2');
  assert.equal(boxes.deepestAt(229, 5), 'w3');
  assert.deepEqual(boxes.toRootPoint(160, 50), { root: 'w2', x: 6, y: 10 }, 'measured from w2\'s top-left corner');
  assert.deepEqual(boxes.toRootPoint(230, 4), { root: 'w3', x: 2, y: 4 });
  assert.equal(boxes.width, 238);
  assert.equal(boxes.top, 0);
  assert.equal(boxes.height, 200);
});

test('screen boxes: a root left of or above its screen\'s origin does not overlap the screen before it', () => {
  // w2 at [-20, -10, 50, 50]: its screen starts at 124 where w2's left edge is, so its origin is
  // at 144 and w2 at 124, -10; the screens reach up to -10 and down to 200 (w1): 210 tall.
  const m = offsetRoots();
  m.applyOps([{ op: 'set', id: 'w2', fields: { frame: [-20, -10, 50, 50] } }]);
  const boxes = new ScreenBoxes(m);
  assert.deepEqual(boxes.rect('w2'), [124, -10, 50, 50]);
  assert.deepEqual(boxes.rect('w3'), [198, 0, 10, 10], 'after w2\'s right edge (144 - 20 + 50 = 174) and the gap');
  assert.deepEqual(boxes.toRootPoint(125, -9), { root: 'w2', x: 1, y: 1 });
  assert.equal(boxes.top, -10);
  assert.equal(boxes.height, 210);
});

test('screen boxes: a root that moves on its screen pushes the screens after it along', () => {
  const m = offsetRoots();
  const boxes = new ScreenBoxes(m);
  m.applyOps([{ op: 'set', id: 'w2', fields: { frame: [60, 40, 50, 50] } }]);
  boxes.update(['w2']);
  assert.deepEqual(boxes.rect('w2'), [184, 40, 50, 50]);
  assert.deepEqual(boxes.rect('b'), [189, 45, 10, 10]);
  assert.deepEqual(boxes.rect('w3'), [258, 0, 10, 10]);
  assert.deepEqual(boxes.toRootPoint(190, 50), { root: 'w2', x: 6, y: 10 });
});

test('screen boxes: a root whose frame stays (only its props change) is not laid out again', () => {
  // 0.1 + 0.2 is not 0.3 in floating point: the root's origin is compared as the document has
  // it, not worked back from the box, so a fractional origin does not rebuild 100 000 boxes.
  const m = new TreeModel({ roots: [{ id: 'w1', frame: [0, 0, 100.1, 10] }, { id: 'w2', frame: [0.2, 0.1, 10, 10] }] });
  const boxes = new ScreenBoxes(m);
  const before = boxes.x;
  m.applyOps([{ op: 'set', id: 'w2', fields: { props: { alpha: 0.5 } } }]);
  boxes.update(['w2']);
  assert.equal(boxes.x, before, 'no rebuild (it makes new arrays)');
  assert.deepEqual(boxes.rect('w2'), [124.1 + 0.2, 0.1, 10, 10]);
});

test('a hit-test slop, a tappable area or a frame nested 50 000 deep draws nothing and is never read as a number', () => {
  // A file may hold any JSON there; arithmetic on a list nested this deep reads it through its
  // text, made recursively, and overflows the stack.
  let deep = 1;
  for (let level = 0; level < 50000; level++) deep = [deep];
  assert.equal(slopRect({ props: { hitTestSlop: [deep, 1, 1, 1] } }, [0, 0, 10, 10]), null);
  assert.equal(slopRect({ props: { hitTestSlop: deep } }, [0, 0, 10, 10]), null);
  assert.deepEqual(tappablePieces({ rect: [deep, 0, 10, 10], restricted: ['top'] }, [0, 0]), []);
  assert.deepEqual(tappablePieces({ rect: [0, 0, 10, 10], restricted: { top: deep }, clipped: deep }, [0, 0]),
    [{ rect: [0, 0, 10, 10], color: C.fill }]);
  // A frame is a list of 4 numbers (snapshot.schema.json): one holding another value is refused
  // where the document enters the page; NaN (null) and infinities are read as numbers.
  assert.throws(() => new TreeModel({ roots: [{ id: 'n1', frame: [deep, 5, 10, 10] }] }),
    { message: 'frame of element n1: expected an array of 4 numbers, got (a value nested 50001 levels deep: too deep to show)' });
  const model = new TreeModel({ roots: [{ id: 'n1', frame: [null, 5, 'inf', '-inf'], children: [{ id: 'n2', frame: [1, 2, 3, 4] }] }] });
  assert.deepEqual(model.rootFrame('n1'), [NaN, 5, Infinity, -Infinity]);
  assert.deepEqual(model.rootFrame('n2'), [NaN, 7, 3, 4]);
});

test('intersectRects: the overlap of two rects, or null', async () => {
  const { intersectRects } = await import('../js/overlay-geometry.js');
  assert.deepEqual(intersectRects([0, 0, 100, 50], [80, 10, 40, 100]), [80, 10, 20, 40]);
  assert.equal(intersectRects([0, 0, 10, 10], [10, 0, 5, 5]), null, 'touching edges do not overlap');
  assert.equal(intersectRects(null, [0, 0, 1, 1]), null);
});
