// Keeps a TreeModel in step with a device's revisions (docs/protocol.md "Updates"): after
// Tree.getDocument at revision R, drop Tree.updated with revision <= R, apply those whose
// baseRevision is R, and fetch the document again on a gap. Updates that arrive while a
// document is being fetched are held and replayed against it, so none is lost to the race.
// An op of a kind the page does not know (a newer program's) makes it fetch the document once;
// later ops of that kind are left out and counted (`unknownOps`), for the page to say so: a
// program that keeps sending them would otherwise have its whole document fetched on every
// update.
//
// A fetch that fails or brings a document the page refuses leaves the last document on show,
// not current (`refused`), or none when it was the first fetch. Updates are then not applied to
// it, not even one whose baseRevision is its revision: a document refused at that same revision
// proves the page's copy of it is not the app's (the page's copy passed the checks the app's
// failed), and after a failed request the app's revision is unknown; an update based on it
// describes changes to a document the page does not have, and applying it would call the
// document current while it is not. Such an update only says the app changed: it asks for the
// document again, backed off (`refetchDelay`), so a device that keeps sending a document the
// page refuses is not asked for a whole capture on every update.
//
// A fetch the app did not answer (a time-out: the gateway's, the program's own or the page's;
// the app or the connection gone) says nothing of its document, and the app may send no update
// to bring the next one (a paused program sends none; one that is only slow may have nothing to
// send): the next fetch is scheduled right away, for the end of the same back-off's wait. A
// document the app did answer with (refused, or an error in its place) would only come back the
// same until the app changes, so that one waits for an update. First fetch or later, the same.

import { TreeModel, UpdateError } from './tree-model.js';
import { ErrorCode } from './protocol-client.js';

/** The codes of a fetch the app did not answer (docs/protocol.md "Envelope"): tried again without waiting for an update. */
const UNANSWERED = new Set([ErrorCode.timedOut, ErrorCode.deviceGone]);

/** The wait after the `refusals`-th refused fetch in a row before an automatic one: 1 s, 2 s, 4 s ... up to 30 s. */
export function refetchDelay(refusals) {
  return Math.min(30000, 1000 * 2 ** (refusals - 1));
}

export class LiveDocument {
  /**
   * @param {() => Promise<object>} fetchDocument resolves with a Snapshot (Tree.getDocument)
   * @param {object} [listeners] onDocument(model), onUpdate(model, changes, update), onHeld(update)
   *   (an update held, not applied, because the document is paused: a recorder keeps it), onError(error),
   *   onUnknownOps(unknownOps) (a kind met, or more of its ops left out), onRetry(refused) (the
   *   next fetch after a refusal was scheduled or started)
   * @param {object} [options] timers (setTimeout/clearTimeout) and clock (ms) for the back-off
   */
  constructor(fetchDocument, listeners = {}, { timers = globalThis, clock = Date.now } = {}) {
    this.fetchDocument = fetchDocument;
    this.listeners = listeners;
    this.timers = timers;
    this.clock = clock;
    /**
     * While the document on show (if any) is not current (a fetch failed or was refused), or null:
     * {count (refusals in a row), notBefore (no automatic fetch before, ms), due (when the
     * next fetch starts or started, ms; null while waiting for the app to change)}.
     */
    this.refused = null;
    this.retryTimer = null;
    this.closed = false;
    this.model = null;
    this.loading = null;
    this.held = [];
    this.resyncs = 0;
    this.paused = false;
    /** While paused: the revision the held updates reach, following on from the document. */
    this.heldTip = -1;
    /** op kind this page does not know -> how many of its ops were left out since the last fetch */
    this.unknownOps = new Map();
  }

  /** Freezes the document: updates are held (not applied) until resume(). */
  pause() {
    this.paused = true;
    this.heldTip = this.revision;
  }

  /**
   * Applies the held updates and reports the document once (onDocument), or fetches it again
   * when they do not follow on from it.
   */
  resume() {
    this.paused = false;
    if (this.loading || !this.model) return;
    const held = this.held;
    this.held = [];
    if (this.#replay(held)) this.listeners.onDocument?.(this.model);
    else this.requestResync();
  }

  get revision() { return this.model ? this.model.revision : -1; }

  /** Fetches the whole document (also used for resyncs). Resolves with the model. */
  load() {
    if (this.loading) return this.loading;
    this.loading = (async () => {
      try {
        for (;;) {
          const snapshot = await this.fetchDocument();
          this.model = new TreeModel(snapshot);
          this.refused = null;
          this.#startCountingLeftOut();
          if (this.paused) { // held updates wait for resume()
            this.heldTip = this.model.revision;
            break;
          }
          const held = this.held;
          this.held = [];
          if (this.#replay(held)) break;
          this.resyncs++; // a gap right after the document: fetch again
        }
        this.listeners.onDocument?.(this.model);
        return this.model;
      } finally {
        this.loading = null;
      }
    })();
    this.loading.catch((error) => this.#refuse(error));
    return this.loading;
  }

  /** Fetches the document again at once (the user asks for it, or the back-off's wait is over). */
  resync() {
    this.resyncs++;
    this.#cancelRetry();
    if (this.refused) {
      this.refused.due = this.clock();
      this.listeners.onRetry?.(this.refused);
    }
    return this.load();
  }

  /**
   * Fetches the document again because the app changed in a way the page could not follow (a
   * revision gap, an update that does not fit, Gateway.resyncRequired): at once while the
   * document is current; after a refusal, one fetch at a time and not before the back-off's
   * wait (an update that comes sooner sets a timer for its end; later ones find it set).
   */
  requestResync() {
    const refused = this.refused;
    if (!refused) return this.resync();
    if (this.closed || this.loading || this.retryTimer) return this.loading;
    const wait = refused.notBefore - this.clock();
    if (wait <= 0) return this.resync();
    refused.due = refused.notBefore;
    this.retryTimer = this.timers.setTimeout(() => { this.retryTimer = null; this.resync(); }, wait);
    this.listeners.onRetry?.(refused);
    return null;
  }

  /** The session left this document (its device went away, or another took its place): no fetch is scheduled for it any more. */
  close() {
    this.closed = true;
    this.#cancelRetry();
  }

  #cancelRetry() {
    if (this.retryTimer) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /**
   * A fetch failed (or its document was refused). The document on show, if any, stays, not
   * current, and the next automatic fetch waits; updates held for the fetch are of no use (the
   * next one brings a whole document) but say the app changed meanwhile. A fetch the app did not
   * answer is tried again without them (see the top of this file).
   */
  #refuse(error) {
    const changed = this.held.length > 0;
    this.held = [];
    const count = (this.refused?.count ?? 0) + 1;
    this.refused = { count, notBefore: this.clock() + refetchDelay(count), due: null };
    this.listeners.onError?.(error);
    if (changed || UNANSWERED.has(error?.code)) this.requestResync();
  }

  /**
   * Handles the params of a Tree.updated event.
   * Returns 'held' (a document is on its way, or paused), 'dropped' (also before the first
   * fetch), 'ignored' (the last fetch failed: the update only asks for the document again, see
   * the top of this file), 'applied' or 'resync'.
   */
  receive(update) {
    if (!this.loading && this.refused) {
      this.requestResync();
      return 'ignored';
    }
    if (!this.loading && !this.model) return 'dropped';
    if (this.loading || this.paused) {
      this.held.push(update);
      // Held for a fetch, it is in the document the fetch brings; held for a pause, it is said now,
      // and a gap fetches the document (the view stays frozen) so that what follows can be kept.
      if (this.paused && !this.loading && typeof update.revision === 'number' && update.revision > this.heldTip) {
        this.listeners.onHeld?.(update);
        if (update.baseRevision === this.heldTip) this.heldTip = update.revision; else this.requestResync();
      }
      return 'held';
    }
    const status = this.#applyOne(update);
    if (status === 'resync') this.requestResync();
    return status;
  }

  #replay(updates) {
    for (const update of updates) {
      if (this.#applyOne(update, true) === 'resync') return false;
    }
    return true;
  }

  #applyOne(update, quiet = false) {
    const model = this.model;
    if (typeof update.revision !== 'number' || update.revision <= model.revision) return 'dropped';
    if (update.baseRevision !== model.revision) return 'resync';
    let changes;
    try {
      changes = model.applyOps(this.#withoutUnknownOps(update.ops || []));
    } catch (error) {
      if (!(error instanceof UpdateError)) throw error;
      if (error.unknownOp !== undefined) {
        // Met for the first time (known ones were left out above): fetched once, then left out.
        this.unknownOps.set(error.unknownOp, 0);
        this.listeners.onUnknownOps?.(this.unknownOps);
      }
      return 'resync';
    }
    model.revision = update.revision;
    if (!quiet) this.listeners.onUpdate?.(model, changes, update);
    return 'applied';
  }

  /** `ops` without those of the unknown kinds met before, which are counted. */
  #withoutUnknownOps(ops) {
    if (!this.unknownOps.size || !Array.isArray(ops)) return ops;
    const kept = [];
    for (const op of ops) {
      const kind = op && op.op;
      if (this.unknownOps.has(kind)) this.unknownOps.set(kind, this.unknownOps.get(kind) + 1); else kept.push(op);
    }
    if (kept.length < ops.length) this.listeners.onUnknownOps?.(this.unknownOps);
    return kept;
  }

  /** A fetched document holds what every op before it did: nothing is left out of it yet. */
  #startCountingLeftOut() {
    if (![...this.unknownOps.values()].some((n) => n > 0)) return;
    for (const kind of this.unknownOps.keys()) this.unknownOps.set(kind, 0);
    this.listeners.onUnknownOps?.(this.unknownOps);
  }
}

/**
 * When the page fetches a document that is not current, or that it does not have
 * (LiveDocument.refused), again by itself, in a sentence, or '' while it is current.
 * @param {number} now ms, on the LiveDocument's clock
 */
export function describeRetry(refused, now) {
  if (!refused) return '';
  if (refused.due !== null) return refused.due > now ? `Next automatic try in ${Math.ceil((refused.due - now) / 1000)} s.` : 'Fetching it again…';
  const wait = Math.ceil((refused.notBefore - now) / 1000);
  return `Next automatic try when the app changes${wait > 0 ? `, in ${wait} s at the earliest` : ''}.`;
}

/**
 * What the page says of the unknown op kinds a live document met (LiveDocument.unknownOps), or
 * null when it met none.
 */
export function describeUnknownOps(unknownOps) {
  if (!unknownOps || !unknownOps.size) return null;
  const kinds = [...unknownOps].map(([kind, leftOut]) => `"${kind}" (${leftOut} left out since the document was fetched)`);
  return `The app sends update ops this page does not know: ${kinds.join(', ')}. The page fetched the whole document `
    + `once when it met each kind and leaves those ops out since, so what they change may not show.`;
}
