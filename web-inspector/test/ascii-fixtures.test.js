// The ASCII fixtures shared with the Swift tests (fixtures/ascii, see its README): the same
// hand-derived expectations run against both builders, so they never drift.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asciiBox } from '../js/ascii-art.js';

const dir = new URL('../../fixtures/ascii/', import.meta.url).pathname;
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

function draw(box) {
  return asciiBox(box.name, (box.children || []).map(draw), box.direction || 'horizontal');
}

test('the shared ASCII fixtures exist', () => assert.ok(files.length >= 2, `no fixtures in ${dir}`));

for (const file of files) {
  const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  test(`fixtures/ascii/${file}: ${fixture.description}`, () => {
    assert.equal(draw(fixture.input), fixture.expected.join('\n'));
  });
}
