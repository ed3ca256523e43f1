import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordingStore, RecordingError, eventMarker } from '../js/recording-store.js';
import { TreeModel } from '../js/tree-model.js';

// A document whose node n1 is `width` wide, with a range controller in `mode`.
const doc = (revision, width = 100, pid = 7) => ({
  format: 'weft.snapshot', version: 1, revision, meta: { appId: 'org.weft.tests', pid },
  roots: [{ id: 'n1', className: 'ASDisplayNode', frame: [0, 0, width, 20] }],
});
const widthUpdate = (revision, width) => ({ baseRevision: revision - 1, revision, frame: revision * 2, time: revision / 30,
  ops: [{ op: 'set', id: 'n1', fields: { frame: [0, 0, width, 20] } }] });

/** A store fed as the page feeds it: a document, then updates applied to a live model. */
function recorded(count, options) {
  const store = new RecordingStore(options);
  const live = new TreeModel(doc(1));
  store.addDocument(doc(1), { frame: 2, time: 1 / 30 });
  for (let revision = 2; revision <= count; revision++) {
    const update = widthUpdate(revision, 100 + revision);
    live.applyOps(update.ops);
    live.revision = revision;
    store.addUpdate(update, live);
  }
  return store;
}

const width = (model) => model.get('n1').frame[2];

test('every revision kept shows as it was, from the keyframe before it', () => {
  const store = recorded(50, { keyframeEvery: 8 });
  assert.equal(store.firstRevision, 1);
  assert.equal(store.lastRevision, 50);
  assert.equal(store.records.filter((r) => r.document).length, 1 + Math.floor(49 / 8));
  for (let revision = 2; revision <= 50; revision++) {
    const model = store.modelAt(revision);
    assert.equal(model.revision, revision);
    assert.equal(width(model), 100 + revision);
  }
  assert.equal(width(store.modelAt(1)), 100);
  assert.throws(() => store.modelAt(51), /not kept/);
  // Showing a revision leaves the kept ones as they were.
  assert.equal(width(store.modelAt(9)), 109);
  assert.equal(store.revisionAt({ frame: 21 }), 10);
  assert.equal(store.revisionAt({ time: 10 / 30 }), 10);
});

test('over the budget the oldest keyframe and its updates go, never the last keyframe', () => {
  const store = recorded(2000, { keyframeEvery: 100, budgetBytes: 40_000 });
  assert.ok(store.bytes <= 40_000 || store.records.filter((r) => r.document).length === 1, `${store.bytes} bytes kept`);
  assert.ok(store.firstRevision > 1 && store.dropped > 0);
  assert.equal(store.lastRevision, 2000);
  assert.ok(store.records[0].document, 'the oldest kept is a keyframe');
  assert.equal(width(store.modelAt(store.firstRevision)), 100 + store.firstRevision);
  assert.equal(width(store.modelAt(1999)), 2099);
  // The estimate is what the records weigh.
  const weighed = store.records.reduce((sum, r) => sum + (r.ops ? r.ops.length + 64 : 0)
    + (r.document ? JSON.stringify(r.document).length + 64 : 0), 0);
  assert.equal(store.bytes, weighed);
});

test('a gap waits for the next document; a restarted program starts afresh', () => {
  const store = recorded(5);
  assert.equal(store.addUpdate(widthUpdate(8, 1)), false, 'revision 8 does not follow 5');
  store.addDocument(doc(9, 300));
  assert.equal(store.lastRevision, 9);
  assert.throws(() => store.modelAt(7), /not kept/);
  assert.equal(width(store.modelAt(9)), 300);
  store.addDocument(doc(1, 50, 8)); // another process
  assert.equal(store.firstRevision, 1);
  assert.equal(store.size, 1);
});

test('export and open again: the same revisions, markers and meta', () => {
  const store = recorded(30, { keyframeEvery: 7 });
  store.addMarker('memoryWarning');
  const text = store.toFileText();
  const opened = RecordingStore.fromFileText(text);
  assert.equal(opened.lastRevision, 30);
  assert.deepEqual(opened.markers.map((m) => [m.kind, m.revision]), [['memoryWarning', 30]]);
  assert.equal(opened.meta.appId, 'org.weft.tests');
  for (const revision of [1, 6, 7, 8, 30]) assert.equal(width(opened.modelAt(revision)), width(store.modelAt(revision)));
  assert.equal(opened.toFileText(), text, 'a recording read and written is the same file');
});

test('the program\'s events and range modes are marked where recordings of the run mark them', () => {
  const store = recorded(5);
  const at = { frame: 7, time: 0.12, revision: 3 };
  const edits = { edits: [], undo: 1, redo: 0, ...at };
  const state = { paused: false, applicationState: 'background', ...at };
  const events = [
    ['Layout.editsChanged', { change: 'applied', method: 'Layout.setStyle', ...edits }],
    ['Layout.editsChanged', { change: 'dropped', ...edits }], // the program dropped it: no marker
    ['Layout.editsChanged', { change: 'reverted', ...edits }], // reverted by the program itself: none
    ['Runtime.stateChanged', { change: 'paused', ...state, paused: true }],
    ['Runtime.stateChanged', { change: 'stepped', ...state }], // a step: none
    ['Runtime.stateChanged', { change: 'resumed', ...state }],
    ['Runtime.stateChanged', { change: 'memoryWarning', ...state }],
    ['Runtime.stateChanged', { change: 'applicationState', ...state }],
    ['Tree.updated', widthUpdate(6, 1)],
  ];
  for (const [method, params] of events) {
    const marker = eventMarker(method, params);
    if (marker) store.addMarker(marker.kind, marker.detail, marker);
  }
  assert.deepEqual(store.markers.map((m) => [m.kind, m.detail, m.revision, m.frame, m.time]), [
    ['edit', 'Layout.setStyle', 3, 7, 0.12], ['pause', 'paused', 3, 7, 0.12], ['pause', 'resumed', 3, 7, 0.12],
    ['memoryWarning', null, 3, 7, 0.12], ['applicationState', 'background', 3, 7, 0.12],
  ]);
  // A marking event that does not read is refused, not marked somewhere else.
  assert.throws(() => eventMarker('Runtime.stateChanged', { change: 'paused', paused: true, frame: 7, time: 0.1 }), /"revision" does not read/);
  assert.throws(() => eventMarker('Runtime.stateChanged', { change: 'applicationState', ...at }), /"applicationState" does not read/);
  assert.throws(() => eventMarker('Layout.editsChanged', { change: 'applied', method: 5, ...edits }), /"method" does not read/);
  assert.throws(() => eventMarker('Runtime.stateChanged', { change: 'memoryWarning', ...at, frame: -1 }), /"frame" does not read/);

  // Range modes: an update whose controller is in another mode than the revision before.
  const controller = (mode) => ({ id: 'r1', owner: 'n1', mode });
  const ranges = new RecordingStore();
  ranges.addDocument({ ...doc(1), rangeControllers: [controller(undefined)] }, { frame: 1, time: 0 });
  const rangeUpdate = (revision, mode) => ({ baseRevision: revision - 1, revision, frame: revision * 2, time: revision / 30,
    ops: [{ op: 'range', controller: controller(mode) }] });
  ranges.addUpdate(rangeUpdate(2, 'minimum'));
  ranges.addUpdate(rangeUpdate(3, 'full'));
  ranges.addHeldUpdate(rangeUpdate(4, 'lowMemory'));
  // Moved in one update (removed and added again): in both revisions.
  ranges.addUpdate({ ...rangeUpdate(5, 'full'), ops: [{ op: 'rangeRemoved', id: 'r1' }, ...rangeUpdate(5, 'minimum').ops] });
  ranges.addUpdate({ ...rangeUpdate(6, 'full'), ops: [{ op: 'rangeRemoved', id: 'r1' }] });
  ranges.addUpdate(rangeUpdate(7, 'full')); // a new controller r1: no mode before
  // A document after a gap compares with the last revision kept.
  ranges.addDocument({ ...doc(9), rangeControllers: [controller('visibleOnly')] }, { frame: 18, time: 0.3 });
  assert.deepEqual(ranges.markers.map((m) => [m.detail, m.revision, m.frame]), [
    ['r1: minimum -> full', 3, 6], ['r1: full -> lowMemory', 4, 8], ['r1: lowMemory -> minimum', 5, 10], ['r1: full -> visibleOnly', 9, 18],
  ]);
  // Exported and opened again: the same markers, none added by reading the file's updates.
  const opened = RecordingStore.fromFileText(ranges.toFileText());
  assert.deepEqual(opened.markers.map((m) => [m.kind, m.detail, m.revision]), ranges.markers.map((m) => [m.kind, m.detail, m.revision]));
});

test('bad files get errors naming the line', () => {
  assert.throws(() => RecordingStore.fromFileText(''), /line 1: empty file/);
  assert.throws(() => RecordingStore.fromFileText(JSON.stringify(doc(1))), /line 1: not a Weft recording/);
  const header = '{"format":"weft.recording","version":1,"keyframeInterval":5,"limitBytes":9,"meta":{}}';
  assert.throws(() => RecordingStore.fromFileText(header.replace('"version":1', '"version":2')), /version 2 is not supported/);
  const lines = recorded(6).toFileText().split('\n');
  const gap = [...lines.slice(0, 3), ...lines.slice(4)].join('\n');
  assert.throws(() => RecordingStore.fromFileText(gap), (error) => error instanceof RecordingError && error.line === 4);
  const broken = [...lines.slice(0, 3), '{"kind":', ...lines.slice(3)].join('\n');
  assert.throws(() => RecordingStore.fromFileText(broken), /line 4: not JSON/);
  // A last line cut short (a program killed while writing) is left out.
  const cut = lines.slice(0, 5).join('\n') + '\n' + lines[5].slice(0, 20);
  assert.equal(RecordingStore.fromFileText(cut).lastRevision, 4);
});

test('a recording the program wrote opens here, and one written here reads in weft recording', { skip: !weftBuilt() && 'weft is not built' }, () => {
  const store = recorded(40, { keyframeEvery: 9 });
  const directory = mkdtempSync(join(tmpdir(), 'weft-recording-'));
  const path = join(directory, 'page.jsonl');
  writeFileSync(path, store.toFileText());
  const info = execFileSync(weft(), ['recording', 'info', path], { encoding: 'utf8' });
  assert.match(info, /revisions: {2}1 to 40 \(40\)/);
  const extracted = JSON.parse(execFileSync(weft(), ['recording', 'snapshot', path, '--at', '23'], { encoding: 'utf8' }));
  assert.equal(extracted.roots[0].frame[2], 123);
  assert.equal(extracted.revision, 23);
  const back = RecordingStore.fromFileText(readFileSync(path, 'utf8'));
  assert.equal(width(back.modelAt(23)), 123);
});

function weft() { return new URL('../../.build/debug/weft', import.meta.url).pathname; }
function weftBuilt() { try { readFileSync(weft()); return true; } catch { return false; } }

test('updates held by a paused view are kept, with keyframes built from the recording itself', () => {
  const store = new RecordingStore({ keyframeEvery: 8 });
  const live = new TreeModel(doc(1));
  store.addDocument(doc(1), { frame: 2, time: 1 / 30 });
  for (let revision = 2; revision <= 5; revision++) {
    const update = widthUpdate(revision, 100 + revision);
    live.applyOps(update.ops);
    live.revision = revision;
    store.addUpdate(update, live);
  }
  // The view pauses at revision 5: the live model stays there, the updates keep coming.
  for (let revision = 6; revision <= 40; revision++) assert.equal(store.addHeldUpdate(widthUpdate(revision, 100 + revision)), true);
  assert.equal(store.addHeldUpdate(widthUpdate(43, 1)), false, 'a gap waits for the next document');
  assert.equal(width(live), 105, 'the live model was not touched');
  assert.deepEqual(store.records.map((r) => r.revision), Array.from({ length: 40 }, (_, i) => i + 1));
  assert.deepEqual(store.records.filter((r) => r.document).map((r) => r.revision), [1, 9, 17, 25, 33]);
  for (let revision = 1; revision <= 40; revision++) assert.equal(width(store.modelAt(revision)), revision === 1 ? 100 : 100 + revision);
  // Resumed: the live model catches up and reports its document, which is already kept.
  store.addDocument(new TreeModel(doc(40, 140)).toSnapshot());
  assert.equal(store.size, 40);
  const reopened = RecordingStore.fromFileText(store.toFileText());
  assert.equal(width(reopened.modelAt(23)), 123);
});
