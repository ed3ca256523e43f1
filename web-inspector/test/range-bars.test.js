import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rangeBarGeometry, itemStateMasks } from '../js/range-bars.js';

// Texture's default tuning (docs/texture-semantics.md section 6).
const tuning = {
  full: { display: [1.0, 0.5], preload: [2.5, 1.5] },
  minimum: { display: [0.25, 0.25], preload: [0.5, 0.25] },
  visibleOnly: { display: [0, 0], preload: [0, 0] },
  lowMemory: { display: [0, 0], preload: [0, 0] },
};
const table = (mode, scrollDirection) => ({ id: 'r1', owner: 'n1', dataSource: 'FeedDataSource', orientation: 'vertical', mode, tuning, scrollDirection });
const byRange = (g) => Object.fromEntries(g.strips.map((s) => [s.range, s]));
const close = (a, b) => assert.ok(Math.abs(a - b) < 1e-9, `${a} != ${b}`);

// The worked example of section 6: width 125, table, full mode, scrolling down.
// display extent 2.5, preload 5 -> preload larger; inner 105: visible 21, display 52.5, preload 105.
// visibleX = (105 - 21) x (1 - 2.5/4) = 31.5; displayX = 31.5 - (52.5 - 21) x (1 - 1/1.5) = 21.
test('worked example: full mode scrolling down', () => {
  const g = rangeBarGeometry(table('full', ['down']), 125);
  const s = byRange(g);
  close(s.visible.x, 41.5); close(s.visible.width, 21);
  close(s.display.x, 31); close(s.display.width, 52.5);
  close(s.preload.x, 10); close(s.preload.width, 105);
  assert.deepEqual(g.strips.map((x) => x.range), ['preload', 'display', 'visible']);
  assert.deepEqual(g.arrows, [{ side: 'right', glyph: '▼', x: 115, y: 12, width: 10, height: 12 }]);
  assert.equal(g.label, 'FeedDataSource');
});

// Scrolling up mirrors the split: visibleX = 84 x 0.625 = 52.5; displayX = 52.5 - 31.5 x 2/3 = 31.5.
test('scrolling up mirrors the leading side and shows only the up arrow', () => {
  const s = byRange(rangeBarGeometry(table('full', ['up']), 125));
  close(s.visible.x, 62.5); close(s.display.x, 41.5); close(s.preload.x, 10);
  assert.deepEqual(rangeBarGeometry(table('full', ['up']), 125).arrows, [{ side: 'left', glyph: '▲', x: 0, y: 12, width: 10, height: 12 }]);
});

// visibleOnly: all extents 1, tie -> display is the larger (ratio 1) and preload's ratio is 1
// too, so preload is sent to the back (Texture's setBarSubviewOrder); all 105 wide.
test('visibleOnly: equal extents, preload at the back', () => {
  const g = rangeBarGeometry(table('visibleOnly', ['down']), 125);
  assert.deepEqual(g.strips.map((x) => [x.range, x.x, x.width]), [['preload', 10, 105], ['display', 10, 105], ['visible', 10, 105]]);
});

// Two directions (down|right): no arrow, vertical glyphs; no direction: everything starts at 10.
test('arrows only for a single exact direction', () => {
  const both = rangeBarGeometry(table('full', ['down', 'right']), 125);
  assert.deepEqual(both.arrows, []);
  const none = rangeBarGeometry(table('minimum', []), 125);
  assert.ok(none.strips.every((s) => s.x === 10));
  assert.deepEqual(none.arrows, []);
  const left = rangeBarGeometry({ ...table('minimum', ['left']), orientation: 'horizontal' }, 125);
  assert.deepEqual(left.arrows.map((a) => a.glyph), ['◀']);
  // A controller whose document omits the mode's tuning falls back to Texture's defaults.
  assert.deepEqual(rangeBarGeometry({ mode: 'full', scrollDirection: ['down'] }, 125).strips.map((s) => s.width), [105, 52.5, 21]);
});

// A horizontal pager scrolling right in minimum mode: display 1.5, preload 1.75 (x 1 screen).
// inner 105: visible 60, display 90, preload 105; visibleX = 45 x (1 - 0.5/0.75) = 15;
// displayX = 15 - 30 x (1 - 0.5) = 0.
test('horizontal controller measures the horizontal axis', () => {
  const c = { ...table('minimum', ['right']), orientation: 'horizontal' };
  const s = byRange(rangeBarGeometry(c, 125));
  close(s.visible.width, 60); close(s.display.width, 90); close(s.preload.width, 105);
  close(s.visible.x, 25); close(s.display.x, 10); close(s.preload.x, 10);
});

test('item states expand from runs', () => {
  const masks = itemStateMasks({ itemCount: 5, itemStates: [[0, 1, 15], [2, 2, 7], [4, 9, 1]] });
  assert.deepEqual([...masks], [15, 15, 7, 0, 1]);
});

test('item states of a huge or nonsensical item count stay bounded', () => {
  // The Ranges panel maps at most its first 20 000 items: a data source of a billion items
  // must not allocate a billion masks (nor walk them) on every range update, and a negative
  // count (a broken program or file) is no items instead of a RangeError that blanks the panel.
  const huge = itemStateMasks({ itemCount: 1e9, itemStates: [[0, 1e9 - 1, 15]] }, 100);
  assert.equal(huge.length, 100);
  assert.ok(huge.every((mask) => mask === 15));
  assert.equal(itemStateMasks({ itemCount: -1 }).length, 0);
  assert.deepEqual([...itemStateMasks({ itemCount: 3, itemStates: [[1, 2, 7]] }, 10)], [0, 7, 7]);
});

test('a controller whose tuning, counts and names nest 50 000 deep is drawn without them', () => {
  // A file may hold any JSON there; adding a list nested this deep, or writing it as text,
  // overflowed the stack (its text is made recursively).
  let deep = 1;
  for (let level = 0; level < 50000; level++) deep = [deep];
  const notice = '(a value nested 50000 levels deep: too deep to show)';
  const geometry = rangeBarGeometry({ id: 'r1', dataSource: deep, mode: deep, scrollDirection: ['down'],
    tuning: { minimum: { display: [deep, 1], preload: [1, 1] } } }, 300);
  assert.equal(geometry.label, notice);
  assert.deepEqual(geometry.strips.map((strip) => [strip.range, Number.isNaN(strip.width)]),
    [['preload', false], ['display', true], ['visible', false]], 'the display range, not a number, has no width (nothing drawn)');
  assert.equal(itemStateMasks({ itemCount: deep, itemStates: [[0, 0, 15]] }).length, 0);
  assert.deepEqual([...itemStateMasks({ itemCount: 3, itemStates: [[0, deep, 15], [1, 1, deep], [2, 2, 4]] })], [0, 0, 4]);
});
