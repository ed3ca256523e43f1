import { test } from 'node:test';
import assert from 'node:assert/strict';
import { playgroundDrawing } from '../js/playground-drawing.js';

// What weft-example's Layout.evaluate answers for an inset with an infinite right inset in an
// unbounded range ({"max": ["inf", "inf"]}): the inset's size, child + inset = inf, is invalid, so
// Texture's ASLayout makes it 0 x 0, while the 40 x 20 box inside keeps its size.
const UNBOUNDED_INSET = {
  size: [0, 0],
  root: { id: null, type: 'inset', frame: [0, 0, 0, 0], children: [{ id: 'a', type: 'box', frame: [0, 0, 40, 20], children: [] }] },
};

test('a root laid out as 0 x 0 around sized boxes: the region holds the boxes', () => {
  const { boxes, region } = playgroundDrawing(UNBOUNDED_INSET);
  assert.deepEqual(boxes, [
    { x: 0, y: 0, w: 0, h: 0, type: 'inset', id: null },
    { x: 0, y: 0, w: 40, h: 20, type: 'box', id: 'a' },
  ]);
  assert.deepEqual(region, [0, 0, 40, 20]);
});

test('boxes in root coordinates, parents first, with the reported size in the region', () => {
  const { boxes, region } = playgroundDrawing({
    size: [100, 50],
    root: { id: 'row', type: 'stack', frame: [0, 0, 100, 50], children: [
      { id: 'inner', type: 'inset', frame: [10, 10, 30, 30], children: [{ id: 'b', type: 'box', frame: [2, 3, 4, 5] }] },
      { id: 'c', type: 'box', frame: [90, 40, 30, 5] }, // overflows the root to the right
    ] },
  });
  assert.deepEqual(boxes.map((b) => [b.id, b.x, b.y, b.w, b.h]),
    [['row', 0, 0, 100, 50], ['inner', 10, 10, 30, 30], ['b', 12, 13, 4, 5], ['c', 90, 40, 30, 5]]);
  assert.deepEqual(region, [0, 0, 120, 50]);
});

test('"inf" and null (NaN) numbers: what is not finite is left out, never drawn as NaN', () => {
  const { boxes, region } = playgroundDrawing({
    size: ['inf', 20],
    root: { id: 'wide', type: 'stack', frame: [0, 0, 'inf', 20], children: [
      { id: 'a', type: 'box', frame: [5, 0, 40, 20] }, // inside an infinitely wide root: drawn
      { id: 'lost', type: 'inset', frame: [null, 0, 10, 10], children: [{ id: 'under', type: 'box', frame: [0, 0, 5, 5] }] },
    ] },
  });
  assert.deepEqual(boxes.map((b) => b.id), ['a']);
  assert.deepEqual(region, [5, 0, 40, 20]);
  assert.deepEqual(playgroundDrawing({ size: [0, 0] }), { boxes: [], region: [0, 0, 0, 0] });
});

test('a result whose numbers are lists nested 50 000 deep is drawn without them', () => {
  // A device's reply may hold any JSON; adding a list nested this deep overflowed the stack.
  let deep = 1;
  for (let level = 0; level < 50000; level++) deep = [deep];
  const result = { size: [deep, 10], root: { type: 'stack', frame: [0, 0, 20, 10], children: [
    { type: 'box', id: 'a', frame: [deep, 0, 5, 5] }, { type: 'box', id: 'b', frame: [5, 0, 5, deep] }, { type: 'box', id: 'c', frame: [10, 0, 5, 5] }] } };
  const { boxes, region } = playgroundDrawing(result);
  assert.deepEqual(boxes.map((box) => box.id ?? box.type), ['stack', 'c']);
  assert.deepEqual(region, [0, 0, 20, 10]);
});
