// A scripted stand-in for the gateway's /inspector socket, for unit tests of the page's
// protocol logic only (the browser tests use the real gateway). Each test installs handlers
// that answer requests; `emit` pushes events. Delivery is synchronous-after-microtask.

export class ScriptedGateway {
  constructor() {
    this.sockets = [];
    this.requests = [];
    this.handlers = new Map();
    this.refuse = false;
    const gateway = this;
    this.WebSocket = class {
      constructor(url, protocol) {
        this.url = url;
        this.protocol = protocol;
        this.readyState = 0;
        gateway.sockets.push(this);
        queueMicrotask(() => {
          if (gateway.refuse) { this.readyState = 3; this.onclose?.({ code: 1006, reason: '' }); return; }
          this.readyState = 1;
          this.onopen?.();
        });
      }
      send(text) {
        const message = JSON.parse(text);
        gateway.requests.push(message);
        const handler = gateway.handlers.get(message.method);
        if (!handler) return; // unanswered: lets tests exercise time-outs
        queueMicrotask(() => {
          let reply;
          try { reply = { id: message.id, result: handler(message.params, message) }; }
          catch (error) { reply = { id: message.id, error: { code: error.code ?? -32603, message: error.message } }; }
          if (reply.result === undefined && !reply.error) return;
          this.onmessage?.({ data: JSON.stringify(reply) });
        });
      }
      close(code = 1000, reason = '') {
        if (this.readyState === 3) return;
        this.readyState = 3;
        queueMicrotask(() => this.onclose?.({ code, reason }));
      }
    };
  }

  on(method, handler) { this.handlers.set(method, handler); return this; }
  get socket() { return this.sockets[this.sockets.length - 1]; }
  emit(method, params, device) {
    const event = device === undefined ? { method, params } : { device, method, params }; // the gateway writes device first
    this.socket.onmessage?.({ data: JSON.stringify(event) });
  }
  sent(method) { return this.requests.filter((r) => r.method === method); }
  /** Delivers `text` as it is (a device's broken reply, forwarded by the gateway unread). */
  raw(text) { this.socket.onmessage?.({ data: text }); }
}

/** Timers run by hand: `advance(ms)` fires every timer due by then. */
export class ManualTimers {
  constructor() { this.now = 0; this.timers = new Map(); this.nextId = 1; }
  setTimeout(fn, ms) { const id = this.nextId++; this.timers.set(id, { at: this.now + ms, fn }); return id; }
  clearTimeout(id) { this.timers.delete(id); }
  advance(ms) {
    this.now += ms;
    for (const [id, t] of [...this.timers].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at <= this.now) { this.timers.delete(id); t.fn(); }
    }
  }
}

/** Lets queued microtasks and promise chains settle. */
export async function settle(rounds = 20) {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setImmediate(r));
}
