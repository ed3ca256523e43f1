// The page: wires the gateway connection (token check, device binding to a remembered
// identity), the shared state, and every view and panel. Exposes `window.weft` so the browser
// tests and the benchmark can drive and observe the page without reaching into the DOM.

import { InspectorState } from './inspector-state.js';
import { TreeView } from './tree-view.js';
import { ScreenView } from './screen-view.js';
import { PropertiesPanel } from './properties-panel.js';
import { AsciiPanel } from './ascii-panel.js';
import { RangesPanel } from './ranges-panel.js';
import { DrivePanel } from './drive-panel.js';
import { DiffPanel } from './diff-panel.js';
import { PlaygroundPanel } from './playground-panel.js';
import { ExplainPanel } from './explain-panel.js';
import { DeviceBinding, identityKey, processKey, appName, describeStaleDocument, describeMissingDocument } from '../device-binding.js';
import { inspectorURL } from '../protocol-client.js';
import { TreeModel, copySnapshot, checkSnapshot } from '../tree-model.js';
import { describeUnknownOps } from '../live-document.js';
import { parseSnapshot, snapshotFileText } from '../snapshot-file.js';
import { displayText, stringifyJSON } from '../json-values.js';
import { UpdateRate } from '../update-rate.js';
import { h } from './dom.js';
import { Tabs } from './tabs.js';
import { ProgramClock } from './program-clock.js';
import { AddressSync } from './address.js';
import { Breadcrumbs } from './breadcrumbs.js';
import { Panes } from './panes.js';
import { ContextMenu } from './context-menu.js';
import { ExplodedView } from './exploded-view.js';
import { Timeline } from './timeline.js';

const REMEMBERED = 'weft.device';
const $ = (id) => document.getElementById(id);

const state = new InspectorState();
const token = new URLSearchParams(location.hash.slice(1)).get('token') || '';
const files = new Map(); // file name -> snapshot
let binding = null;
let liveModel = null;
let viewPaused = false;
let pendingLive = false; // a live document or update arrived while the view was paused
// The restarted program's document, come while the view was paused on its previous process's
// (setRestartedModel below): liveModel stays the previous process's until the user goes live.
let restartedModel = null;
let lastUpdate = 0;
// When the live document's revision came: its fetch's meta.capturedAt, then each update's arrival.
let liveRevisionTime = null;
const updateRate = new UpdateRate();

const RESTART_HELD = 'the program restarted while the view was paused: go live to send requests to the new process';
const live = {
  // 'attached' only: also not while the document on show is stale (describeStaleDocument).
  canEdit: () => !!binding && binding.state === 'attached' && state.source?.kind === 'live' && !restartedModel,
  // A device is attached, whatever the views show: requests that need no element of the document
  // on show (Drive, Playground) can go to it.
  attached: () => !!binding?.deviceId,
  // The program is there to take requests now (not disconnected, nor the gateway down). While a
  // paused view holds a restarted program's previous process, call() refuses, saying why.
  connected: () => !!binding && binding.state === 'attached',
  // Requests go to the device's current process: while the view holds a previous one, they
  // would act on another process than the one on show (its ids may name other elements there).
  call: (method, params) => (restartedModel ? Promise.reject(new Error(RESTART_HELD))
    : binding ? binding.call(method, params) : Promise.reject(new Error('not connected to a gateway'))),
  // The process the live document comes from (its identity and pid): where edits are kept.
  appKey: () => processKey(liveModel?.meta),
  // Why the live document on show is not the app's current one, or null (the tap probe would
  // mark elements of another tree): the refused fetch's message, else what the pill says.
  staleReason: () => (staleText() ? lastSessionState[1].message ?? describeState(...lastSessionState) : null),
};

const treeView = new TreeView(state, {
  container: $('tree'), spacer: $('tree-spacer'), empty: $('tree-empty'), search: $('tree-search'),
  searchCount: $('search-count'), expandAll: $('expand-all'), collapseAll: $('collapse-all'),
});
const screenView = new ScreenView(state, {
  container: $('screen'), scene: $('screen-scene'), overlay: $('screen-overlay'), tooltip: $('screen-tooltip'),
  zoomLabel: $('zoom-level'), probeResult: $('probe-result'), slopLegend: $('slop-legend'),
  controls: { zoomIn: $('zoom-in'), zoomOut: $('zoom-out'), fit: $('zoom-fit'), slop: $('overlay-slop'),
    scaling: $('overlay-scaling'), specs: $('overlay-specs'), probe: $('probe-mode') },
  live,
});
const programClock = new ProgramClock(state, live);
new Breadcrumbs(state, $('breadcrumbs'));
const exploded = new ExplodedView(state, $('screen'), screenView,
  { toggle: $('view-3d'), group: $('exploded-controls'), spacing: $('layer-spacing'), perspective: $('exploded-perspective'),
    fov: $('exploded-fov'), labels: $('exploded-labels'), reset: $('exploded-reset'), specs: $('overlay-specs'),
    slop: $('overlay-slop'), scaling: $('overlay-scaling'), zoomIn: $('zoom-in'), zoomOut: $('zoom-out'), fit: $('zoom-fit'),
    zoomLabel: $('zoom-level') });
const properties = new PropertiesPanel(state, $('properties'), live, programClock);
document.addEventListener('keydown', (e) => properties.keyboard(e));
new AsciiPanel(state, $('ascii'), live);
const ranges = new RangesPanel(state, $('ranges'), live);
new DrivePanel(state, $('drive'), live, programClock);
new PlaygroundPanel(state, $('playground'), live);
const explainPanel = new ExplainPanel(state, $('explain'), live);
const documents = {
  list: () => [...files.keys()],
  get: (name) => files.get(name) || null,
  liveModel: () => liveModel,
  // The live side as the Diff panel lists it: never as current when a refused fetch left it on show.
  liveLabel: () => (staleText() ? `Live app, not current (revision ${displayText(liveModel.revision)})` : 'Live app'),
  show: (name) => (name === DiffPanel.LIVE ? showLive() : showFile(name)),
  openFiles: (list) => openFiles(list),
};
const diffPanel = new DiffPanel(state, $('diff'), documents);
// Time travel: every revision received, shown again read-only on request (timeline.js).
const timeline = new Timeline($('timeline'), {
  state,
  // The revision the live view shows (a paused view's, which a fetch meanwhile did not replace).
  liveRevision: () => (state.source?.kind === 'live' && state.model ? state.model.revision : liveModel?.revision ?? null),
  showModel: (model, name) => {
    state.setDocument(model, { kind: 'file', name });
    $('back-to-live').hidden = !liveModel;
    refreshPill();
  },
  showLive: () => showLive(),
  addSnapshot: (name, snapshot) => { files.set(name, checkSnapshot(JSON.parse(stringifyJSON(snapshot)))); diffPanel.refreshChoices(); },
  compare: (before, after) => {
    diffPanel.refreshChoices();
    diffPanel.beforeSelect.value = before;
    diffPanel.afterSelect.value = after;
    selectTab('diff');
    diffPanel.run();
  },
  onError: (message) => showBanner(message),
});

// ---- Context menus of elements: tree rows and the screen ----
const contextMenu = new ContextMenu({ state, properties });
$('tree').addEventListener('contextmenu', (e) => {
  const row = e.target.closest('.tree-row');
  if (!row) return;
  e.preventDefault();
  state.select(row.dataset.id, { origin: 'tree' });
  contextMenu.open(row.dataset.id, e.clientX, e.clientY, $('tree'));
});
$('tree').addEventListener('keydown', (e) => {
  if (!(e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) || !state.selectedId) return;
  e.preventDefault();
  const row = document.querySelector(`.tree-row[data-id="${CSS.escape(state.selectedId)}"]`);
  const box = (row || $('tree')).getBoundingClientRect();
  contextMenu.open(state.selectedId, box.left + 24, box.bottom, $('tree'));
});
$('screen').addEventListener('contextmenu', (e) => {
  const id = exploded.on ? exploded.elementAt(e) : screenView.elementAt(e);
  if (!id) return;
  e.preventDefault();
  state.select(id, { origin: 'screen' });
  contextMenu.open(id, e.clientX, e.clientY, $('screen'));
});

// ---- Resizable, collapsible panes (sizes remembered) ----
const panes = new Panes($('layout'), { tree: $('tree-splitter'), side: $('side-splitter') });

// ---- Tabs ----
const tabs = new Tabs(state, document.querySelector('[role="tablist"]'));
const selectTab = (name) => tabs.select(name);

// ---- The address names the device, selection, tab and zoom (deep links) ----
const address = new AddressSync({
  state, tabs, screenView,
  bind: (identity) => { localStorage.setItem(REMEMBERED, stringifyJSON(identity)); bindIdentity(identity); },
  identity: () => binding?.identity ?? null,
});

// ---- Connection state, always visible ----
const pill = $('connection');
/** `programPaused`: the program's own clock is paused (data-program), a state of its own beside the connection's. */
function setPill(kind, text, programPaused = false) {
  pill.dataset.state = kind;
  if (programPaused) pill.dataset.program = 'paused'; else delete pill.dataset.program;
  pill.textContent = viewPaused ? `${text} · view paused` : text;
}
/** The app name of a Device of the gateway's list (or of the bound identity). */
const app = (d) => appName(d?.info, d?.identity ?? binding?.identity);
function describeState(stateName, detail = {}) {
  switch (stateName) {
    case 'connecting': return 'Connecting to the gateway…';
    case 'connected': return binding?.identity ? 'Gateway connected' : 'Gateway connected · pick a device';
    case 'waiting': return `Waiting for ${appName(null, binding?.identity, 'the device')} (${displayText(binding?.identity?.instance || '')})…`;
    case 'loading': return `Loading ${app(detail.device)}…`;
    case 'attached': return `Live · ${app(detail.device)}`;
    case 'device-disconnected': return `${app(detail.device)} disconnected · waiting for it to return`;
    case 'disconnected': return 'Gateway connection lost · reconnecting…';
    case 'reconnecting': return `Reconnecting to the gateway (attempt ${detail.attempt})…`;
    case 'device-error': return `Device error: ${detail.message}`;
    case 'failed': return `Cannot talk to this gateway: ${detail.message}`;
    case 'stopped': return 'Stopped';
    default: return stateName;
  }
}
let lastSessionState = ['connecting', {}];
/** Whether a Chrome DevTools window on this program is in inspect mode (DevTools.inspectMode). */
let devToolsInspecting = false;
function refreshPill() {
  if (state.source?.kind === 'file') { setPill('file', `File · ${state.source.name}`); return; }
  const [name, detail] = lastSessionState;
  // The program's own clock (Drive's Pause program, from any inspector), not this page's view.
  if (name === 'attached' && programClock.paused) setPill(name, `Program paused · ${app(detail.device)}`, true);
  else setPill(name, describeState(name, detail));
}
state.on('program-clock', refreshPill);
state.on('live', refreshPill); // another process: its own clock

// ---- A live document left on show while the binding is not attached (describeStaleDocument):
// a refused fetch, the app disconnected, the gateway lost; or none on show because the first
// fetch failed (describeMissingDocument) ----
const staleText = () => describeStaleDocument(lastSessionState[0], lastSessionState[1], liveModel);
// The notice: on the live document, whether it is current; with nothing on show, why there is none.
const noticeText = () => (state.source?.kind === 'live' ? staleText()
  : state.source ? null : describeMissingDocument(...lastSessionState));
// What the empty tree says: why there is no document while a device's is on its way or failed.
function emptyTreeText() {
  const [name, detail] = lastSessionState;
  if (name === 'loading') return `Fetching ${app(detail.device)}'s document…`;
  if (name === 'device-error') return 'No document yet: the notice above says why.';
  return 'No document. Pick a device or open a snapshot file.';
}
let staleShown = false;
function showStale() {
  $('tree-empty').textContent = emptyTreeText();
  const text = noticeText();
  const stale = !!text && state.source?.kind === 'live';
  $('stale').hidden = !text;
  $('stale-text').textContent = text || '';
  // Only a device that is there can be asked again (a disconnected one comes back by itself).
  $('stale-fetch').hidden = lastSessionState[0] !== 'device-error';
  if (stale) $('layout').dataset.stale = ''; else delete $('layout').dataset.stale;
  const changed = stale !== staleShown;
  staleShown = stale;
  updateStatus();
  diffPanel.refreshChoices(); // its live side's label
  if (changed) state.emit('live'); // edits on, or off
}
state.on('document', showStale);
$('stale-fetch').addEventListener('click', () => binding?.resync());

function showBanner(text) {
  const banner = $('banner');
  banner.hidden = !text;
  banner.replaceChildren(...(text ? [h('span', {}, text), h('button.close', { type: 'button', id: 'banner-close', 'aria-label': 'Close this message', title: 'Close', onclick: () => showBanner('') })] : []));
}

// ---- Device list, remembered choice ----
const select = $('device-select');
function remembered() {
  try { return JSON.parse(localStorage.getItem(REMEMBERED) || 'null'); } catch { return null; }
}
// With the gateway down nobody can say which programs are connected.
const gatewayUp = () => !['disconnected', 'reconnecting', 'connecting', 'failed'].includes(lastSessionState[0]);
let lastDevices = [];
function renderDevices(devices) {
  lastDevices = devices;
  const chosen = binding?.identity || remembered();
  const chosenKey = identityKey(chosen);
  const options = [h('option', { value: '' }, devices.length ? 'Choose a device…' : 'No devices connected')];
  let found = false;
  for (const d of devices) {
    const key = identityKey(d.identity);
    if (key === chosenKey) found = true;
    const label = `${appName(d.info, d.identity)} · ${displayText(d.identity?.instance)} @ ${displayText(d.identity?.host)}` +
      `${d.info?.pid ? ` (pid ${displayText(d.info.pid)})` : ''}${!gatewayUp() ? ' · unknown (gateway down)' : d.state === 'connected' ? '' : ' · disconnected'}`;
    options.push(h('option', { value: key, selected: key === chosenKey, dataset: { deviceId: d.deviceId } }, label));
  }
  if (chosen && !found) options.push(h('option', { value: chosenKey, selected: true }, `${appName(null, chosen)} · ${displayText(chosen.instance)} (waiting)`));
  select.replaceChildren(...options);
  select.identities = new Map(devices.map((d) => [identityKey(d.identity), d.identity]));
  if (chosen && !found) select.identities.set(chosenKey, chosen);
}
select.addEventListener('change', () => {
  const identity = select.value ? select.identities.get(select.value) : null;
  if (identity) localStorage.setItem(REMEMBERED, stringifyJSON(identity)); else localStorage.removeItem(REMEMBERED);
  bindIdentity(identity);
});
function bindIdentity(identity) {
  if (!binding) return;
  address.schedule();
  liveModel = null;
  setRestartedModel(null); // another binding: the restart of this one no longer matters
  state.emit('live'); // no live process until the new binding's document comes
  if (state.source?.kind === 'live') state.setDocument(null, null);
  binding.bind(identity);
  diffPanel.refreshChoices();
}

// ---- Live documents ----
function showLive() {
  $('back-to-live').hidden = true;
  timeline.left();
  if (liveModel) state.setDocument(liveModel, { kind: 'live', name: identityKey(binding?.identity) });
  else state.setDocument(null, null);
  refreshPill();
}
function showFile(name) {
  const snapshot = files.get(name);
  if (!snapshot) return;
  state.setDocument(new TreeModel(copySnapshot(snapshot)), { kind: 'file', name });
  $('back-to-live').hidden = !liveModel;
  refreshPill();
}
function liveDocument(model) {
  if (viewPaused && liveModel && processKey(model.meta) !== processKey(liveModel.meta)) {
    setRestartedModel(model);
    pendingLive = true;
    return;
  }
  liveModel = model;
  liveRevisionTime = model.meta?.capturedAt ?? new Date().toISOString();
  timeline.liveDocument(model);
  state.emit('live'); // perhaps another process (a restart): what is kept per process follows
  loadProgramState();
  diffPanel.refreshChoices();
  if (viewPaused) { pendingLive = true; return; }
  diffPanel.liveChanged();
  if (!state.source || state.source.kind === 'live') {
    const started = performance.now();
    state.setDocument(model, { kind: 'live', name: identityKey(binding.identity) });
    lastUpdate = performance.now() - started;
  } else {
    $('back-to-live').hidden = false;
  }
  updateStatus();
}
/**
 * What the program keeps for every inspector, asked for with each document (attached, restarted,
 * fetched again after missed events): its list of live edits and whether its clock is paused.
 * Its events keep them current from then on.
 */
function loadProgramState() {
  properties.load();
  live.call('Runtime.getState', {}).then((result) => takeRunState(result), () => {});
}
function takeRunState(params) {
  try { programClock.take(params); } catch (error) { showBanner(`${error.message}.`); }
}

function liveUpdate(model, changes, update) {
  updateRate.note(performance.now());
  liveModel = model;
  liveRevisionTime = new Date().toISOString();
  timeline.liveUpdate(model, update);
  diffPanel.liveChanged(); // whichever document the views show
  if (state.source?.kind !== 'live' || state.model !== model) return;
  const started = performance.now();
  state.applyChanges(changes);
  lastUpdate = performance.now() - started;
  updateStatus();
}

function updateStatus() {
  const model = state.model;
  const text = !model ? 'No document'
    : `${state.source?.kind === 'file' ? `File ${state.source.name}` : staleShown ? 'Live, not current' : 'Live'} · ${model.size} elements · ${model.controllers.size} range controllers · revision ${displayText(model.revision)}` +
      (state.source?.kind === 'live'
        ? ` · ${updateRate.perSecond(performance.now()).toFixed(1)} updates/s · last update applied in ${lastUpdate.toFixed(1)} ms`
        : '');
  $('status-text').textContent = text;
  $('source').textContent = state.source ? (state.source.kind === 'file' ? state.source.name : '') : '';
  // Nothing to download or to freeze without a document.
  $('download-snapshot').disabled = !model;
  $('pause-view').disabled = !model && !viewPaused;
  // The window's title names what is on show: many inspector tabs are told apart by it.
  document.title = !model ? 'Weft inspector'
    : state.source?.kind === 'file' ? `${state.source.name} · Weft inspector` : `${appName(model.meta, binding?.identity)} · Weft inspector`;
}
state.on('document', updateStatus);
// The update rate falls when the stream slows or stops, and the notice counts down to the next
// automatic fetch: they are refreshed each second while shown.
setInterval(() => {
  if (!$('stale').hidden) $('stale-text').textContent = noticeText() || '';
  if (state.source?.kind === 'live') updateStatus();
}, 1000);

// ---- The program restarted while the view was paused ----
/**
 * A paused view keeps the document it had, and with it the records the page keeps for that
 * document's process (edits, tap probe, Drive log, Playground: per-process.js). When the
 * program restarts meanwhile, that process is gone: the view stays on it, says so, and sends
 * nothing to the new process, until the user goes live (resumes the view).
 */
function setRestartedModel(model) {
  const changed = !!restartedModel !== !!model;
  restartedModel = model;
  $('restarted').hidden = !model;
  if (model) {
    const { meta } = liveModel;
    $('restarted-text').textContent = `${appName(meta, meta)} restarted (pid ${displayText(meta.pid)} → ${displayText(model.meta.pid)}) while the view `
      + 'was paused. The view still shows the previous process\'s document, with its edits, tap probe, Drive log and '
      + 'Playground result, and sends the new process nothing until you go live.';
  }
  if (changed) state.emit('live'); // whether requests can go to the live process changed
}

/** Going live after a restart: the restarted process becomes the live one. */
function adoptRestartedModel() {
  if (!restartedModel) return;
  liveModel = restartedModel;
  setRestartedModel(null);
  loadProgramState(); // the new process's, which the held view could not ask for
  diffPanel.refreshChoices();
}
$('restarted-go-live').addEventListener('click', () => setViewPaused(false));

// ---- Update ops this page does not know (a newer program's): said while the live app is shown ----
function showUnknownOps() {
  const text = state.source?.kind === 'live' ? describeUnknownOps(binding?.document?.unknownOps) : null;
  $('unknown-ops').hidden = !text;
  $('unknown-ops-text').textContent = text || '';
}
state.on('document', showUnknownOps);
$('unknown-ops-fetch').addEventListener('click', () => binding?.resync());

// ---- Header buttons ----
$('pause-view').addEventListener('click', () => setViewPaused(!viewPaused));
function setViewPaused(paused) {
  viewPaused = paused;
  $('pause-view').setAttribute('aria-pressed', String(viewPaused));
  $('pause-view').textContent = viewPaused ? 'Resume view' : 'Pause view';
  if (!viewPaused) adoptRestartedModel();
  binding?.setPaused(viewPaused);
  if (!viewPaused && pendingLive) { pendingLive = false; if (liveModel && (!state.source || state.source.kind === 'live')) showLive(); }
  refreshPill();
}
$('back-to-live').addEventListener('click', () => { diffPanel.clear(); showBanner(''); showLive(); });
// Buttons that open a hidden file input (a <label> around it is not reachable by keyboard).
for (const button of document.querySelectorAll('[data-opens]')) button.addEventListener('click', () => $(button.dataset.opens).click());
$('open-snapshot').addEventListener('change', async (e) => {
  const names = await openFiles(e.target.files);
  e.target.value = '';
  if (names.length) showFile(names[names.length - 1]);
});
$('download-snapshot').addEventListener('click', () => {
  if (!state.model) return;
  const snapshot = state.model.toSnapshot();
  const capturedAt = state.source?.kind === 'live' && state.model === liveModel ? liveRevisionTime : undefined;
  const blob = new Blob([snapshotFileText(snapshot, { capturedAt })], { type: 'application/json' });
  const link = h('a', { href: URL.createObjectURL(blob), download: state.source?.kind === 'file' ? state.source.name
    : `${displayText(snapshot.meta.appId || 'snapshot')}-r${displayText(snapshot.revision)}.json` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
});

/** Reads snapshot files; a bad file gets a clear message. Returns the names of the good ones. */
async function openFiles(list) {
  const names = [];
  const errors = [];
  for (const file of list) {
    try {
      const snapshot = parseSnapshot(await file.text());
      files.set(file.name, snapshot);
      names.push(file.name);
    } catch (error) {
      errors.push(`${file.name}: ${error.message}`);
    }
  }
  showBanner(errors.length ? `Could not open ${errors.join('; ')}` : '');
  diffPanel.refreshChoices();
  return names;
}

// ---- Start: check the token, then connect ----
/** GET /api/devices with the token: 401 means a bad or missing token (a browser never sees an
 * upgrade's status, so this is how the page can tell). Resolves true when the token is refused. */
async function tokenRefused() {
  try {
    const response = await fetch('/api/devices', { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    return response.status === 401;
  } catch {
    return false; // the gateway may be restarting: the binding keeps retrying
  }
}

function showTokenRefused() {
  setPill('bad-token', token ? 'Bad token' : 'Token required');
  showBanner(token
    ? 'Bad token: the gateway refused the token in this page\'s address (#token=…). Open the link the gateway printed, or fix the token.'
    : 'This gateway requires a token: open the page as …/#token=YOUR_TOKEN (the gateway prints the link when it starts).');
}

async function start() {
  refreshPill();
  if (await tokenRefused()) { showTokenRefused(); return; }
  binding = new DeviceBinding({
    url: inspectorURL(location.origin, token),
    WebSocket: window.WebSocket,
    listeners: {
      onState: (name, detail) => {
        if (name === 'attached' && ['device-disconnected', 'disconnected', 'reconnecting'].includes(lastSessionState[0])) timeline.mark('reconnect');
        const wasUp = gatewayUp();
        lastSessionState = [name, detail || {}];
        if (wasUp !== gatewayUp()) renderDevices(lastDevices);
        state.emit('session', name);
        refreshPill();
        showStale();
        // A gateway restarted with another token refuses the WebSocket silently: check again.
        if (name === 'reconnecting' && detail && detail.attempt >= 2) {
          tokenRefused().then((refused) => { if (refused) { binding.stop(); showTokenRefused(); } });
        }
      },
      onDevices: (devices) => { address.devices(devices); renderDevices(devices); },
      onDocument: liveDocument,
      onUpdate: liveUpdate,
      // The view is paused, the recording is not: every revision received is kept.
      onHeld: (update) => timeline.heldUpdate(update),
      onUnknownOps: showUnknownOps,
      onEvent: (method, params) => {
        if (method === 'Layout.editDropped') properties.editDropped(params);
        // The program's list of edits and run state, whichever inspector changed them.
        if (method === 'Layout.editsChanged') properties.editsChanged(params);
        if (method === 'Runtime.stateChanged') takeRunState(params);
        // Edits, pauses, memory warnings and application states on the timeline, as recordings mark them.
        try { timeline.programEvent(method, params); } catch (error) { showBanner(`${error.message}.`); }
        // Chrome DevTools on the same program (docs/devtools.md): its highlight shows here as the
        // hover box, and while it is in inspect mode a pick on the screen selects there too.
        if (method === 'DevTools.highlighted') state.hover(params.id ?? null, 'devtools');
        if (method === 'DevTools.inspectMode') devToolsInspecting = params.active === true;
      },
    },
  });
  window.weft.binding = binding;
  state.on('selection', ({ id, origin }) => {
    // A pick DevTools can no longer take (it left inspect mode, the program went) is no error here.
    if (devToolsInspecting && origin === 'screen' && id) binding.call('DevTools.inspectNode', { id }).catch(() => {});
  });
  // The address's device first (bound once the gateway lists it), else the remembered one.
  const identity = address.linkedDevice ? null : remembered();
  if (identity) binding.bind(identity); // rebinds to the same app whenever it is listed
  binding.start();
}

window.weft = { state, treeView, screenView, properties, diffPanel, explainPanel, timeline, files, showFile, showLive, parseSnapshot, selectTab, address, panes,
  contextMenu, exploded, ranges, binding: null, devToolsInspecting: () => devToolsInspecting };
start();
