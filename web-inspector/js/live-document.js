// Keeps a TreeModel in step with a device's revisions (protocol.md "Updates"): after
// Tree.getDocument at revision R, drop Tree.updated with revision <= R, apply those whose
// baseRevision is R, and fetch the document again on a gap. Updates that arrive while a
// document is being fetched are held and replayed against it, so none is lost to the race.
// An op of a kind the page does not know (a newer program's) makes it fetch the document once;
// later ops of that kind are left out and counted (`unknownOps`), for the page to say so: a
// program that keeps sending them would otherwise have its whole document fetched on every
// update.

import { TreeModel, UpdateError } from './tree-model.js';

export class LiveDocument {
  /**
   * @param {() => Promise<object>} fetchDocument resolves with a Snapshot (Tree.getDocument)
   * @param {object} [listeners] onDocument(model), onUpdate(model, changes), onError(error),
   *   onUnknownOps(unknownOps) (a kind met, or more of its ops left out)
   */
  constructor(fetchDocument, listeners = {}) {
    this.fetchDocument = fetchDocument;
    this.listeners = listeners;
    this.model = null;
    this.loading = null;
    this.held = [];
    this.resyncs = 0;
    this.paused = false;
    /** op kind this page does not know -> how many of its ops were left out since the last fetch */
    this.unknownOps = new Map();
  }

  /** Freezes the document: updates are held (not applied) until resume(). */
  pause() { this.paused = true; }

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
    else this.resync();
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
          this.#startCountingLeftOut();
          if (this.paused) break; // held updates wait for resume()
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
    this.loading.catch((error) => this.listeners.onError?.(error));
    return this.loading;
  }

  /** Forgets held updates and asks for the document again (Gateway.resyncRequired). */
  resync() {
    this.resyncs++;
    return this.load();
  }

  /**
   * Handles the params of a Tree.updated event.
   * Returns 'held' (a document is on its way, or paused), 'dropped' (also while there is no
   * document and none on its way: its fetch failed), 'applied' or 'resync'.
   */
  receive(update) {
    if (!this.loading && !this.model) return 'dropped';
    if (this.loading || this.paused) {
      this.held.push(update);
      return 'held';
    }
    const status = this.#applyOne(update);
    if (status === 'resync') this.resync();
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
    if (!quiet) this.listeners.onUpdate?.(model, changes);
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
 * What the page says of the unknown op kinds a live document met (LiveDocument.unknownOps), or
 * null when it met none.
 */
export function describeUnknownOps(unknownOps) {
  if (!unknownOps || !unknownOps.size) return null;
  const kinds = [...unknownOps].map(([kind, leftOut]) => `"${kind}" (${leftOut} left out since the document was fetched)`);
  return `The app sends update ops this page does not know: ${kinds.join(', ')}. The page fetched the whole document `
    + `once when it met each kind and leaves those ops out since, so what they change may not show.`;
}
