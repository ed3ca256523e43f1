import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PerProcess, shownProcessKey } from '../js/ui/per-process.js';

test('a process keeps its record; no process gets a new one each time, kept nowhere', () => {
  const records = new PerProcess(() => ({ errors: [] }));
  records.of('app\u0000one\u0000host\u00001').errors.push('refused');
  assert.deepEqual(records.of('app\u0000one\u0000host\u00001').errors, ['refused']);
  assert.deepEqual(records.of('app\u0000one\u0000host\u00002').errors, [], 'the same app restarted (another pid)');
  records.of(null).errors.push('lost');
  assert.deepEqual(records.of(null).errors, []);
  assert.equal(records.records.size, 2);
});

test('the process shown is the live one only while the views show the live document', () => {
  const live = { appKey: () => 'key' };
  assert.equal(shownProcessKey({ source: { kind: 'live' } }, live), 'key');
  assert.equal(shownProcessKey({ source: { kind: 'file', name: 'f.json' } }, live), null);
  assert.equal(shownProcessKey({ source: null }, live), null);
});

test('the record shown: the process\'s, or with no process one kept until a process is shown', () => {
  const records = new PerProcess(() => []);
  records.shown(null).push('not sent');
  assert.deepEqual(records.shown(null), ['not sent'], 'still no process');
  records.shown('one').push('reply');
  assert.deepEqual(records.shown('two'), []);
  assert.deepEqual(records.shown('one'), ['reply']);
  assert.deepEqual(records.shown(null), [], 'no process again: the page\'s record starts anew');
});
