import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DeviceBinding, identityKey, processKey, appName, backoffDelay, describeStaleDocument, describeMissingDocument, clockTime } from '../js/device-binding.js';
import { ScriptedGateway, ManualTimers, settle } from './support/scripted-gateway.js';

const identity = { appId: 'org.weft.Example', instance: 'test-1', host: 'h' };
const device = (deviceId, state = 'connected', pid = 100) => ({ deviceId, identity, info: { pid }, state, inspectors: 0 });
const snapshot = (revision) => ({ revision, roots: [{ id: 'n1', kind: 'node', frame: [0, 0, 10, 10] }] });

function gatewayWith(devices, revision = 1) {
  const gw = new ScriptedGateway()
    .on('Gateway.hello', () => ({ gatewayVersion: 'x', protocolVersion: 1, devices }))
    .on('Gateway.attach', () => ({}))
    .on('Gateway.detach', () => ({}))
    .on('Tree.getDocument', () => snapshot(gw.revision));
  gw.revision = revision;
  return gw;
}

function session(gw, timers = new ManualTimers()) {
  const seen = { states: [], documents: [], devices: [] };
  const s = new DeviceBinding({ url: 'ws://x/inspector', WebSocket: gw.WebSocket, timers, clock: () => timers.now, backoff: (n) => 100 * (n + 1),
    listeners: {
      onState: (state) => seen.states.push(state),
      onDocument: (m) => seen.documents.push(m.revision),
      onDevices: (list) => seen.devices.push(list.map((d) => d.deviceId)),
    } });
  return { s, seen, timers };
}

test('identity keys and back-off', () => {
  assert.equal(identityKey(identity), identityKey({ ...identity }));
  assert.notEqual(identityKey(identity), identityKey({ ...identity, instance: 'other' }));
  assert.equal(backoffDelay(0, () => 0.5), 250);
  assert.equal(backoffDelay(10, () => 0.5), 5000, 'capped');
});

test('an identity, a pid and an app name nested 50 000 deep are keyed and named with the notice', () => {
  // A device may send any JSON in its identity and info, and a document in its meta: the
  // connection pill, the device list, the restart notice and the per-process key wrote them with
  // templates, which overflowed the stack.
  const deep = JSON.parse('['.repeat(50000) + '"x"' + ']'.repeat(50000));
  const notice = '(a value nested 50000 levels deep: too deep to show)';
  assert.equal(identityKey({ appId: deep, instance: 'i', host: deep }), `${notice}\u0000i\u0000${notice}`);
  const meta = { appId: 'org.weft.Example', instance: 'test-1', host: 'h', pid: deep, appName: deep };
  assert.equal(processKey(meta), `${identityKey(meta)}\u0000${notice}`);
  assert.equal(processKey({ ...meta, pid: 42 }), 'org.weft.Example\u0000test-1\u0000h\u000042');
  assert.equal(processKey(null), null);
  assert.equal(appName(meta, meta), notice);
  assert.equal(appName({ appName: 'Example' }, identity), 'Example');
  assert.equal(appName({}, { appId: deep }), notice);
  assert.equal(appName(undefined, undefined), 'the app');
  assert.equal(appName(null, null, 'the device'), 'the device');
  assert.equal(appName({ appName: ['A', 1] }, identity), '["A",1]');
});

test('binds to an identity: attach, then the document', async () => {
  const gw = gatewayWith([device('d1')], 4);
  const { s, seen } = session(gw);
  s.start();
  await settle();
  assert.deepEqual(seen.devices.at(-1), ['d1']);
  await s.bind(identity);
  await settle();
  assert.deepEqual(gw.sent('Gateway.attach').map((r) => r.params), [{ device: 'd1' }]);
  assert.deepEqual(seen.documents, [4]);
  assert.equal(s.state, 'attached');
  // Tree.updated from the device applies; from another device it is ignored.
  gw.emit('Tree.updated', { baseRevision: 4, revision: 5, ops: [] }, 'd1');
  gw.emit('Tree.updated', { baseRevision: 9, revision: 10, ops: [] }, 'd2');
  assert.equal(s.document.revision, 5);
});

test('Gateway.resyncRequired fetches the document again', async () => {
  const gw = gatewayWith([device('d1')], 1);
  const { s, seen } = session(gw);
  s.start(); await settle();
  await s.bind(identity); await settle();
  gw.revision = 7;
  gw.emit('Gateway.resyncRequired', { device: 'd1', reason: 'queue full' });
  await settle();
  assert.deepEqual(seen.documents, [1, 7]);
});

test('a refused resync keeps the last good document, said to be stale with its revision, the reason and the next try, until a fetch succeeds', async () => {
  // The device answers a resync with a document the page refuses (a size that is a string). The
  // page keeps revision 3 on show (no onDocument), calls it not current with that revision, the
  // refusal and when it tries again; the app's next update (a gap) fetches again after the
  // back-off's second, and that successful fetch (revision 9) makes it live again.
  const gw = gatewayWith([device('d1')], 3);
  const { s, seen, timers } = session(gw);
  const details = [];
  s.listeners.onState = (state, detail) => { seen.states.push(state); details.push(detail); };
  s.start(); await settle();
  await s.bind(identity); await settle();
  const shown = s.document.model;
  gw.on('Tree.getDocument', () => ({ revision: 8, meta: { appName: 'Example', pid: 100 },
    roots: [{ id: 'n1', frame: [0, 0, 10, 10], calculatedSize: ['10', 10] }] }));
  gw.emit('Tree.updated', { baseRevision: 7, revision: 8, ops: [] }, 'd1'); // a gap: fetch again
  await settle();
  assert.equal(s.state, 'device-error');
  const message = 'calculatedSize of element n1: expected an array of 2 numbers, got ["10",10]';
  assert.equal(details.at(-1).message, message);
  assert.deepEqual(seen.documents, [3], 'the refused document is not shown');
  assert.equal(s.document.model, shown, 'the last good document is kept');
  shown.meta = { appName: 'Example', pid: 100 };
  const stale = (next) => 'Not current: this is revision 3 of Example (pid 100), the last document the page could read. Fetching the app\'s '
    + `document again failed: ${message}. ${next} Style, spec and tuning edits and the tap probe are off until a fetch succeeds.`;
  assert.equal(describeStaleDocument(s.state, details.at(-1), shown, timers.now),
    stale('Next automatic try when the app changes, in 1 s at the earliest.'));

  gw.on('Tree.getDocument', () => snapshot(9));
  gw.emit('Tree.updated', { baseRevision: 8, revision: 9, ops: [] }, 'd1');
  gw.emit('Gateway.resyncRequired', { device: 'd1', reason: 'queue full' }); // backed off too
  await settle();
  assert.equal(gw.sent('Tree.getDocument').length, 2, 'the back-off holds the next fetch');
  assert.equal(describeStaleDocument(s.state, details.at(-1), shown, timers.now + 200), stale('Next automatic try in 1 s.'));
  timers.advance(1000); await settle();
  assert.equal(gw.sent('Tree.getDocument').length, 3);
  assert.equal(s.state, 'attached');
  assert.deepEqual(seen.documents, [3, 9]);
  assert.equal(describeStaleDocument(s.state, details.at(-1), s.document.model), null);
  assert.equal(describeStaleDocument('device-error', { message }, null), null, 'nothing on show: nothing to call stale');
});

test('a device that disconnects leaves its document on show, not current since then, until it is back and fetched', async () => {
  // Disconnected, then removed after the grace period (still the same absence, since the
  // disconnect), then back.
  const gw = gatewayWith([device('d1')], 4);
  const { s, timers } = session(gw);
  s.start(); await settle();
  await s.bind(identity); await settle();
  const shown = s.document.model;
  shown.meta = { appName: 'Example', pid: 100 };
  const since = new Date(2026, 10, 30, 8, 5, 3).getTime();
  timers.now = since;
  gw.emit('Gateway.deviceUpdated', device('d1', 'disconnected'));
  assert.equal(s.state, 'device-disconnected');
  assert.equal(s.document, null, 'nothing is fetched for it any more');
  const text = 'Not current: this is revision 4 of Example (pid 100), the last document the page could read. Example disconnected at '
    + '08:05:03; the page fetches its document again when it reconnects. Style, spec and tuning edits and the tap probe are off until a fetch succeeds.';
  assert.equal(describeStaleDocument(s.state, s.detail, shown, since + 5000), text);
  timers.now += 60000;
  gw.emit('Gateway.deviceRemoved', { deviceId: 'd1' });
  assert.equal(s.state, 'waiting');
  assert.equal(describeStaleDocument(s.state, s.detail, shown, timers.now), text, 'removed: the same absence, since the disconnect');
  gw.revision = 1;
  gw.emit('Gateway.deviceAdded', device('d1', 'connected', 200));
  await settle();
  assert.equal(s.state, 'attached');
  assert.equal(s.document.revision, 1);
  assert.equal(describeStaleDocument(s.state, s.detail, s.document.model), null);
  assert.equal(clockTime(new Date(2026, 0, 2, 23, 59, 9).getTime()), '23:59:09');
});

test('waits for an absent identity and attaches when it is added', async () => {
  const gw = gatewayWith([]);
  const { s, seen } = session(gw);
  s.start(); await settle();
  await s.bind(identity);
  assert.equal(s.state, 'waiting');
  gw.emit('Gateway.deviceAdded', device('d3'));
  await settle();
  assert.equal(s.deviceId, 'd3');
  assert.deepEqual(seen.documents, [1]);
});

test('a device restart (disconnected, then connected with a new pid) re-requests the document', async () => {
  const gw = gatewayWith([device('d1')], 2);
  const { s, seen } = session(gw);
  s.start(); await settle();
  await s.bind(identity); await settle();
  gw.emit('Gateway.deviceUpdated', device('d1', 'disconnected'));
  assert.equal(s.state, 'device-disconnected');
  gw.revision = 1; // the new process starts over
  gw.emit('Gateway.deviceUpdated', device('d1', 'connected', 200));
  await settle();
  assert.deepEqual(seen.documents, [2, 1]);
  assert.equal(s.state, 'attached');
});

test('a replacing connection (new connectedAt, no disconnect between) re-requests the document', async () => {
  const gw = gatewayWith([{ ...device('d1'), connectedAt: '2026-11-30T08:00:00Z' }], 2);
  const { s, seen } = session(gw);
  s.start(); await settle();
  await s.bind(identity); await settle();
  gw.emit('Gateway.deviceUpdated', { ...device('d1'), connectedAt: '2026-11-30T08:00:00Z', inspectors: 1 });
  await settle();
  assert.deepEqual(seen.documents, [2], 'an inspector count change is not a reconnect');
  gw.revision = 5;
  gw.emit('Gateway.deviceUpdated', { ...device('d1'), connectedAt: '2026-11-30T08:00:09Z' });
  await settle();
  assert.deepEqual(seen.documents, [2, 5]);
});

test('a gateway restart reconnects with back-off and rebinds to the same identity', async () => {
  const gw = gatewayWith([device('d1')], 3);
  const { s, seen, timers } = session(gw);
  s.start(); await settle();
  await s.bind(identity); await settle();
  gw.refuse = true;
  gw.socket.close(1006);
  await settle();
  assert.equal(s.state, 'disconnected');
  timers.advance(100); await settle(); // first retry refused
  assert.equal(gw.sockets.length, 2);
  gw.refuse = false;
  gw.handlers.set('Gateway.hello', () => ({ devices: [device('d9')] })); // a new gateway numbers devices anew
  timers.advance(199); await settle();
  assert.equal(gw.sockets.length, 2, 'second retry waits its back-off');
  timers.advance(1); await settle();
  assert.equal(gw.sockets.length, 3);
  assert.equal(s.deviceId, 'd9');
  assert.deepEqual(gw.sent('Gateway.attach').at(-1).params, { device: 'd9' });
  assert.deepEqual(seen.documents, [3, 3]);
  assert.equal(s.state, 'attached');
  s.stop();
  assert.equal(s.state, 'stopped');
});

test('calls without a device fail clearly', async () => {
  const gw = gatewayWith([]);
  const { s } = session(gw);
  s.start(); await settle();
  await assert.rejects(s.call('Runtime.pause'), /no device selected/);
});

test('a first fetch the app answers with an error is tried again when the app changes, said with the next try, until it succeeds', async () => {
  // Right after an app (re)connects its capture may fail.
  const gw = gatewayWith([device('d1')], 3);
  gw.on('Tree.getDocument', () => { throw Object.assign(new Error('capture failed'), { code: -32603 }); });
  const { s, seen, timers } = session(gw);
  s.start(); await settle();
  await s.bind(identity); await settle();
  assert.equal(s.state, 'device-error');
  assert.equal(s.document.model, null);
  const missing = (next) => `No document yet: fetching org.weft.Example's document failed: capture failed. ${next}`;
  assert.equal(describeMissingDocument(s.state, s.detail, timers.now), missing('Next automatic try when the app changes, in 1 s at the earliest.'));
  timers.advance(5000); await settle();
  assert.equal(gw.sent('Tree.getDocument').length, 1, 'an answer would come the same: none asked for until the app changes');

  gw.on('Tree.getDocument', () => snapshot(gw.revision));
  gw.revision = 9;
  gw.emit('Tree.updated', { baseRevision: 8, revision: 9, ops: [] }, 'd1'); // the wait is over: at once
  await settle();
  assert.equal(gw.sent('Tree.getDocument').length, 2);
  assert.equal(s.state, 'attached');
  assert.deepEqual(seen.documents, [9]);
  assert.equal(describeMissingDocument(s.state, s.detail, timers.now), null);
  gw.emit('Tree.updated', { baseRevision: 9, revision: 10, ops: [] }, 'd1');
  assert.equal(s.document.revision, 10, 'updates apply again');
});

test('a first fetch the app does not answer (paused) times out and is tried again by itself, backed off, one in flight; the button at once', async () => {
  // A paused program sends no updates: after a time-out the page cannot wait for one.
  const gw = gatewayWith([device('d1')], 4);
  gw.handlers.delete('Tree.getDocument'); // the program does not answer
  const { s, seen, timers } = session(gw);
  s.start(); await settle();
  s.bind(identity); await settle(); // resolves once the fetch ends
  const fetches = () => gw.sent('Tree.getDocument').length;
  timers.advance(14999); await settle();
  assert.equal(s.state, 'loading');
  timers.advance(1); await settle();
  assert.equal(s.state, 'device-error');
  const missing = (next) => `No document yet: fetching org.weft.Example's document failed: Tree.getDocument timed out after 15000 ms. ${next}`;
  assert.equal(describeMissingDocument(s.state, s.detail, timers.now), missing('Next automatic try in 1 s.'));
  timers.advance(999); await settle();
  assert.equal(fetches(), 1);
  timers.advance(1); await settle();
  assert.equal(fetches(), 2);
  assert.equal(describeMissingDocument(s.state, s.detail, timers.now), missing('Fetching it again…'));
  gw.emit('Tree.updated', { baseRevision: 4, revision: 5, ops: [] }, 'd1');
  gw.emit('Gateway.resyncRequired', { device: 'd1', reason: 'queue full' });
  timers.advance(14999); await settle();
  assert.equal(fetches(), 2, 'one in flight, whatever comes meanwhile');
  timers.advance(1); await settle();
  assert.equal(describeMissingDocument(s.state, s.detail, timers.now), missing('Next automatic try in 2 s.'));
  timers.advance(1000); await settle();
  assert.equal(fetches(), 2);

  gw.on('Tree.getDocument', () => snapshot(gw.revision)); // the program resumed
  s.resync(); // the notice's button: at once, a second before the scheduled try
  await settle();
  assert.equal(fetches(), 3);
  assert.equal(s.state, 'attached');
  assert.deepEqual(seen.documents, [4]);
  timers.advance(60000); await settle();
  assert.equal(fetches(), 3, 'the scheduled try went with the button\'s');
});

test('a document left after its failed first fetch fetches nothing more', async () => {
  const gw = gatewayWith([device('d1')]);
  gw.handlers.delete('Tree.getDocument');
  const { s, timers } = session(gw);
  s.start(); await settle();
  s.bind(identity); await settle();
  timers.advance(15000); await settle();
  assert.equal(s.state, 'device-error');
  assert.equal(s.detail.retry.due, 16000, 'a try scheduled');
  await s.bind(null); // no device picked
  gw.emit('Tree.updated', { baseRevision: 1, revision: 2, ops: [] }, 'd1');
  timers.advance(120000); await settle();
  assert.equal(gw.sent('Tree.getDocument').length, 1);
  assert.equal(s.state, 'connected');
  assert.equal(describeMissingDocument(s.state, s.detail), null);
});
