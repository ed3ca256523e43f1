// The inspector side of docs/protocol.md over one WebSocket to the gateway's /inspector path:
// Gateway.hello, requests with ids and time-outs, and events. Transport-agnostic: it takes a
// WebSocket constructor, so the page passes the browser's and tests pass their own.

export const PROTOCOL_VERSION = 1;

/** JSON-RPC style codes of docs/protocol.md ("Errors"), named as docs/protocol-vocabulary.json says. */
export const ErrorCode = Object.freeze({
  parseError: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602,
  internalError: -32603, unknownDevice: -32000, deviceGone: -32001, timedOut: -32002,
  unsupportedProtocolVersion: -32004, unknownElement: -32010, invalidEditValue: -32011,
});

/** The device id the gateway wrote at the start of a forwarded event, or undefined. */
function gatewayDevice(text) {
  return /^\{"device":"([^"\\]*)",/.exec(text)?.[1];
}

export class ProtocolError extends Error {
  constructor(code, message, data) {
    super(message);
    this.name = 'ProtocolError';
    this.code = code;
    this.data = data;
  }
}

/** `/inspector` URL for a gateway base URL (ws, wss, http or https; docs/protocol.md "Transport"). */
export function inspectorURL(base, token) {
  const url = new URL(base);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  url.pathname = '/inspector';
  url.search = token ? `?token=${encodeURIComponent(token)}` : '';
  url.hash = '';
  return url.toString();
}

export class GatewayConnection {
  /**
   * @param {object} options
   * @param {string} options.url the full /inspector WebSocket URL
   * @param {Function} options.WebSocket a WebSocket constructor
   * @param {number} [options.timeoutMs] time-out of every request
   * @param {string} [options.client] the `client` of Gateway.hello
   */
  constructor({ url, WebSocket, timeoutMs = 15000, client = 'web', timers = globalThis }) {
    this.url = url;
    this.WebSocket = WebSocket;
    this.timeoutMs = timeoutMs;
    this.client = client;
    this.timers = timers;
    this.nextId = 1;
    this.pending = new Map();
    this.eventHandlers = new Set();
    this.closeHandlers = new Set();
    this.socket = null;
    this.closed = false;
  }

  /** Called with (method, params, device) for every event. Returns an unsubscribe function. */
  onEvent(handler) { this.eventHandlers.add(handler); return () => this.eventHandlers.delete(handler); }
  /** Called once with (code, reason) when the socket closes for any reason. */
  onClose(handler) { this.closeHandlers.add(handler); return () => this.closeHandlers.delete(handler); }

  /** Opens the socket and performs Gateway.hello; resolves with its result. */
  open() {
    return new Promise((resolve, reject) => {
      let socket;
      try {
        socket = new this.WebSocket(this.url, 'weft.v1');
      } catch (error) {
        reject(new ProtocolError(ErrorCode.deviceGone, `cannot open ${this.url}: ${error.message}`));
        return;
      }
      this.socket = socket;
      let opened = false;
      socket.onopen = () => {
        opened = true;
        this.request('Gateway.hello', { protocolVersion: PROTOCOL_VERSION, client: this.client })
          .then(resolve, reject);
      };
      socket.onmessage = (message) => this.#receive(message.data);
      socket.onerror = () => {};
      socket.onclose = (event) => {
        if (!opened) reject(new ProtocolError(ErrorCode.deviceGone, 'the gateway closed the connection'));
        this.#closed(event.code, event.reason);
      };
    });
  }

  /** Sends a request; resolves with its result or rejects with a ProtocolError. */
  request(method, params = {}, device) {
    if (this.closed || !this.socket) {
      return Promise.reject(new ProtocolError(ErrorCode.deviceGone, 'not connected to the gateway'));
    }
    const id = this.nextId++;
    const envelope = device === undefined ? { id, method, params } : { id, method, device, params };
    return new Promise((resolve, reject) => {
      const timer = this.timers.setTimeout(() => {
        this.pending.delete(id);
        reject(new ProtocolError(ErrorCode.timedOut, `${method} timed out after ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer, method });
      try {
        this.socket.send(JSON.stringify(envelope));
      } catch (error) {
        this.timers.clearTimeout(timer);
        this.pending.delete(id);
        reject(new ProtocolError(ErrorCode.deviceGone, `cannot send ${method}: ${error.message}`));
      }
    });
  }

  close() {
    if (this.socket && !this.closed) this.socket.close(1000, 'bye');
    this.#closed(1000, 'closed by the page');
  }

  #receive(text) {
    let message;
    try { message = JSON.parse(text); } catch (error) { this.#unreadable(text, error); return; }
    if (message === null || typeof message !== 'object') return;
    if (message.id !== undefined && message.method === undefined) {
      const entry = this.#take(message.id);
      if (!entry) return; // a late reply after its time-out
      if (message.error) {
        const { code, message: text2, data } = message.error;
        entry.reject(new ProtocolError(code, text2 || `${entry.method} failed`, data));
      } else {
        entry.resolve(message.result === undefined ? {} : message.result);
      }
      return;
    }
    if (typeof message.method === 'string') {
      // The gateway names a device's event by writing "device" first (protocol.md): a "device"
      // anywhere else came from the device, which must not speak for another, so the event is dropped.
      if (message.device !== undefined && gatewayDevice(text) !== message.device) return;
      for (const handler of this.eventHandlers) handler(message.method, message.params || {}, message.device);
    }
  }

  /** The pending request `id`, no longer pending; undefined when there is none. */
  #take(id) {
    const entry = this.pending.get(id);
    if (!entry) return undefined;
    this.pending.delete(id);
    this.timers.clearTimeout(entry.timer);
    return entry;
  }

  /**
   * A message that is not JSON. The gateway forwards a device's reply without reading its body
   * (a snapshot can be megabytes), so a device that wrote a broken one reaches the page as it
   * is. Its head still names the request it answers (the envelope's keys come first,
   * docs/protocol.md): that request fails now with the parse error instead of waiting out its
   * time-out. Anything else unreadable is dropped.
   */
  #unreadable(text, error) {
    const id = /^\s*\{\s*"id"\s*:\s*(\d+)\s*,/.exec(text.slice(0, 256))?.[1];
    const entry = id === undefined ? undefined : this.#take(Number(id));
    entry?.reject(new ProtocolError(ErrorCode.parseError, `the reply to ${entry.method} is not valid JSON: ${error.message}`));
  }

  #closed(code, reason) {
    if (this.closed) return;
    this.closed = true;
    for (const [, entry] of this.pending) {
      this.timers.clearTimeout(entry.timer);
      entry.reject(new ProtocolError(ErrorCode.deviceGone, `connection closed while ${entry.method} was pending`));
    }
    this.pending.clear();
    for (const handler of this.closeHandlers) handler(code, reason);
  }
}
