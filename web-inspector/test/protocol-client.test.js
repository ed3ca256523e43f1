import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayConnection, inspectorURL, ErrorCode, ProtocolError } from '../js/protocol-client.js';
import { ScriptedGateway, ManualTimers, settle } from './support/scripted-gateway.js';

test('inspectorURL maps http to ws, appends the path and the token', () => {
  assert.equal(inspectorURL('http://127.0.0.1:8080', 't k'), 'ws://127.0.0.1:8080/inspector?token=t%20k');
  assert.equal(inspectorURL('https://h:1/x?y#z'), 'wss://h:1/inspector');
  assert.equal(inspectorURL('ws://[::1]:9'), 'ws://[::1]:9/inspector');
});

test('hello is the first message and carries the protocol version', async () => {
  const gw = new ScriptedGateway().on('Gateway.hello', (p) => ({ gatewayVersion: '1', protocolVersion: p.protocolVersion, devices: [] }));
  const c = new GatewayConnection({ url: 'ws://x/inspector', WebSocket: gw.WebSocket });
  const hello = await c.open();
  assert.deepEqual(gw.requests[0], { id: 1, method: 'Gateway.hello', params: { protocolVersion: 1, client: 'web' } });
  assert.equal(gw.socket.protocol, 'weft.v1');
  assert.deepEqual(hello.devices, []);
});

test('requests get unique ids, carry device, and resolve or reject by id', async () => {
  const gw = new ScriptedGateway()
    .on('Gateway.hello', () => ({ devices: [] }))
    .on('Layout.setStyle', (p) => { if (p.value === 'big') throw Object.assign(new Error('bad width'), { code: -32011 }); return { element: { id: p.id } }; });
  const c = new GatewayConnection({ url: 'ws://x', WebSocket: gw.WebSocket });
  await c.open();
  const ok = await c.request('Layout.setStyle', { id: 'n1', property: 'width', value: 10 }, 'd1');
  assert.deepEqual(ok, { element: { id: 'n1' } });
  await assert.rejects(c.request('Layout.setStyle', { id: 'n1', property: 'width', value: 'big' }, 'd1'),
    (e) => e instanceof ProtocolError && e.code === ErrorCode.invalidEditValue && e.message === 'bad width');
  const ids = gw.requests.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length);
  assert.equal(gw.requests[1].device, 'd1');
  assert.deepEqual(Object.keys(gw.requests[1]), ['id', 'method', 'device', 'params'], 'envelope keys first, params last');
});

test('an unanswered request times out with -32002', async () => {
  const timers = new ManualTimers();
  const gw = new ScriptedGateway().on('Gateway.hello', () => ({ devices: [] }));
  const c = new GatewayConnection({ url: 'ws://x', WebSocket: gw.WebSocket, timers, timeoutMs: 1000 });
  await c.open();
  const pending = c.request('Tree.getDocument', {}, 'd1');
  timers.advance(999);
  await settle(2);
  timers.advance(1);
  await assert.rejects(pending, (e) => e.code === ErrorCode.timedOut);
  assert.equal(c.pending.size, 0);
});

test('an event whose "device" the gateway did not write first is dropped (a device speaking for another)', async () => {
  const gw = new ScriptedGateway().on('Gateway.hello', () => ({ devices: [] }));
  const c = new GatewayConnection({ url: 'ws://x', WebSocket: gw.WebSocket });
  await c.open();
  const events = [];
  c.onEvent((method, params, device) => events.push([method, device]));
  gw.raw('{"device":"d1","method":"Tree.updated","params":{},"device":"d2"}'); // JSON.parse reads d2
  gw.raw('{"method":"Tree.updated","params":{},"device":"d2"}');
  gw.raw('{"device" : "d2","method":"Tree.updated","params":{}}'); // not how the gateway writes it
  gw.raw('{"device":"d1","method":"Tree.updated","params":{}}');
  gw.raw('{"method":"Gateway.deviceUpdated","params":{"deviceId":"d1"}}');
  assert.deepEqual(events, [['Tree.updated', 'd1'], ['Gateway.deviceUpdated', undefined]]);
});

test('pending requests fail when the socket closes; events reach handlers', async () => {
  const gw = new ScriptedGateway().on('Gateway.hello', () => ({ devices: [] }));
  const c = new GatewayConnection({ url: 'ws://x', WebSocket: gw.WebSocket });
  await c.open();
  const events = [];
  c.onEvent((method, params, device) => events.push([method, params, device]));
  gw.emit('Tree.updated', { revision: 2 }, 'd1');
  gw.socket.onmessage({ data: 'not json' }); // ignored, no throw
  gw.socket.onmessage({ data: '{"id": 999, "result": {}}' }); // late reply, ignored
  assert.deepEqual(events, [['Tree.updated', { revision: 2 }, 'd1']]);
  let closed = null;
  c.onClose((code) => { closed = code; });
  const pending = c.request('Tree.getDocument', {}, 'd1');
  gw.socket.close(1001);
  await assert.rejects(pending, (e) => e.code === ErrorCode.deviceGone);
  assert.equal(closed, 1001);
  await assert.rejects(c.request('Tree.getDocument', {}), (e) => e.code === ErrorCode.deviceGone);
});

test('open rejects when the gateway refuses the connection', async () => {
  const gw = new ScriptedGateway();
  gw.refuse = true;
  const c = new GatewayConnection({ url: 'ws://x', WebSocket: gw.WebSocket });
  await assert.rejects(c.open(), ProtocolError);
});

test('a reply that is not JSON fails its request at once with -32700; other unreadable messages are dropped', async () => {
  const timers = new ManualTimers();
  const gw = new ScriptedGateway().on('Gateway.hello', () => ({ devices: [] }));
  const c = new GatewayConnection({ url: 'ws://x', WebSocket: gw.WebSocket, timers, timeoutMs: 1000 });
  await c.open();
  const document = c.request('Tree.getDocument', {}, 'd1');
  const other = c.request('Layout.getAsciiArt', { id: 'n1' }, 'd1');
  const [documentId, otherId] = gw.requests.slice(1).map((r) => r.id);
  gw.raw('not json at all');
  gw.raw(`{"id":${documentId},"result":{"roots":[tru`);
  await assert.rejects(document, (e) => e instanceof ProtocolError && e.code === ErrorCode.parseError
    && e.message.startsWith('the reply to Tree.getDocument is not valid JSON'));
  gw.raw(`{"id":${otherId},"result":"+--+"}`);
  assert.equal(await other, '+--+', 'the connection still works');
  assert.equal(timers.timers.size, 0, 'no time-out left behind');
});
