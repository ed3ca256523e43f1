import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProgramClock } from '../js/ui/program-clock.js';

function clockOf(key) {
  const told = [];
  const live = { appKey: () => key.current };
  return { clock: new ProgramClock({ emit: (name, value) => told.push([name, value]) }, live), told };
}

test('the run state the program reports is kept per process, and told', () => {
  const key = { current: 'app\u0000one\u0000host\u00001' };
  const { clock, told } = clockOf(key);
  assert.equal(clock.paused, false);
  clock.take({ change: 'paused', paused: true, frame: 12, time: 0.2 });
  assert.equal(clock.paused, true);
  assert.equal(clock.frame, 12);
  assert.deepEqual(told, [['program-clock', true]]);
  key.current = 'app\u0000one\u0000host\u00002'; // the program restarted: its own clock
  assert.equal(clock.paused, false);
  assert.equal(clock.frame, null);
  key.current = null; // no live process: never paused
  clock.take({ paused: true, frame: 1 });
  assert.equal(clock.paused, false);
  key.current = 'app\u0000one\u0000host\u00001';
  clock.take({ change: 'resumed', paused: false, frame: 'x' });
  assert.equal(clock.paused, false);
  assert.equal(clock.frame, null, 'a frame that is not an integer is not shown');
});

test('a run state without a paused flag is refused, the state kept', () => {
  const key = { current: 'k' };
  const { clock } = clockOf(key);
  clock.take({ paused: true, frame: 3 });
  for (const bad of [null, {}, { paused: 'yes' }, { paused: 1 }]) assert.throws(() => clock.take(bad), /does not read/);
  assert.equal(clock.paused, true);
  assert.equal(clock.frame, 3);
});

test("the application state comes with the run state; one left out is not known", () => {
  const key = { current: 'k' };
  const { clock } = clockOf(key);
  assert.equal(clock.applicationState, null);
  clock.take({ change: 'applicationState', paused: false, applicationState: 'background', frame: 4 });
  assert.equal(clock.applicationState, 'background');
  clock.take({ change: 'resumed', paused: false, frame: 5 }); // an older program's event
  assert.equal(clock.applicationState, null);
  key.current = null;
  assert.equal(clock.applicationState, null);
});
