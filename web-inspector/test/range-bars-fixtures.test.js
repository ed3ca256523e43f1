// The range-bar cases shared with Swift's RangeBar and `weft render --overlay ranges`
// (fixtures/range-bars/cases.json, see its README).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { rangeBarGeometry } from '../js/range-bars.js';
import { TEXTURE_TUNING } from '../js/implied-values.js';

const { cases } = JSON.parse(readFileSync(new URL('../../fixtures/range-bars/cases.json', import.meta.url), 'utf8'));
const close = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} != ${b}`);

for (const { name, description, input, expected } of cases) {
  test(`fixtures/range-bars ${name}: ${description}`, () => {
    const tuning = { ...TEXTURE_TUNING, ...(input.tuning ? { [input.mode]: input.tuning } : {}) };
    const geometry = rangeBarGeometry({ orientation: input.orientation, scrollDirection: input.scrollDirection, mode: input.mode, tuning }, input.barWidth);
    assert.deepEqual(geometry.strips.map((s) => s.range), expected.strips.map((s) => s.range));
    geometry.strips.forEach((strip, i) => {
      close(strip.x, expected.strips[i].x, `${strip.range} x`);
      close(strip.width, expected.strips[i].width, `${strip.range} width`);
    });
    assert.deepEqual(geometry.arrows, expected.arrows);
  });
}
