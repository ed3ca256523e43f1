// One inspector tab's binding to a device, by identity (appId + instance + host), across
// device restarts (Gateway.deviceUpdated: fetch the document again) and gateway restarts
// (reconnect with capped exponential back-off, hello, find the identity again, attach).
// It also keeps the gateway's device list current for the device picker.

import { GatewayConnection, ProtocolError, ErrorCode } from './protocol-client.js';
import { LiveDocument, describeRetry } from './live-document.js';
import { displayText } from './json-values.js';

// A device may send any JSON in its identity and info (and so in a document's meta): the page
// prints and keys them with displayText, as it prints a document's values, since a template
// writes a list recursively and one nested thousands deep overflows the stack.

/** Identity key: what survives a restart (docs/protocol.md "Devices: registration and identity"). */
export function identityKey(identity) {
  if (!identity) return '';
  return [identity.appId, identity.instance, identity.host].map(displayText).join('\u0000');
}

/** The key of a process: its identity and pid, which a live document's meta holds (null for none). */
export function processKey(meta) {
  return meta ? `${identityKey(meta)}\u0000${displayText(meta.pid)}` : null;
}

/** An app as the page names it: its appName (info), else its appId (identity), else `fallback`. */
export function appName(info, identity, fallback = 'the app') {
  return displayText(info?.appName || identity?.appId || fallback);
}

/**
 * What the page says of the live document it still shows while the session is not attached to
 * the app, or null while what it shows is current (state `attached`) or nothing is shown. The
 * page keeps that document, the last good one, so the user keeps their place, but says which
 * revision it is and why it is not the app's, and sends nothing that names its elements (edits,
 * tuning, the tap probe) until a fetch succeeds: the app's elements may have moved, gone or
 * changed since. Why: a fetch failed or was refused (`device-error`, with when the page tries
 * again), the app disconnected or its listing is gone (`device-disconnected`, `waiting`, with
 * since when), the page is fetching the document of the app come back (`loading`), or lost the
 * gateway (the other states).
 * @param {string} state the session's state; @param {object} detail its detail
 * @param {object|null} model the live document on show (its revision and meta)
 * @param {number} now ms on the session's clock (the retry's and `since`'s)
 */
export function describeStaleDocument(state, detail, model, now = Date.now()) {
  if (state === 'attached' || !model) return null;
  const app = appName(model.meta, model.meta);
  return `Not current: this is revision ${displayText(model.revision)} of ${app} (pid ${displayText(model.meta?.pid)}), `
    + `the last document the page could read. ${whyNotCurrent(state, detail, app, now)} `
    + 'Style, spec and tuning edits and the tap probe are off until a fetch succeeds.';
}

/**
 * What the page says, with no live document on show, while fetching the bound app's document
 * fails (state `device-error`: its first fetch failed, so there is no document to keep and call
 * not current), or null in any other state. The page shows it in place of describeStaleDocument's
 * notice, with the same button, so the user sees why there is no tree and when the next try is.
 * @param {string} state the session's state; @param {object} detail its detail
 * @param {number} now ms on the session's clock (the retry's)
 */
export function describeMissingDocument(state, detail, now = Date.now()) {
  if (state !== 'device-error') return null;
  return `No document yet: fetching ${appName(detail?.device?.info, detail?.device?.identity)}'s document ${failedFetch(detail, now)}`;
}

/** How a fetch failed (`device-error`'s detail), and when the page tries again. */
function failedFetch(detail, now) {
  return [`failed: ${displayText(detail?.message)}.`, describeRetry(detail?.retry, now)].filter(Boolean).join(' ');
}

function whyNotCurrent(state, detail, app, now) {
  switch (state) {
    case 'device-error': return `Fetching the app's document again ${failedFetch(detail, now)}`;
    case 'device-disconnected':
    case 'waiting':
      return `${app} disconnected at ${clockTime(detail?.since ?? now)}; the page fetches its document again when it reconnects.`;
    case 'loading': return 'The page is fetching the app\'s document again.';
    default: return 'The page lost its connection to the gateway.';
  }
}

/** A time of day as HH:MM:SS, local: when a notice's event happened, on the page's own clock. */
export function clockTime(ms) {
  const date = new Date(ms);
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** Capped exponential back-off with jitter: 250 ms, 500 ms, 1 s ... up to 5 s. */
export function backoffDelay(attempt, random = Math.random) {
  const base = Math.min(5000, 250 * 2 ** attempt);
  return Math.round(base * (0.75 + 0.5 * random()));
}

export class DeviceBinding {
  /**
   * @param {object} options
   * @param {string} options.url /inspector URL (with the token)
   * @param {Function} options.WebSocket constructor
   * @param {object} [options.timers] setTimeout/clearTimeout
   * @param {Function} [options.clock] now in ms (when a device went away, a refused fetch's back-off)
   * @param {Function} [options.backoff] attempt -> delay in ms
   * @param {object} [options.listeners] onState(state, detail), onDevices(devices),
   *   onDocument(model), onUpdate(model, changes, update), onHeld(update) (received while paused,
   *   not applied: LiveDocument), onEvent(method, params),
   *   onUnknownOps(unknownOps) (LiveDocument.unknownOps of the bound device's document)
   */
  constructor({ url, WebSocket, timers = globalThis, clock = Date.now, backoff = backoffDelay, timeoutMs, listeners = {} }) {
    this.url = url;
    this.WebSocket = WebSocket;
    this.timers = timers;
    this.clock = clock;
    this.backoff = backoff;
    this.timeoutMs = timeoutMs;
    this.listeners = listeners;
    this.devices = new Map();
    this.identity = null;
    this.deviceId = null;
    this.connection = null;
    this.document = null;
    this.state = 'idle';
    this.detail = undefined;
    this.attempt = 0;
    this.retryTimer = null;
    this.stopped = false;
    this.paused = false;
  }

  /** Connects (and keeps reconnecting until stop()). */
  start() {
    this.stopped = false;
    this.#connect();
  }

  stop() {
    this.stopped = true;
    if (this.retryTimer) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.connection?.close();
    this.#setState('stopped');
  }

  /** Binds to a device's identity (from the device list); null unbinds. */
  async bind(identity) {
    if (this.deviceId && this.connection && !this.connection.closed) {
      const previous = this.deviceId;
      this.deviceId = null;
      this.connection.request('Gateway.detach', { device: previous }).catch(() => {});
    }
    this.identity = identity;
    this.#replaceDocument(null);
    if (identity) await this.#attachIfPresent();
    else this.#setState('connected');
  }

  /** Freezes (or unfreezes) the live document: updates are held, not applied (LiveDocument.pause). */
  setPaused(paused) {
    this.paused = paused;
    if (!this.document) return;
    if (paused) this.document.pause(); else this.document.resume();
  }

  /** Fetches the bound device's document again (the user asks for it). */
  resync() {
    this.document?.resync();
  }

  /** Sends a device method to the bound device. */
  call(method, params = {}) {
    if (!this.connection || this.connection.closed) {
      return Promise.reject(new ProtocolError(ErrorCode.deviceGone, 'not connected to the gateway'));
    }
    if (!this.deviceId) return Promise.reject(new ProtocolError(ErrorCode.unknownDevice, 'no device selected'));
    return this.connection.request(method, params, this.deviceId);
  }

  #setState(state, detail) {
    this.state = state;
    this.detail = detail;
    this.listeners.onState?.(state, detail);
  }

  #emitDevices() { this.listeners.onDevices?.([...this.devices.values()]); }

  async #connect() {
    if (this.stopped) return;
    this.#setState(this.attempt === 0 ? 'connecting' : 'reconnecting', { attempt: this.attempt });
    const connection = new GatewayConnection({ url: this.url, WebSocket: this.WebSocket, timers: this.timers, timeoutMs: this.timeoutMs });
    this.connection = connection;
    connection.onEvent((method, params, device) => this.#event(method, params, device));
    connection.onClose((code, reason) => this.#lost(connection, code, reason));
    let hello;
    try {
      hello = await connection.open();
    } catch (error) {
      if (error.code === ErrorCode.unsupportedProtocolVersion) {
        this.stopped = true;
        this.#setState('failed', { message: error.message });
      }
      connection.close();
      return;
    }
    this.attempt = 0;
    this.devices = new Map((hello.devices || []).map((d) => [d.deviceId, d]));
    this.#emitDevices();
    this.#setState('connected', { gatewayVersion: hello.gatewayVersion });
    if (this.identity) await this.#attachIfPresent();
  }

  #lost(connection, code, reason) {
    if (connection !== this.connection) return;
    this.deviceId = null;
    this.#replaceDocument(null); // nothing can be fetched through a lost connection: the next one fetches anew
    if (this.stopped) return;
    this.#setState('disconnected', { code, reason });
    const delay = this.backoff(this.attempt++);
    this.retryTimer = this.timers.setTimeout(() => { this.retryTimer = null; this.#connect(); }, delay);
  }

  #findDevice() {
    const key = identityKey(this.identity);
    let found = null;
    for (const device of this.devices.values()) {
      if (identityKey(device.identity) !== key) continue;
      if (!found || device.state === 'connected') found = device;
    }
    return found;
  }

  async #attachIfPresent() {
    const device = this.#findDevice();
    if (!device) {
      this.deviceId = null;
      this.#gone('waiting', { identity: this.identity });
      return;
    }
    const connection = this.connection;
    this.deviceId = device.deviceId;
    // Bound elsewhere (or to nothing) while the attach was on its way: that binding decides.
    const superseded = () => connection !== this.connection || this.deviceId !== device.deviceId;
    try {
      await connection.request('Gateway.attach', { device: device.deviceId });
    } catch (error) {
      if (!superseded()) this.#gone('waiting', { identity: this.identity, message: error.message });
      return;
    }
    if (superseded()) return;
    if (device.state !== 'connected') {
      this.#gone('device-disconnected', { device });
      return;
    }
    await this.#loadDocument(device);
  }

  /** The bound document becomes `live` (or none): the one before fetches nothing more. */
  #replaceDocument(live) {
    this.document?.close();
    this.document = live;
  }

  /**
   * The bound device is not there to fetch from (`device-disconnected`, or `waiting` for its
   * identity): its document, which the page keeps on show as not current, is left, and the
   * detail says since when (since the first of these states in a row: a removal after the grace
   * period is the same absence).
   */
  #gone(state, detail) {
    this.#replaceDocument(null);
    this.#setState(state, { ...detail, since: this.detail?.since ?? this.clock() });
  }

  async #loadDocument(device) {
    const deviceId = device.deviceId;
    const live = new LiveDocument(() => this.connection.request('Tree.getDocument', {}, deviceId), {
      onDocument: (model) => {
        if (this.document !== live) return;
        if (this.state !== 'attached') this.#setState('attached', { device }); // the first fetch, or one that made up for a failed one
        this.listeners.onDocument?.(model);
      },
      onUpdate: (model, changes, update) => { if (this.document === live) this.listeners.onUpdate?.(model, changes, update); },
      onHeld: (update) => { if (this.document === live) this.listeners.onHeld?.(update); },
      onUnknownOps: (unknownOps) => { if (this.document === live) this.listeners.onUnknownOps?.(unknownOps); },
      // A fetch that failed, the first or a later one: a document on show is no longer the
      // device's, so the page must not go on calling it live; none on show, the page says why.
      onError: (error) => { if (this.document === live) this.#setState('device-error', { device, message: error.message, retry: live.refused }); },
      // The next fetch was scheduled or started: the page says when.
      onRetry: () => { if (this.document === live && this.state === 'device-error') this.#setState('device-error', this.detail); },
    }, { timers: this.timers, clock: this.clock });
    this.#replaceDocument(live);
    if (this.paused) live.pause();
    this.#setState('loading', { device });
    await live.load().catch(() => {}); // onDocument and onError say how it went
  }

  /** The bound identity's Device changed: a new id, a reconnect (new document), or a disconnect. */
  #boundDeviceChanged(previous, device) {
    if (device.deviceId !== this.deviceId || !this.document) {
      this.#attachIfPresent();
    } else if (device.state !== 'connected') {
      this.#gone('device-disconnected', { device });
    } else if (previous?.state !== 'connected' || previous?.connectedAt !== device.connectedAt || previous?.info?.pid !== device.info?.pid) {
      // Back, or a new connection replaced the old one (docs/protocol.md: re-request the document).
      this.#loadDocument(device);
    }
  }

  #event(method, params, device) {
    switch (method) {
      case 'Gateway.deviceAdded':
      case 'Gateway.deviceUpdated': {
        const previous = this.devices.get(params.deviceId);
        this.devices.set(params.deviceId, params);
        this.#emitDevices();
        if (this.identity && identityKey(params.identity) === identityKey(this.identity)) this.#boundDeviceChanged(previous, params);
        return;
      }
      case 'Gateway.deviceRemoved':
        this.devices.delete(params.deviceId);
        this.#emitDevices();
        if (params.deviceId === this.deviceId) {
          this.deviceId = null;
          this.#gone('waiting', { identity: this.identity });
        }
        return;
      case 'Gateway.resyncRequired':
        if (params.device === this.deviceId && this.document) this.document.requestResync();
        return;
      case 'Tree.updated':
        if (device === this.deviceId && this.document) this.document.receive(params);
        return;
      default:
        if (device === undefined || device === this.deviceId) this.listeners.onEvent?.(method, params);
    }
  }
}
