// Keeps a TreeModel in step with a device's revisions (protocol.md "Updates"): after
// Tree.getDocument at revision R, drop Tree.updated with revision <= R, apply those whose
// baseRevision is R, and fetch the document again on a gap. Updates that arrive while a
// document is being fetched are held and replayed against it, so none is lost to the race.

import { TreeModel, UpdateError } from './tree-model.js';

export class LiveDocument {
  /**
   * @param {() => Promise<object>} fetchDocument resolves with a Snapshot (Tree.getDocument)
   * @param {object} [listeners] onDocument(model), onUpdate(model, changes), onError(error)
   */
  constructor(fetchDocument, listeners = {}) {
    this.fetchDocument = fetchDocument;
    this.listeners = listeners;
    this.model = null;
    this.loading = null;
    this.held = [];
    this.resyncs = 0;
    this.paused = false;
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
      changes = model.applyOps(update.ops || []);
    } catch (error) {
      if (error instanceof UpdateError) return 'resync';
      throw error;
    }
    model.revision = update.revision;
    if (!quiet) this.listeners.onUpdate?.(model, changes);
    return 'applied';
  }
}
