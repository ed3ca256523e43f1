// The timeline under the screen view (docs/web-inspector.md, "Time travel"): every revision
// the page received (RecordingStore), markers, and scrubbing. Moving to an earlier revision
// shows it in every view, read-only, with a "Not live" bar and one action back to live;
// arrow keys step by revision (Home / End: first / live). Two revisions compare in the Diff
// view. A recording exports to a file and opens later, with or without a gateway.

import { RecordingStore, eventMarker } from '../recording-store.js';
import { displayText } from '../json-values.js';
import { h } from './dom.js';

const MARKER_LABELS = {
  edit: 'edit', rangeMode: 'range mode', memoryWarning: 'memory warning', applicationState: 'application state',
  pause: 'pause', reconnect: 'reconnect',
};

export class Timeline {
  /**
   * @param {object} hooks state (InspectorState), showModel(model, name) (shows a model read-only),
   *   showLive(), liveRevision() (the live model's, null without one), addSnapshot(name, snapshot) (a document the Diff view can pick),
   *   compare(nameA, nameB) (runs the Diff view), onError(message)
   * @param {object} [options] RecordingStore options (budgetBytes, keyframeEvery)
   */
  constructor(container, hooks, options = {}) {
    this.hooks = hooks;
    this.store = new RecordingStore(options);
    this.options = options;
    this.fromFile = null; // the name of the recording file on show, or null for the live one
    this.shown = null; // the revision on show, or null while live
    this.compareWith = null;
    this.slider = h('input', { type: 'range', id: 'timeline-slider', min: '0', max: '0', step: '1', value: '0',
      'aria-label': 'Revision', disabled: true });
    this.markers = h('div.timeline-markers', { id: 'timeline-markers' });
    this.label = h('span.timeline-label', { id: 'timeline-label' }, 'No revisions yet');
    this.liveButton = h('button', { type: 'button', id: 'timeline-live', hidden: true, title: 'Back to the live app (End)' }, 'Back to live');
    this.compareButton = h('button', { type: 'button', id: 'timeline-compare', title: 'Compare this revision with another in the Diff view' }, 'Compare…');
    const open = h('input', { type: 'file', id: 'timeline-open', accept: '.jsonl,application/jsonl,application/x-ndjson', hidden: true });
    open.addEventListener('change', async () => {
      const [file] = open.files;
      open.value = '';
      if (file) this.openText(await file.text(), file.name);
    });
    container.replaceChildren(
      h('div.timeline-track', {}, this.slider, this.markers),
      h('div.timeline-bar', {}, this.label, this.liveButton, this.compareButton,
        h('button', { type: 'button', id: 'timeline-export', title: 'Save every revision kept as a recording file', onclick: () => this.download() }, 'Export recording'),
        h('label.button', { title: 'Open a recording file (weft recording, WEFT_RECORDING, or exported here)' }, 'Open recording…', open)));
    this.container = container;
    this.slider.addEventListener('input', () => this.seek(Number(this.slider.value)));
    this.slider.addEventListener('keydown', (event) => this.#key(event));
    container.addEventListener('keydown', (event) => { if (event.target !== this.slider) this.#key(event); });
    this.liveButton.addEventListener('click', () => this.goLive());
    this.compareButton.addEventListener('click', () => this.#compare());
  }

  // ---- What the live document brings ----

  /** A live document (Tree.getDocument). */
  liveDocument(model) {
    if (this.fromFile) return;
    this.store.addDocument(model.toSnapshot());
    this.#refresh();
  }

  /** A live update the live model applied (its Tree.updated params). */
  liveUpdate(model, update) {
    if (this.fromFile || !update) return;
    if (this.store.addUpdate(update, model)) this.#refresh();
  }

  /** An update received while the view is paused (not applied to the live model): kept all the same. */
  heldUpdate(update) {
    if (this.fromFile || !update) return;
    if (this.store.addHeldUpdate(update)) this.#refresh();
  }

  /** A marker now (this page's reconnect). */
  mark(kind, detail) {
    if (this.fromFile || !this.store.size) return;
    this.store.addMarker(kind, detail);
    this.#refresh();
  }

  /**
   * A program's event: the marker it stands for (an edit, a pause, a memory warning, an
   * application state), where it says, as recordings of the run have it; throws when it does
   * not read.
   */
  programEvent(method, params) {
    const marker = eventMarker(method, params);
    if (!marker || this.fromFile || !this.store.size) return;
    this.store.addMarker(marker.kind, marker.detail, marker);
    this.#refresh();
  }

  // ---- Moving ----

  /** Shows `revision` read-only (the last one while live goes live). */
  seek(revision) {
    const store = this.store;
    if (!store.size) return;
    const target = Math.min(store.lastRevision, Math.max(store.firstRevision, revision));
    // The last revision is the live view, unless the view is paused on an earlier one (the
    // recording went on): then it is shown read-only like any other.
    if (target === store.lastRevision && !this.fromFile && this.hooks.liveRevision() === target) { this.goLive(); return; }
    let model;
    try {
      model = store.modelAt(target);
    } catch (error) {
      this.hooks.onError(error.message);
      return;
    }
    this.shown = target;
    this.hooks.showModel(model, this.#name(target));
    this.#refresh();
  }

  /**
   * The live view's revision when it is behind the recording (the view is paused), else null:
   * while live, the slider sits there.
   */
  #pausedAt() {
    const revision = this.hooks.liveRevision();
    return this.fromFile || revision === null || revision >= this.store.lastRevision ? null : revision;
  }

  step(by) {
    const from = this.shown ?? this.#pausedAt() ?? this.store.lastRevision;
    // Revisions kept may have gaps (a document fetched again): step to the next kept one.
    const revisions = this.store.records.map((r) => r.revision);
    const index = revisions.indexOf(from);
    const next = revisions[Math.min(revisions.length - 1, Math.max(0, (index < 0 ? revisions.length - 1 : index) + by))];
    if (next !== undefined) this.seek(next);
  }

  goLive() {
    if (this.fromFile) {
      this.fromFile = null;
      this.store = new RecordingStore(this.options);
    }
    this.shown = null;
    this.hooks.showLive();
    this.#refresh();
  }

  /** The page left the revision on show (another file, the live app): forget it. */
  left() {
    if (this.shown === null) return;
    this.shown = null;
    this.#refresh();
  }

  #key(event) {
    const keys = { ArrowLeft: -1, ArrowRight: 1, PageUp: -30, PageDown: 30 };
    if (event.key in keys) this.step(keys[event.key]);
    else if (event.key === 'Home') this.seek(this.store.firstRevision);
    else if (event.key === 'End') { if (this.fromFile) this.seek(this.store.lastRevision); else this.goLive(); }
    else return;
    event.preventDefault();
  }

  #name(revision) {
    const record = this.store.recordAt(revision);
    const when = record ? ` (frame ${displayText(record.frame)}, ${record.time.toFixed(2)} s)` : '';
    return `${this.fromFile ? this.fromFile : 'recording'} · revision ${revision}${when}`;
  }

  #compare() {
    const revision = this.shown ?? this.store.lastRevision;
    if (!this.store.size) return;
    const name = `${this.fromFile || 'recording'} r${revision}`;
    this.hooks.addSnapshot(name, this.store.modelAt(revision).toSnapshot());
    if (this.compareWith === null || this.compareWith === name) {
      this.compareWith = name;
      this.compareButton.textContent = `Compare r${revision} with…`;
      return;
    }
    const first = this.compareWith;
    this.compareWith = null;
    this.compareButton.textContent = 'Compare…';
    this.hooks.compare(first, name);
  }

  // ---- Files ----

  /** Opens a recording file's text: every view shows its last revision. */
  openText(text, name = 'recording') {
    let store;
    try {
      store = RecordingStore.fromFileText(text);
    } catch (error) {
      this.hooks.onError(`Could not open ${name}: ${error.message}`);
      return false;
    }
    this.store = store;
    this.fromFile = name;
    this.seek(store.lastRevision);
    return true;
  }

  fileText() { return this.store.toFileText(); }

  download() {
    if (!this.store.size) return;
    const blob = new Blob([this.fileText()], { type: 'application/x-ndjson' });
    const link = h('a', { href: URL.createObjectURL(blob), download: this.fromFile || `${displayText(this.store.meta.appId || 'weft')}-recording.jsonl` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  // ---- Drawing ----

  #refresh() {
    const store = this.store;
    const live = this.shown === null;
    this.container.dataset.live = String(live && !this.fromFile);
    this.slider.disabled = !store.size;
    this.slider.min = String(store.firstRevision);
    this.slider.max = String(store.lastRevision);
    const pausedAt = live ? this.#pausedAt() : null;
    this.slider.value = String(this.shown ?? pausedAt ?? store.lastRevision);
    this.liveButton.hidden = live && !this.fromFile;
    const kept = `revisions ${store.firstRevision}–${store.lastRevision}${store.dropped ? ` (${store.dropped} oldest dropped for memory)` : ''}`;
    if (!store.size) this.label.textContent = 'No revisions yet';
    else if (live && !this.fromFile) {
      this.label.textContent = pausedAt === null ? `Live · revision ${store.lastRevision} · ${kept}`
        : `Live, view paused at revision ${pausedAt} · recording on to revision ${store.lastRevision} · ${kept}`;
    }
    else this.label.textContent = `Not live · ${this.#name(this.shown ?? store.lastRevision)} · read-only · ${kept} · ← → step`;
    this.#drawMarkers();
  }

  #drawMarkers() {
    const store = this.store;
    const span = Math.max(1, store.lastRevision - store.firstRevision);
    this.markers.replaceChildren(...store.markers.map((marker) => h('span.timeline-marker', {
      dataset: { kind: marker.kind },
      style: `left:${((marker.revision - store.firstRevision) / span) * 100}%`,
      title: `${MARKER_LABELS[marker.kind] || marker.kind}${marker.detail ? `: ${marker.detail}` : ''} · revision ${marker.revision}, frame ${displayText(marker.frame)}`,
      onclick: () => this.seek(marker.revision),
    })));
  }
}
