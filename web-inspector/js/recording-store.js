// The flight recorder's memory (docs/recording-format.md, docs/web-inspector.md "Time travel"):
// every revision the page receives, kept within a memory budget, so that any of them can be
// shown again. Documents (Tree.getDocument, and a copy of the live one every KEYFRAME_EVERY
// updates) are keyframes; updates are kept as their Tree.updated params. The document at a
// revision is the keyframe at or before it with the updates after it applied to a model of its
// own. Over budget, the oldest keyframe and its updates go first (never the last keyframe).
// The same records read and write recording files (JSON Lines), so a recording exported here
// opens here and in `weft recording`, and one a program wrote opens here.

import { TreeModel, copySnapshot, checkSnapshot } from './tree-model.js';
import { displayText, shortJSON, isObject } from './json-values.js';

export const KEYFRAME_EVERY = 300;
export const DEFAULT_BUDGET_BYTES = 64 * 1024 * 1024;
export const MARKER_KINDS = ['edit', 'rangeMode', 'memoryWarning', 'applicationState', 'pause', 'reconnect'];

/** A range controller's mode when its JSON leaves it out (docs/snapshot-format.md). */
const DEFAULT_RANGE_MODE = 'minimum';

/**
 * The marker a program's event stands for (docs/recording-format.md, Markers), as the program's
 * own recording and `weft record-session` mark it: {kind, detail, revision, frame, time}, or
 * null for an event that stands for none (a step, a drop, an edit the program made itself,
 * another method). Throws when the params of a marking event do not read.
 */
export function eventMarker(method, params) {
  if (method !== 'Layout.editsChanged' && method !== 'Runtime.stateChanged') return null;
  const text = (key) => {
    if (typeof params?.[key] !== 'string') throw new Error(`a ${method} event whose "${key}" does not read`);
    return params[key];
  };
  const change = text('change');
  let kind;
  let detail = null;
  if (method === 'Layout.editsChanged') {
    if (change === 'dropped' || params.method === undefined) return null;
    [kind, detail] = ['edit', text('method')];
  } else if (change === 'paused' || change === 'resumed') [kind, detail] = ['pause', change];
  else if (change === 'memoryWarning') kind = 'memoryWarning';
  else if (change === 'applicationState') [kind, detail] = ['applicationState', text('applicationState')];
  else return null;
  const { frame, time, revision } = params;
  if (!Number.isInteger(frame) || frame < 0) throw new Error(`a ${method} event whose "frame" does not read`);
  if (!Number.isFinite(time) || time < 0) throw new Error(`a ${method} event whose "time" does not read`);
  if (!Number.isInteger(revision) || revision < 0) throw new Error(`a ${method} event whose "revision" does not read`);
  return { kind, detail, revision, frame, time };
}

export class RecordingError extends Error {
  constructor(line, message) {
    super(`line ${line}: ${message}`);
    this.line = line;
  }
}

export class RecordingStore {
  /** Whether range modes are compared as revisions come (live); a file brings its own markers. */
  #marksRangeModes = true;

  /**
   * @param {object} [options] budgetBytes (an estimate: the records' JSON length; 64 MiB by
   *   default), keyframeEvery (updates between two kept copies of the live document)
   */
  constructor({ budgetBytes = DEFAULT_BUDGET_BYTES, keyframeEvery = KEYFRAME_EVERY } = {}) {
    this.budgetBytes = budgetBytes;
    this.keyframeEvery = keyframeEvery;
    this.clear();
  }

  /** Forgets everything (another program, or its revisions started again). */
  clear() {
    this.meta = {};
    /**
     * [{revision, frame, time, document?, ops?, bytes}] in revision order; keyframes hold
     * `document`, updates `ops` as JSON text (what they weigh, and safe from the models that
     * apply them, which adopt and fill in their values)
     */
    this.records = [];
    /** [{revision, frame, time, kind, detail}] */
    this.markers = [];
    /** The mode of every range controller at the last revision kept, by id (rangeMode markers). */
    this.rangeModes = new Map();
    this.bytes = 0;
    this.sinceKeyframe = 0;
    this.dropped = 0; // revisions dropped for the budget
  }

  get firstRevision() { return this.records.length ? this.records[0].revision : 0; }
  get lastRevision() { return this.records.length ? this.records[this.records.length - 1].revision : 0; }
  get size() { return this.records.length; }
  /** The newest frame and time seen (0 when none). */
  get last() { return this.records[this.records.length - 1] || null; }

  /**
   * A whole document (Tree.getDocument, or a file's keyframe) at its revision. A revision that
   * does not follow the last one kept (the program restarted) starts afresh.
   */
  addDocument(snapshot, { frame, time } = {}) {
    const revision = snapshot.revision || 0;
    if (revision < this.lastRevision || (this.meta.pid !== undefined && snapshot.meta?.pid !== this.meta.pid)) this.clear();
    if (revision === this.lastRevision && this.records.length) return; // already kept
    const first = !this.records.length;
    if (first) this.meta = { ...(snapshot.meta || {}) };
    delete this.meta.capturedAt;
    const at = { frame: frame ?? this.last?.frame ?? 0, time: time ?? this.last?.time ?? 0 };
    this.#keyframe(copySnapshot(snapshot), revision, at.frame, at.time);
    // A document after a gap: the modes that changed in the revisions missed.
    const modes = new Map((snapshot.rangeControllers || []).map((controller) => [controller.id, controller.mode ?? DEFAULT_RANGE_MODE]));
    if (first || !this.#marksRangeModes) this.rangeModes = modes; else this.#rangeModesChanged(modes, { revision, ...at });
  }

  /**
   * A Tree.updated the live model applied. `liveModel` (the model after it) is copied as a
   * keyframe every keyframeEvery updates. An update that does not follow the last revision kept
   * waits for the next document (the page fetches one on a gap).
   */
  addUpdate(params, liveModel = null) {
    return this.#addUpdate(params, () => (liveModel && liveModel.revision === params.revision ? liveModel : null));
  }

  /**
   * A Tree.updated no live model applied (the page's view is paused and holds it): kept as
   * addUpdate keeps it, the copy of the document every keyframeEvery updates built from the
   * recording itself, so that revisions received while paused are reached as fast as others.
   */
  addHeldUpdate(params) {
    return this.#addUpdate(params, () => this.modelAt(params.revision));
  }

  #addUpdate(params, keyframeModel) {
    if (!this.records.length || params.baseRevision !== this.lastRevision) return false;
    const frame = Number.isFinite(params.frame) ? params.frame : this.last.frame;
    const time = Number.isFinite(params.time) ? params.time : this.last.time;
    const ops = JSON.stringify(params.ops);
    const bytes = ops.length + 64;
    this.records.push({ revision: params.revision, frame, time, ops, bytes });
    this.bytes += bytes;
    if (this.#marksRangeModes) {
      // The controllers before and after the whole update: one removed and added again (moved)
      // in it is in both.
      const modes = new Map(this.rangeModes);
      for (const op of Array.isArray(params.ops) ? params.ops : []) {
        if (op?.op === 'range' && typeof op.controller?.id === 'string') modes.set(op.controller.id, op.controller.mode ?? DEFAULT_RANGE_MODE);
        else if (op?.op === 'rangeRemoved') modes.delete(op.id);
      }
      this.#rangeModesChanged(modes, { revision: params.revision, frame, time });
    }
    this.sinceKeyframe++;
    const model = this.sinceKeyframe >= this.keyframeEvery ? keyframeModel() : null;
    if (model) this.#keyframe(copySnapshot(model.toSnapshot()), params.revision, frame, time);
    this.#keepWithinBudget();
    return true;
  }

  /** A marker at `revision`, `frame` and `time` (by default the last revision kept's). */
  addMarker(kind, detail, { revision, frame, time } = {}) {
    if (!MARKER_KINDS.includes(kind)) throw new Error(`unknown marker ${shortJSON(kind)}`);
    this.markers.push({ revision: revision ?? this.lastRevision, frame: frame ?? this.last?.frame ?? 0, time: time ?? this.last?.time ?? 0,
      kind, detail: detail ?? null });
  }

  /**
   * The range controllers' modes at a new revision: a rangeMode marker for each controller that
   * was in another mode at the revision before (`r5: minimum -> full`; one that appears or goes
   * away is a tree change), as recordings mark them.
   */
  #rangeModesChanged(modes, at) {
    for (const [id, mode] of modes) {
      const before = this.rangeModes.get(id);
      if (before !== undefined && before !== mode) this.addMarker('rangeMode', `${id}: ${before} -> ${mode}`, at);
    }
    this.rangeModes = modes;
  }

  #keyframe(document, revision, frame, time) {
    const bytes = JSON.stringify(document).length + 64;
    const last = this.last;
    // A keyframe at the last update's revision replaces nothing: it is kept beside it.
    const record = { revision, frame, time, document, bytes };
    if (last && last.revision === revision) {
      last.document = document;
      last.bytes += bytes;
    } else {
      this.records.push(record);
    }
    this.bytes += bytes;
    this.sinceKeyframe = 0;
    this.#keepWithinBudget();
  }

  #keepWithinBudget() {
    while (this.bytes > this.budgetBytes) {
      const next = this.records.findIndex((record, index) => index > 0 && record.document);
      if (next < 0) return; // the last keyframe and its updates stay
      for (const record of this.records.slice(0, next)) this.bytes -= record.bytes;
      this.dropped += next;
      this.records = this.records.slice(next);
      // The first record kept is a keyframe: its update, if any, has nothing before it now.
      const first = this.records[0];
      if (first.ops) {
        this.bytes -= first.ops.length + 64;
        first.bytes -= first.ops.length + 64;
        delete first.ops;
      }
      this.markers = this.markers.filter((marker) => marker.revision >= this.firstRevision);
    }
  }

  #index(revision) {
    let low = 0;
    let high = this.records.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const found = this.records[middle].revision;
      if (found === revision) return middle;
      if (found < revision) low = middle + 1; else high = middle - 1;
    }
    return -1;
  }

  /** A TreeModel of the document at `revision` (its meta the recording's), or throws. */
  modelAt(revision) {
    const index = this.#index(revision);
    if (index < 0) {
      throw new Error(`revision ${displayText(revision)} is not kept (revisions ${this.firstRevision} to ${this.lastRevision})`);
    }
    let start = index;
    while (!this.records[start].document) start--;
    const document = copySnapshot(this.records[start].document);
    document.meta = { ...this.meta };
    const model = new TreeModel(document);
    for (let i = start + 1; i <= index; i++) {
      model.applyOps(JSON.parse(this.records[i].ops));
      model.revision = this.records[i].revision;
    }
    return model;
  }

  /** The record kept for `revision` ({revision, frame, time}) or null. */
  recordAt(revision) {
    const index = this.#index(revision);
    return index < 0 ? null : this.records[index];
  }

  /** The last revision kept at or before program frame `frame` (or time `time`). */
  revisionAt({ frame, time }) {
    let found = this.firstRevision;
    for (const record of this.records) {
      if (frame !== undefined ? record.frame > frame : record.time > time + 1e-9) break;
      found = record.revision;
    }
    return found;
  }

  /** The recording as a file (docs/recording-format.md): header, keyframes, updates, markers. */
  toFileText() {
    const limitBytes = Number.isFinite(this.budgetBytes) ? this.budgetBytes : this.fileLimitBytes ?? DEFAULT_BUDGET_BYTES;
    const lines = [JSON.stringify({ format: 'weft.recording', version: 1, keyframeInterval: this.keyframeEvery,
      limitBytes, meta: this.meta })];
    let marker = 0;
    const flushMarkers = (upTo) => {
      while (marker < this.markers.length && this.markers[marker].revision <= upTo) {
        const m = this.markers[marker++];
        const line = { kind: 'marker', frame: m.frame, time: m.time, revision: m.revision, marker: m.kind };
        if (m.detail !== null) line.detail = String(m.detail);
        lines.push(JSON.stringify(line));
      }
    };
    this.records.forEach((record, index) => {
      const at = { frame: record.frame, time: record.time };
      if (record.ops && index > 0) {
        lines.push(`${JSON.stringify({ kind: 'update', ...at, baseRevision: record.revision - 1, revision: record.revision }).slice(0, -1)},"ops":${record.ops}}`);
      }
      if (record.document) {
        const document = { ...record.document, revision: record.revision, meta: {} };
        lines.push(JSON.stringify({ kind: 'keyframe', ...at, revision: record.revision, document }));
      }
      flushMarkers(record.revision);
    });
    flushMarkers(Infinity);
    const last = this.last;
    if (last) lines.push(JSON.stringify({ kind: 'end', frame: last.frame, time: last.time, revision: last.revision, reason: 'finished' }));
    return `${lines.join('\n')}\n`;
  }

  /**
   * Reads a recording file (docs/recording-format.md) into a store holding all of it (no
   * budget: the file is what the user opened). Throws a RecordingError naming the line.
   */
  static fromFileText(text) {
    const store = new RecordingStore({ budgetBytes: Infinity });
    store.#marksRangeModes = false;
    const lines = text.split('\n');
    if (lines.length && lines[lines.length - 1] === '') lines.pop();
    const parse = (line, number) => {
      try { return JSON.parse(line); } catch (error) { throw new RecordingError(number, `not JSON (${error.message})`); }
    };
    if (!lines.length) throw new RecordingError(1, 'empty file: not a Weft recording');
    const header = parse(lines[0], 1);
    if (!isObject(header) || header.format !== 'weft.recording') {
      throw new RecordingError(1, `not a Weft recording (format is ${shortJSON(isObject(header) ? header.format : header)})`);
    }
    if (header.version !== 1) throw new RecordingError(1, `recording version ${displayText(header.version)} is not supported (this page reads version 1)`);
    if (Number.isInteger(header.limitBytes) && header.limitBytes > 0) store.fileLimitBytes = header.limitBytes;
    store.keyframeEvery = Number.isInteger(header.keyframeInterval) && header.keyframeInterval > 0 ? header.keyframeInterval : KEYFRAME_EVERY;
    const meta = isObject(header.meta) ? header.meta : {};
    let ended = false;
    for (let i = 1; i < lines.length; i++) {
      const number = i + 1;
      if (!lines[i].trim()) continue;
      let record;
      try {
        record = parse(lines[i], number);
      } catch (error) {
        if (i === lines.length - 1 && !text.endsWith('\n')) break; // a last line cut short
        throw error;
      }
      if (ended) throw new RecordingError(number, 'a record follows the end record');
      if (!isObject(record)) throw new RecordingError(number, 'not a record object');
      const at = { frame: record.frame, time: record.time };
      if (!Number.isInteger(at.frame) || at.frame < 0 || typeof at.time !== 'number' || !(at.time >= 0)) {
        throw new RecordingError(number, `the ${displayText(record.kind)} record needs a frame and a time`);
      }
      switch (record.kind) {
        case 'keyframe': {
          let document;
          try { document = checkSnapshot(record.document); } catch (error) { throw new RecordingError(number, `keyframe: ${error.message}`); }
          // After the first, a keyframe repeats the last revision, or starts again after a gap
          // (revisions its recorder did not get: `weft record-session`, a page that fetched again).
          if (store.records.length && !(Number.isInteger(record.revision) && record.revision >= store.lastRevision)) {
            throw new RecordingError(number, `keyframe at revision ${displayText(record.revision)}, but the last revision recorded was ${store.lastRevision}`);
          }
          document.meta = meta;
          if (!store.records.length) store.addDocument(document, at); else store.#keyframe(copySnapshot(document), record.revision, at.frame, at.time);
          break;
        }
        case 'update':
          if (!store.records.length) throw new RecordingError(number, 'an update before the first keyframe');
          if (record.baseRevision !== store.lastRevision || !(record.revision > store.lastRevision) || !Array.isArray(record.ops)) {
            throw new RecordingError(number, `update to revision ${displayText(record.revision)} does not follow revision ${store.lastRevision}`);
          }
          store.addUpdate(record);
          break;
        case 'marker':
          if (!MARKER_KINDS.includes(record.marker)) throw new RecordingError(number, `unknown marker ${shortJSON(record.marker)}`);
          store.markers.push({ revision: record.revision, frame: at.frame, time: at.time, kind: record.marker,
            detail: typeof record.detail === 'string' ? record.detail : null });
          break;
        case 'end':
          ended = true;
          break;
        default:
          throw new RecordingError(number, `unknown record kind ${shortJSON(record.kind)}`);
      }
    }
    if (!store.records.length) throw new RecordingError(lines.length, 'no keyframe: the recording holds no document');
    store.meta = { ...meta };
    return store;
  }
}
