// Range controllers: Texture's debug bar per controller (label, preload/display/visible strips,
// direction arrows), a map of every item coloured by its interface state, and the tuning
// parameters of every mode and range type, editable live (Range.setTuningParameters).

import { h, num } from './dom.js';
import { patchChildren } from './dom-patch.js';
import { rangeBarGeometry, itemStateMasks, STRIP_COLORS, BAR_HEIGHT, STRIP_HEIGHT } from '../range-bars.js';
import { PerProcess, shownProcessKey } from './per-process.js';
import { displayText } from '../json-values.js';
import { numberValue } from '../tree-model.js';
import { formatValue } from '../layout-vocabulary.js';
import { rangeMode } from '../implied-values.js';

const BAR_WIDTH = 300;
const BAR_SCALE = 1.25; // drawn larger than Texture's points for legibility; proportions unchanged
const CELL = 8;
const MAX_MAPPED_ITEMS = 20000;
const STRIP_ANIMATION_MS = 300;
const MODES = ['minimum', 'full', 'visibleOnly', 'lowMemory'];

const STATE_COLORS = [
  [8, '#34a853', 'visible'], [4, '#fbbc04', 'display'], [2, '#fa7b17', 'preload'], [1, '#c4c7c5', 'measureLayout'],
];

export class RangesPanel {
  constructor(state, container, live) {
    this.state = state;
    this.container = container;
    this.live = live;
    // Per process (another process's controllers may have the same ids): errors:
    // `${controller}:${mode}:${rangeType}` -> {message, texts: the refused [leading, trailing]
    // as typed, kept in the fields}; edits: the same key -> {old, value} ([leading, trailing]).
    this.errors = new PerProcess(() => new Map());
    this.edits = new PerProcess(() => new Map());
    this.shownIds = ''; // the controllers on show: the same ones are updated in place
    this.frame = 0;
    this.shown = new Map(); // controller id -> strips as last drawn (animation start)
    this.animations = new Map(); // controller id -> its running animation step
    this.dirty = false;
    // Anything but an update may change every card (editable or not, another process's errors).
    const all = () => { this.stale = true; this.schedule(); };
    state.on('document', all);
    state.on('live', all); // the tuning fields are editable only while requests reach the process on show
    state.on('update', (changes) => { if (changes.ranges) this.schedule(); });
    state.on('tab', (name) => { if (name === 'ranges' && this.dirty) this.render(); });
    this.render();
  }

  /** Renders at the next frame when the panel is shown, else when its tab is selected. */
  schedule() {
    if (this.container.hidden) { this.dirty = true; return; }
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.render(); });
  }

  render() {
    this.dirty = false;
    const model = this.state.model;
    if (!model) this.shown.clear();
    const controllers = model ? [...model.controllers.values()] : [];
    if (!controllers.length) {
      this.container.replaceChildren(h('div.empty', {}, model ? 'This document has no range controllers.' : 'No document.'));
      return;
    }
    const ids = controllers.map((c) => c.id).join('\u0000');
    // Updates come 30 times a second while the app scrolls: only the cards of controllers that
    // changed (an update replaces a changed controller's object) are rebuilt and patched in place
    // (a field being typed in keeps its text and focus), and their canvases repainted, so this
    // tab costs what the others do. Other controllers, or another reason to render, redo all.
    const cards = new Map([...this.container.querySelectorAll('.section[data-controller]')].map((card) => [card.dataset.controller, card]));
    if (ids === this.shownIds && cards.size === controllers.length) {
      for (const c of controllers) {
        const card = cards.get(c.id);
        if (card.built === c && !this.stale) continue;
        patchChildren(card, this.#controller(c));
        card.built = c;
        this.#repaint(c);
      }
      this.stale = false;
      return;
    }
    const legend = h('div.legend', {}, STATE_COLORS.map(([, color, name]) => h('span', {}, h('i', { style: `background:${color}` }), name)),
      h('span', {}, h('i', { style: 'background:#fff' }), 'none'));
    const fresh = controllers.map((c) => Object.assign(this.#controller(c), { built: c }));
    this.container.replaceChildren(legend, ...fresh);
    this.shownIds = ids;
    this.stale = false;
    for (const c of controllers) this.#repaint(c);
  }

  #controller(c) {
    const owner = this.state.model.get(c.owner);
    const bar = h('canvas.range-bar', { style: `width:${BAR_WIDTH * BAR_SCALE}px;aspect-ratio:${BAR_WIDTH} / ${BAR_HEIGHT}`, role: 'img', dataset: { controller: c.id }, 'aria-label': `range bar of ${displayText(c.dataSource || c.id)}` });
    const map = h('canvas.state-map', { role: 'img', dataset: { controller: c.id }, 'aria-label': `item states of ${displayText(c.dataSource || c.id)}` });
    const card = h('div.section', { dataset: { controller: c.id } },
      h('h3', {}, `${displayText(c.dataSource || 'range controller')} · ${displayText(c.id)}`),
      h('div.muted', {}, owner ? h('a', { href: '#', onclick: (e) => { e.preventDefault(); this.state.select(c.owner); } }, `${displayText(owner.className)} ${c.owner}`) : displayText(c.owner),
        ` · ${displayText(c.orientation || 'vertical')} · mode `, h('b', { class: 'range-mode' }, displayText(rangeMode(c))),
        ` · scrolling ${formatValue(c.scrollDirection).replaceAll(', ', '|') || 'none'}`),
      bar,
      h('dl.props', {},
        h('dt', {}, 'items'), h('dd', {}, displayText(c.itemCount ?? 0)),
        h('dt', {}, 'visible'), h('dd', { class: 'runs-visible' }, runs(c.visible)),
        h('dt', {}, 'display'), h('dd', { class: 'runs-display' }, runs(c.display)),
        h('dt', {}, 'preload'), h('dd', { class: 'runs-preload' }, runs(c.preload)),
        h('dt', {}, 'offset'), h('dd', { class: 'content-offset' }, offsetText(c))),
      map,
      this.#tuningTable(c));
    return card;
  }

  /** Repaints a controller's bar and map, unless they show this very controller already. */
  #repaint(c) {
    const bar = this.container.querySelector(`canvas.range-bar[data-controller="${CSS.escape(c.id)}"]`);
    const map = this.container.querySelector(`canvas.state-map[data-controller="${CSS.escape(c.id)}"]`);
    if (bar) this.#paintBar(bar, c);
    if (map) this.#paintMap(map, c);
  }

  /**
   * Texture's bar: translucent black, white label on top, strips below it, white arrows. Like
   * Texture's, the strips glide to their new place (0.3 s) when the controller changes.
   */
  #paintBar(canvas, c) {
    const geometry = rangeBarGeometry(c, BAR_WIDTH);
    canvas.dataset.strips = JSON.stringify(geometry.strips.map((s) => [s.range, round(s.x), round(s.width)]));
    const from = this.shown.get(c.id);
    if (!from || matchMedia('(prefers-reduced-motion: reduce)').matches) {
      this.#drawBar(canvas, geometry, geometry.strips);
      this.shown.set(c.id, geometry.strips);
      return;
    }
    const started = performance.now();
    const step = (now) => {
      // A frame's time is when it began, which may be before the glide started (a task started
      // it while the frame was under way): before the start is the start, not a step back past
      // it, where a narrow strip would get a negative width and the canvas would throw.
      const t = Math.min(1, Math.max(0, (now - started) / STRIP_ANIMATION_MS));
      const ease = 1 - (1 - t) * (1 - t);
      const strips = geometry.strips.map((target) => {
        const old = from.find((s) => s.range === target.range) || target;
        return { range: target.range, x: old.x + (target.x - old.x) * ease, width: old.width + (target.width - old.width) * ease };
      });
      const current = this.container.querySelector(`canvas.range-bar[data-controller="${CSS.escape(c.id)}"]`);
      if (current) this.#drawBar(current, geometry, strips);
      this.shown.set(c.id, strips);
      if (t < 1 && this.animations.get(c.id) === step) requestAnimationFrame(step);
    };
    this.animations.set(c.id, step);
    step(started);
  }

  #drawBar(canvas, geometry, strips) {
    const pixels = BAR_SCALE * (window.devicePixelRatio || 1);
    sizeCanvas(canvas, Math.round(BAR_WIDTH * pixels), Math.round(BAR_HEIGHT * pixels));
    const ctx = canvas.getContext('2d');
    ctx.setTransform(pixels, 0, 0, pixels, 0, 0);
    ctx.clearRect(0, 0, BAR_WIDTH, BAR_HEIGHT);
    ctx.fillStyle = 'rgba(0, 0, 0, 0.4)';
    ctx.fillRect(0, 0, BAR_WIDTH, BAR_HEIGHT);
    ctx.fillStyle = '#fff';
    ctx.font = '9px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillText(geometry.label, BAR_WIDTH / 2, 1);
    const y = 12;
    for (const strip of strips) {
      roundRect(ctx, strip.x, y, strip.width, STRIP_HEIGHT, 3);
      ctx.fillStyle = STRIP_COLORS[strip.range];
      ctx.fill();
      ctx.lineWidth = 1;
      ctx.strokeStyle = STRIP_COLORS.border;
      ctx.stroke();
    }
    ctx.fillStyle = '#fff';
    ctx.font = '8px system-ui, sans-serif';
    for (const arrow of geometry.arrows) ctx.fillText(arrow.glyph, arrow.x + arrow.width / 2, arrow.y + 1);
  }

  #paintMap(canvas, c) {
    const masks = itemStateMasks(c, MAX_MAPPED_ITEMS);
    const count = masks.length;
    const total = Math.max(count, numberValue(c.itemCount) || 0);
    const columns = Math.floor(BAR_WIDTH / CELL);
    const rows = Math.max(1, Math.ceil(count / columns));
    sizeCanvas(canvas, columns * CELL, rows * CELL);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    for (let i = 0; i < count; i++) {
      const mask = masks[i];
      const entry = STATE_COLORS.find(([bit]) => mask & bit);
      if (!entry) continue;
      ctx.fillStyle = entry[1];
      ctx.fillRect((i % columns) * CELL, Math.floor(i / columns) * CELL, CELL - 1, CELL - 1);
    }
    canvas.dataset.states = Array.from(masks.slice(0, Math.min(count, 200))).join(',');
    canvas.title = count < total ? `first ${count} of ${total} items` : `${count} items`;
  }

  #tuningTable(c) {
    const tuning = c.tuning || {};
    const key = shownProcessKey(this.state, this.live);
    const errors = this.errors.of(key);
    const edits = this.edits.of(key);
    const rows = MODES.map((mode) => {
      const cells = [];
      const notes = [];
      for (const rangeType of ['display', 'preload']) {
        const values = (tuning[mode] && tuning[mode][rangeType]) || [0, 0];
        const fieldKey = `${c.id}:${mode}:${rangeType}`;
        const error = errors.get(fieldKey);
        const edit = edits.get(fieldKey);
        values.forEach((value, side) => {
          const typed = error?.texts[side];
          const input = h('input', { type: 'text', value: typed ?? formatValue(value), 'aria-label': tuningFieldName(mode, rangeType, side),
            'aria-invalid': error ? 'true' : false, class: edit ? 'edited' : false,
            dataset: { mode, rangeType, side: String(side) }, disabled: !this.live.canEdit() });
          input.addEventListener('change', () => this.#setTuning(c, mode, rangeType, input.closest('tr')));
          cells.push(h('td', {}, input));
        });
        if (edit) {
          notes.push(h('span', {}, `${rangeType} edited (was ${edit.old.map(formatValue).join(', ')}) `,
            h('button.revert', { type: 'button', dataset: { revert: fieldKey }, 'aria-label': `Revert ${mode} ${rangeType}`,
              onclick: () => this.#setTuning(c, mode, rangeType, null, edit.old) }, '↺')));
        }
        if (error) notes.push(h('span.edit-error', { role: 'alert' }, error.message));
      }
      return [h('tr', { dataset: { mode } }, h('th', {}, mode === rangeMode(c) ? h('b', {}, `${mode} ●`) : mode), ...cells),
        notes.length ? h('tr.tuning-notes', {}, h('td', { colspan: 5 }, notes)) : null].filter(Boolean);
    });
    return h('table.grid.tuning-table', {},
      h('thead', {}, h('tr', {}, h('th', {}, 'tuning (screenfuls)'), h('th', {}, 'display lead'), h('th', {}, 'trail'), h('th', {}, 'preload lead'), h('th', {}, 'trail'))),
      h('tbody', {}, rows.flat()));
  }

  /**
   * Sends a mode's range type's tuning: the row's two fields, or `values` (a revert). A field
   * that is not a number ≥ 0 is named in the error and keeps what was typed until corrected.
   */
  async #setTuning(c, mode, rangeType, row, values = null) {
    const texts = values ? values.map(String) : [...row.querySelectorAll(`input[data-range-type="${rangeType}"]`)].map((input) => input.value);
    const key = `${c.id}:${mode}:${rangeType}`;
    const appKey = this.live.appKey(); // the process the tuning goes to
    const errors = this.errors.of(appKey);
    const edits = this.edits.of(appKey);
    const bad = texts.findIndex((text) => !/^\s*\d+(\.\d+)?\s*$/.test(text));
    if (bad >= 0) {
      errors.set(key, { message: `${tuningFieldName(mode, rangeType, bad)}: screenfuls are numbers ≥ 0, e.g. 1.5 (got "${texts[bad].trim()}")`, texts });
    } else {
      const [leading, trailing] = texts.map((text) => Number(text.trim()));
      const old = (c.tuning && c.tuning[mode] && c.tuning[mode][rangeType]) || [0, 0];
      try {
        await this.live.call('Range.setTuningParameters', { controller: c.id, mode, rangeType, leading, trailing });
        errors.delete(key);
        const first = edits.get(key)?.old ?? old;
        if (values || (first[0] === leading && first[1] === trailing)) edits.delete(key);
        else edits.set(key, { old: first, value: [leading, trailing] });
      } catch (error) {
        errors.set(key, { message: `${tuningFieldName(mode, rangeType, 0).replace(/ leading$/, '')}: ${error.message}`, texts });
      }
    }
    document.activeElement?.blur();
    this.stale = true;
    this.render();
  }
}

/** Sizes a canvas's bitmap, only when it changes: setting it reallocates and clears the canvas. */
function sizeCanvas(canvas, width, height) {
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
}

/** A tuning field as the page names it (its label and its errors). */
function tuningFieldName(mode, rangeType, side) {
  return `${mode} ${rangeType} ${side ? 'trailing' : 'leading'}`;
}

/** Content offset of the content size (docs/snapshot-format.md defaults: zero). */
function offsetText(c) {
  const [x, y] = c.contentOffset || [0, 0];
  const [w, h] = c.contentSize || [0, 0];
  return `${num(x)}, ${num(y)} of ${num(w)} × ${num(h)}`;
}

function runs(list) {
  if (!list || !list.length) return 'none';
  return list.map(([a, b]) => (a === b ? displayText(a) : `${displayText(a)}–${displayText(b)}`)).join(', ');
}

function round(v) { return Math.round(v * 100) / 100; }

function roundRect(ctx, x, y, w, h, r) {
  const radius = Math.min(r, w / 2, h / 2);
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + w, y, x + w, y + h, radius);
  ctx.arcTo(x + w, y + h, x, y + h, radius);
  ctx.arcTo(x, y + h, x, y, radius);
  ctx.arcTo(x, y, x + w, y, radius);
  ctx.closePath();
}
