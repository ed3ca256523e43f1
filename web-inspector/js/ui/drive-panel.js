// Driving the app from the page: pause / step / resume its clock, drag or scroll a container,
// jump to an item, simulate a memory warning or background/foreground. Every reply (or error)
// is logged under the controls, newest first. A number field that does not read as a finite
// number stops its request in the page (JSON would turn NaN into null, an empty field into 0).
// The log is kept per process (per-process.js): a reply belongs to the process the request went
// to, so another device, or the same app restarted, starts with a log of its own.

import { h } from './dom.js';
import { parseValue } from '../layout-vocabulary.js';
import { PerProcess } from './per-process.js';
import { displayText } from '../json-values.js';

const APPLICATION_STATES = { active: 'in the foreground', background: 'in the background' };

const LOG_LENGTH = 50;

/** A field's text that is not a number: the request is not sent. */
class InputError extends Error {}

export class DrivePanel {
  /** @param {ProgramClock} clock the program's run state: the Runtime section says it */
  constructor(state, container, live, clock) {
    this.state = state;
    this.container = container;
    this.live = live;
    this.clock = clock;
    this.log = h('ol.muted', { id: 'drive-log', reversed: true, style: 'font-family: var(--mono); padding-left: 20px' });
    this.containerSelect = h('select', { id: 'drive-container', 'aria-label': 'Scroll container' });
    this.logs = new PerProcess(() => []); // per process: its log's entries (li), newest first
    this.build();
    // The live process changed (another device, a restart, none): show its log, and offer the
    // buttons only while a program is there to take their requests.
    state.on('live', () => { this.#showLog(); this.#enable(); });
    state.on('session', () => this.#enable());
    state.on('program-clock', () => this.#enable());
    this.#enable();
    state.on('document', () => this.#fillContainers());
    state.on('update', (changes) => { if (changes.ranges || changes.structure) this.#fillContainers(); });
    state.on('selection', () => this.#fillContainers());
  }

  build() {
    const number = (id, value, label, width = 56) => h('input', { type: 'text', id, value: String(value), 'aria-label': label, style: `width:${width}px` });
    const frames = number('drive-frames', 1, 'frames to step', 44);
    const dx = number('drive-dx', 0, 'drag dx');
    const dy = number('drive-dy', 300, 'drag dy (points the content moves: positive scrolls down)');
    const duration = number('drive-duration', 0.3, 'drag duration in seconds', 44);
    const index = number('drive-index', 10, 'item index');
    const offX = number('drive-offset-x', 0, 'content offset x');
    const offY = number('drive-offset-y', 0, 'content offset y');
    // params: a function, so the fields are read when the button is pressed.
    const button = (id, text, method, params) => h('button', { type: 'button', id, onclick: () => this.#run(method, params) }, text);
    const target = () => this.containerSelect.value;
    const n = (input, name) => {
      const parsed = parseValue('number', input.value);
      if (parsed.error) throw new InputError(`${name}: ${parsed.error}`);
      return parsed.value;
    };
    this.container.replaceChildren(
      h('div.muted', { id: 'drive-offline' }, 'No program is attached: Drive sends its requests to the attached program.'),
      h('div.section', {}, h('h3', {}, 'Runtime'),
        h('div.row-actions', {},
          button('drive-pause', 'Pause program', 'Runtime.pause', () => ({})),
          button('drive-step', 'Step', 'Runtime.step', () => ({ frames: Math.max(1, Math.floor(n(frames, 'frames'))) })), frames, 'frames',
          button('drive-resume', 'Resume program', 'Runtime.resume', () => ({}))),
        h('p', { id: 'drive-run-state', role: 'status' }),
        h('div.muted', {}, 'The program\'s own clock, the same for every inspector attached to it: a paused program changes only on Step (edits too). '
          + '"Pause view" in the header only freezes this page.')),
      h('div.section', {}, h('h3', {}, 'Scroll'),
        h('div.row-actions', {}, 'container', this.containerSelect),
        h('div.row-actions', {}, button('drive-drag', 'Drag', 'Scroll.drag', () => ({ id: target(), dx: n(dx, 'dx'), dy: n(dy, 'dy'), duration: n(duration, 'duration') })),
          'dx', dx, 'dy', dy, 'over', duration, 's'),
        h('div.row-actions', {}, button('drive-to-item', 'Scroll to item', 'Scroll.toItem', () => ({ id: target(), index: Math.floor(n(index, 'index')) })), index),
        h('div.row-actions', {}, button('drive-offset', 'Set offset', 'Scroll.setContentOffset', () => ({ id: target(), x: n(offX, 'x'), y: n(offY, 'y'), animated: false })), 'x', offX, 'y', offY)),
      h('div.section', {}, h('h3', {}, 'Application'),
        h('div.row-actions', {},
          button('drive-memory', 'Memory warning', 'Runtime.simulateMemoryWarning', () => ({})),
          button('drive-background', 'Background', 'Runtime.setApplicationState', () => ({ state: 'background' })),
          button('drive-foreground', 'Foreground', 'Runtime.setApplicationState', () => ({ state: 'active' })))),
      h('div.section', {}, h('h3', {}, 'Replies'), this.log),
    );
    this.#fillContainers();
  }

  #enable() {
    const attached = this.live.connected();
    const paused = this.clock.paused;
    for (const button of this.container.querySelectorAll('button')) button.disabled = !attached;
    // Pausing a paused program, or resuming a running one, does nothing.
    this.container.querySelector('#drive-pause').disabled = !attached || paused;
    this.container.querySelector('#drive-resume').disabled = !attached || !paused;
    this.container.querySelector('#drive-offline').hidden = attached;
    const frame = this.clock.frame;
    const application = this.clock.applicationState;
    // Sending the program to the state it is in does nothing.
    this.container.querySelector('#drive-background').disabled = !attached || application === 'background';
    this.container.querySelector('#drive-foreground').disabled = !attached || application === 'active';
    this.container.querySelector('#drive-run-state').textContent = !attached ? ''
      : (paused ? `The program is paused${frame === null ? '' : ` at frame ${frame}`}` : 'The program is running')
        + (application === null ? '.' : `, ${APPLICATION_STATES[application] ?? `application state ${displayText(application)}`}.`);
  }

  #fillContainers() {
    const model = this.state.model;
    const options = [];
    const seen = new Set();
    if (model) {
      for (const c of model.controllers.values()) {
        if (typeof c.owner !== 'string' || seen.has(c.owner)) continue; // a file's own value names no container
        seen.add(c.owner);
        const el = model.get(c.owner);
        // An owner not in the tree (released, or a file's stale name) cannot be driven.
        if (el) options.push([c.owner, `${displayText(el.className)} ${c.owner} (${displayText(c.dataSource || c.id)})`]);
      }
      const selected = this.state.selectedId && model.get(this.state.selectedId);
      if (selected && selected.kind !== 'spec' && !seen.has(selected.id)) options.push([selected.id, `selected: ${displayText(selected.className)} ${selected.id}`]);
    }
    const previous = this.containerSelect.value;
    this.containerSelect.replaceChildren(...options.map(([value, label]) => h('option', { value, selected: value === previous }, label)));
    if (!options.length) this.containerSelect.append(h('option', { value: '' }, 'no scroll container'));
  }

  /**
   * Shows the live process's log, where the buttons' requests go, under the controls. With no
   * live process (none picked, or its document not yet in), the page's own log
   * (PerProcess.shown).
   */
  #showLog() {
    this.log.replaceChildren(...this.logs.shown(this.live.appKey()));
  }

  async #run(method, buildParams) {
    let params;
    let unsent = null;
    try { params = buildParams(); } catch (error) {
      if (!(error instanceof InputError)) throw error;
      unsent = error;
    }
    const entry = h('li', {}, unsent ? `${method} not sent: ${unsent.message}` : `${method} ${displayText(params)} …`);
    // The entry stays in its process's log, shown or not, and the reply fills it in there.
    const entries = this.logs.shown(this.live.appKey());
    entries.unshift(entry);
    entries.splice(LOG_LENGTH);
    this.#showLog();
    if (unsent) { entry.className = 'error-text'; return; }
    try {
      const result = await this.live.call(method, params);
      entry.textContent = `${method} → ${displayText(result)}`;
      entry.dataset.ok = 'true';
    } catch (error) {
      entry.textContent = `${method} failed: ${error.message}`;
      entry.className = 'error-text';
    }
  }
}
