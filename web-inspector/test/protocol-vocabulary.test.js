// The page's error codes are the ones docs/protocol-vocabulary.json names, under the same names.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ErrorCode } from '../js/protocol-client.js';

const vocabulary = JSON.parse(readFileSync(new URL('../../docs/protocol-vocabulary.json', import.meta.url), 'utf8'));

test('ErrorCode is the vocabulary table', () => {
  assert.deepEqual({ ...ErrorCode }, Object.fromEntries(vocabulary.errors.map((e) => [e.name, e.code])));
});
