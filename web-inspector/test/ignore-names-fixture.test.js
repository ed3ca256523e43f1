// fixtures/semantic-diff/names/ignore-names.json, which Swift's SemanticDiffFieldNamesFixtureTests
// read too: the page's ignore vocabulary (IGNORE_NAMES in semantic-diff.js) must be the one of
// `weft diff --ignore`: the same lists and default, the same names accepted and refused, the
// same suggestions and the same error message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  DEFAULT_IGNORE, IGNORE_NAMES, isKnownIgnoreName, ignoreNameSuggestion, ignoreNameGroups, ignoreNamesListing,
  validateIgnoreNames, UnknownIgnoreNameError,
} from '../js/semantic-diff.js';

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/semantic-diff/names/ignore-names.json', import.meta.url), 'utf8'));

test('the lists, the default and the listing are the fixture\'s', () => {
  assert.deepEqual({ ...IGNORE_NAMES }, fixture.groups);
  assert.deepEqual([...DEFAULT_IGNORE], fixture.defaultIgnore);
  assert.deepEqual(ignoreNamesListing(), fixture.listing);
});

test('the groups the Diff panel lays out as chips are the fixture\'s lists, in the listing\'s order', () => {
  // The listing's lines name kinds, fields, style keys, then spec and node properties (one line,
  // two runs), range-controller fields and meta fields: the fixture's groups in its own order.
  const runs = ignoreNameGroups().flatMap(({ runs: list }) => list.map(({ names }) => names));
  assert.deepEqual(runs, Object.values(fixture.groups));
  assert.deepEqual(ignoreNameGroups().map(({ label }) => label), fixture.listing.map((line) => line.slice(0, line.indexOf(': '))));
});

test('known and unknown names', () => {
  for (const name of fixture.known) assert.equal(isKnownIgnoreName(name), true, name);
  for (const name of fixture.unknown) assert.equal(isKnownIgnoreName(name), false, JSON.stringify(name));
});

test('suggestions for misspelt names', () => {
  for (const { name, suggestion } of fixture.suggestions) assert.equal(ignoreNameSuggestion(name), suggestion, name);
});

test('error messages', () => {
  const listing = fixture.listing.map((line) => `  ${line}`).join('\n');
  for (const { ignore, firstLine } of fixture.errors) {
    if (firstLine === null) { assert.doesNotThrow(() => validateIgnoreNames(ignore)); continue; }
    assert.throws(() => validateIgnoreNames(ignore), (error) => {
      assert.ok(error instanceof UnknownIgnoreNameError);
      assert.equal(error.message, `${firstLine}\n${listing}`);
      return true;
    });
  }
});
