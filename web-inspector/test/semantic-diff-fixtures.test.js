// The semantic-diff cases shared with Swift's SemanticDiff (fixtures/semantic-diff, see its
// README): every run's changes and text lines must come out exactly, so the page's diff view
// and `weft diff` never disagree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { semanticDiff, describeChange } from '../js/semantic-diff.js';

const dir = new URL('../../fixtures/semantic-diff/', import.meta.url).pathname;
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

test('the shared semantic-diff fixtures exist', () => assert.ok(files.length > 0, `no fixtures in ${dir}`));

/** A change without the fields fixtures leave out (ids, and the page's own element reference). */
function comparable(change) {
  const { idBefore, idAfter, element, ...rest } = change;
  return rest;
}

for (const file of files) {
  const fixture = JSON.parse(readFileSync(dir + file, 'utf8'));
  fixture.runs.forEach((run, index) => {
    test(`fixtures/semantic-diff/${file} run ${index} ${JSON.stringify(run.options)}: ${fixture.description}`, () => {
      const changes = semanticDiff(fixture.a, fixture.b, run.options);
      assert.deepEqual(changes.map(comparable), run.changes);
      assert.deepEqual(changes.map(describeChange), run.text);
    });
  });
}
