import { test } from 'node:test';
import assert from 'node:assert/strict';
import { measureBetween } from '../js/measure.js';

const lengths = (m) => m.segments.map((s) => s.length);

test('boxes apart: the horizontal and vertical gaps, and the centres\' offset', () => {
  const m = measureBetween([0, 0, 10, 10], [30, 50, 10, 10]);
  assert.deepEqual(lengths(m), [20, 40]);
  assert.deepEqual(m.segments[0], { from: [10, 5], to: [30, 5], length: 20 });
  assert.deepEqual(m.centres, { dx: 30, dy: 50 });
});

test('side by side with overlapping rows: one gap, drawn where they overlap', () => {
  const m = measureBetween([0, 0, 10, 20], [15, 10, 10, 20]);
  assert.deepEqual(m.segments, [{ from: [10, 15], to: [15, 15], length: 5 }]);
});

test('one inside the other: the inner box\'s distance to each outer edge, either way round', () => {
  const outer = [0, 0, 100, 50];
  const inner = [10, 5, 30, 20];
  assert.deepEqual(lengths(measureBetween(outer, inner)), [10, 60, 5, 25]);
  assert.deepEqual(lengths(measureBetween(inner, outer)), [10, 60, 5, 25]);
});
