import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UpdateRate } from '../js/update-rate.js';

test('counts the updates of the last two seconds, per second', () => {
  const rate = new UpdateRate();
  for (let t = 0; t < 2000; t += 50) rate.note(t); // 20 per second for two seconds
  assert.equal(rate.perSecond(1999), 20);
});

test('a stream that slowed down shows its new rate once the window has passed', () => {
  const rate = new UpdateRate();
  for (let t = 0; t < 1900; t += 1000 / 30) rate.note(t);
  for (let t = 2000; t < 4000; t += 200) rate.note(t); // 5 per second
  assert.equal(rate.perSecond(3999), 5);
});

test('a stream that stopped falls to zero', () => {
  const rate = new UpdateRate();
  for (let t = 0; t < 1000; t += 100) rate.note(t);
  assert.equal(rate.perSecond(1000), 5);
  assert.equal(rate.perSecond(3000), 0);
});
