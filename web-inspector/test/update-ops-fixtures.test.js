// The update-op cases shared with Swift's UpdateOps (fixtures/update-ops, see its README):
// applying each case's ops to `a` gives `b`'s roots and range controllers exactly, and every
// op that does not fit the document is rejected at its position, leaving the document unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { TreeModel, UpdateError } from '../js/tree-model.js';
import { fillSnapshotImpliedValues } from '../js/implied-values.js';

const dir = new URL('../../fixtures/update-ops/', import.meta.url).pathname;
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
const load = (file) => JSON.parse(readFileSync(dir + file, 'utf8'));

test('the shared update-op fixtures exist', () => assert.ok(files.length > 2, `no fixtures in ${dir}`));

for (const file of files.filter((f) => f !== 'rejected.json')) {
  const fixture = load(file);
  test(`fixtures/update-ops/${file}: ${fixture.description}`, () => {
    const model = new TreeModel(fixture.a);
    model.applyOps(fixture.ops);
    const result = model.toSnapshot();
    // b as the page reads it: with the values its documents leave out filled in.
    fillSnapshotImpliedValues(fixture.b);
    assert.deepEqual(result.roots, fixture.b.roots);
    assert.deepEqual(result.rangeControllers, fixture.b.rangeControllers || []);
    // The index follows the tree: every element of b is found, with its parent.
    const stack = fixture.b.roots.map((root) => [root, null]);
    while (stack.length) {
      const [el, parent] = stack.pop();
      assert.equal(model.get(el.id).id, el.id);
      assert.equal(model.parentOf(el.id)?.id ?? null, parent);
      for (const child of el.children || []) stack.push([child, el.id]);
    }
  });
}

const rejected = load('rejected.json');
rejected.cases.forEach((entry, n) => {
  test(`fixtures/update-ops/rejected.json case ${n}: ${entry.reason}`, () => {
    const model = new TreeModel(structuredClone(rejected.document));
    const before = JSON.stringify(model.toSnapshot());
    assert.throws(() => model.applyOps(entry.ops), (error) => error instanceof UpdateError && error.opIndex === entry.opIndex
      && error.message.includes(entry.reason));
    assert.equal(JSON.stringify(model.toSnapshot()), before, 'the document is unchanged');
  });
});
