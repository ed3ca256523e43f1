// The 3D exploded view of the screen (Reveal, Lookin, Xcode's view debugger): every element a
// layer at its depth among the elements shown, `spacing` points in front of its parent's, in
// perspective or orthographic (exploded-projection.js). Dragging turns the stack (Shift or the
// middle button: pans), the wheel or a pinch zooms about the pointer, the keyboard turns, pans
// and zooms; hovering marks the front-most layer under the pointer, a click selects it, and with
// Alt held the distances between the selected and hovered elements are drawn in the hovered
// layer's plane (measure.js, as the flat view measures). Layers are clipped as the flat screen
// clips them (a clipping ancestor hides what it hides) and their marks also to their window;
// names label the layers large enough to hold them, never overlapping. The selection, hover,
// diff, probe and Explain marks and the slop and scaling overlays are drawn as on the flat screen.

import { makeCamera, layerHomography, applyHomography, projectRect, unprojectPoint, affineAt, layerOrder, pickLayer, fitView, placeLabels } from '../exploded-projection.js';
import { tappablePieces, slopRect, scalingLabel, intersectRects } from '../overlay-geometry.js';
import { paintExplainHighlights } from './explain-overlay.js';
import { elementName } from '../tree-model.js';
import { cssColor } from '../css-color.js';
import { fontSize, paintElementText, paintPlaceholder } from './element-text.js';
import { num } from './dom.js';

const COLORS = {
  node: 'rgba(26, 115, 232, 0.85)', spec: 'rgba(142, 68, 173, 0.75)', fill: 'rgba(255, 255, 255, 0.32)',
  screen: 'rgba(255, 255, 255, 0.92)', image: 'rgba(238, 241, 245, 0.9)', imageCross: 'rgba(95, 99, 104, 0.45)',
  selected: 'rgba(26, 115, 232, 0.3)', selectedStroke: '#1a73e8', hover: 'rgba(26, 115, 232, 0.14)', hoverStroke: 'rgba(26, 115, 232, 0.95)',
  changed: 'rgba(232, 113, 10, 0.3)', changedStroke: '#e8710a', probe: '#188038', scaling: '#d93025',
  measure: '#d93025', measureGuide: 'rgba(217, 48, 37, 0.55)',
};
// Label colours per theme: dark text on light pills, or light on dark.
const LABEL_THEMES = {
  light: { pill: 'rgba(255, 255, 255, 0.9)', text: '#1f2328', border: 'rgba(0, 0, 0, 0.18)' },
  dark: { pill: 'rgba(30, 31, 34, 0.9)', text: '#e3e3e6', border: 'rgba(255, 255, 255, 0.22)' },
};
const START = { yaw: -0.4, pitch: 0.2 };
const MAX_PITCH = 1.4;
const TURN_STEP = Math.PI / 36; // 5° per arrow key
const PAN_STEP = 24; // px per Shift+arrow
const ZOOM_STEP = 1.25;
const MIN_ZOOM = 0.02;
const MAX_ZOOM = 40;
const LABEL_FONT = '11px system-ui, sans-serif';
const LABEL_HEIGHT = 15;
const MIN_LABEL_WIDTH = 36; // px of a layer's top edge under which it gets no label
const MAX_LABELS = 120;
const SPEC_LABEL_WEIGHT = 0.25; // nodes are named before specs of the same size
const toRadians = (degrees) => (degrees * Math.PI) / 180;
const toDegrees = (radians) => Math.round((radians * 180) / Math.PI);

export class ExplodedView {
  /**
   * @param {object} controls {toggle: button, group: the 3D controls, spacing, perspective, fov,
   *   labels, reset: its own controls; specs, slop, scaling: the screen's overlay checkboxes;
   *   zoomIn, zoomOut, fit, zoomLabel: the screen's zoom controls, which act on this view while shown}
   */
  constructor(state, container, screenView, controls) {
    this.state = state;
    this.container = container;
    this.screenView = screenView;
    this.controls = controls;
    this.on = false;
    this.layers = []; // per depth: [{i, id, rect: visible part, window, outside}] in paint order
    this.entries = new Map(); // id -> {depth, entry}
    this.scene = null;
    this.view = { ...START, spacing: Number(controls.spacing.value), zoom: 1, pan: [0, 0],
      fov: toRadians(Number(controls.fov.value)), perspective: controls.perspective.checked };
    this.frame = 0;
    this.description = '';
    this.placedLabels = []; // the labels drawn last: [{entry, text, rect}]
    this.canvas = document.createElement('canvas');
    Object.assign(this.canvas, { id: 'screen-3d', className: 'exploded', hidden: true, tabIndex: 0 });
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-describedby', 'screen-3d-help');
    const help = document.createElement('span');
    Object.assign(help, { id: 'screen-3d-help', className: 'visually-hidden', hidden: true,
      textContent: 'Arrow keys turn the stack, Shift with the arrows pans, + and − zoom, 0 resets. '
        + 'Select layers in the element tree; the selection is outlined here.' });
    container.append(this.canvas, help);
    this.help = help;
    this.#bindControls();
    state.on('document', ({ sameSource }) => { this.#layout(); if (!sameSource) this.fit(); });
    state.on('update', () => this.#layout());
    // The flat view's zoom label is this view's while it is shown (the flat view may fit itself meanwhile).
    state.on('view', () => { if (this.on) this.#showZoom(this.view.zoom); });
    for (const name of ['selection', 'hover', 'diff', 'highlights', 'measuring']) state.on(name, () => this.schedule());
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.schedule());
    new ResizeObserver(() => this.schedule()).observe(container);
    this.#bindPointer();
    this.#bindKeyboard();
  }

  setOn(on) {
    this.on = on;
    const { toggle, group } = this.controls;
    toggle.setAttribute('aria-pressed', String(on));
    group.hidden = !on;
    this.canvas.hidden = !on;
    this.help.hidden = !on;
    this.container.classList.toggle('exploded-on', on);
    // The flat screen is an image; while the 3D view is shown it is the group holding this one.
    this.container.setAttribute('role', on ? 'group' : 'img');
    this.container.tabIndex = on ? -1 : 0;
    if (on) { this.#layout(); this.fit(); } else this.#showZoom(this.screenView.view.zoom);
  }

  #bindControls() {
    const c = this.controls;
    c.toggle.addEventListener('click', () => this.setOn(!this.on));
    c.spacing.addEventListener('input', () => { this.view.spacing = Number(c.spacing.value); this.schedule(); });
    c.fov.addEventListener('input', () => { this.view.fov = toRadians(Number(c.fov.value)); this.schedule(); });
    c.perspective.addEventListener('change', () => { this.view.perspective = c.perspective.checked; c.fov.disabled = !c.perspective.checked; this.fit(); });
    c.labels.addEventListener('change', () => this.schedule());
    c.reset.addEventListener('click', () => this.reset());
    c.specs.addEventListener('change', () => this.#layout());
    for (const overlay of [c.slop, c.scaling]) overlay.addEventListener('change', () => this.schedule());
    // The screen's zoom buttons zoom this view while it is shown (before the flat view's own handlers).
    const take = (button, action) => button.addEventListener('click', (e) => {
      if (!this.on) return;
      e.stopImmediatePropagation();
      action();
    }, { capture: true });
    take(c.zoomIn, () => this.zoomBy(ZOOM_STEP));
    take(c.zoomOut, () => this.zoomBy(1 / ZOOM_STEP));
    take(c.fit, () => this.fit());
  }

  /**
   * The layers: each shown element at its depth among the shown elements (specs hidden leave
   * no empty layers), the part of its box its clipping ancestors leave visible, and its window.
   */
  #layout() {
    const boxes = this.state.boxes;
    this.layers = [];
    this.entries = new Map();
    this.scene = null;
    if (!this.on) return; // setOn lays out again
    if (!boxes) { this.schedule(); return; }
    const specs = this.controls.specs.checked;
    const depth = new Int32Array(boxes.count); // depth among the shown elements
    const root = new Int32Array(boxes.count);
    for (let i = 0; i < boxes.count; i++) {
      const parent = boxes.parent[i];
      root[i] = parent < 0 ? i : root[parent];
      const shown = specs || boxes.elements[i].kind !== 'spec';
      depth[i] = parent < 0 ? 0 : depth[parent] + (specs || boxes.elements[parent].kind !== 'spec' ? 1 : 0);
      if (!shown) continue;
      const rect = boxes.visibleRect(i);
      if (!rect) continue; // hidden whole by a clipping ancestor
      const r = root[i];
      const window = [boxes.x[r], boxes.y[r], boxes.w[r], boxes.h[r]];
      const entry = { i, id: boxes.ids[i], rect, window, outside: !intersectRects(rect, window) && rect[2] > 0 && rect[3] > 0 };
      (this.layers[depth[i]] ||= []).push(entry);
      this.entries.set(entry.id, { depth: depth[i], entry });
    }
    this.scene = { centre: [boxes.width / 2, boxes.top + boxes.height / 2], width: boxes.width, height: boxes.height, layers: this.layers.length };
    this.schedule();
  }

  #viewport() { return [this.canvas.clientWidth, this.canvas.clientHeight]; }

  #camera() { return makeCamera(this.view, this.scene, this.#viewport()); }

  /** Zoom and pan that show the whole stack, at the current turn. */
  fit() {
    const boxes = this.state.boxes;
    const [width, height] = this.#viewport();
    if (!this.scene || !width || !height || !boxes.width || !boxes.height) { this.schedule(); return; }
    Object.assign(this.view, fitView(this.view, this.scene, [width, height], [0, boxes.top, boxes.width, boxes.height]));
    this.#viewChanged();
  }

  /** The first turn, fitted. */
  reset() {
    Object.assign(this.view, START);
    this.fit();
  }

  /** Zooms by `factor` keeping screen point (x, y) (px in the canvas; its centre by default) in place. */
  zoomBy(factor, x = this.canvas.clientWidth / 2, y = this.canvas.clientHeight / 2) {
    const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, this.view.zoom * factor));
    // A screen point is centre + pan + zoom x (its projection at zoom 1): keep it under (x, y).
    const cx = this.canvas.clientWidth / 2 + this.view.pan[0];
    const cy = this.canvas.clientHeight / 2 + this.view.pan[1];
    const k = zoom / this.view.zoom;
    this.view.pan = [x - this.canvas.clientWidth / 2 - (x - cx) * k, y - this.canvas.clientHeight / 2 - (y - cy) * k];
    this.view.zoom = zoom;
    this.#viewChanged();
  }

  turnBy(yaw, pitch) {
    this.view.yaw += yaw;
    this.view.pitch = Math.max(-MAX_PITCH, Math.min(MAX_PITCH, this.view.pitch + pitch));
    this.#viewChanged();
  }

  panBy(dx, dy) {
    this.view.pan = [this.view.pan[0] + dx, this.view.pan[1] + dy];
    this.#viewChanged();
  }

  #viewChanged() {
    this.#showZoom(this.view.zoom);
    this.schedule();
  }

  #showZoom(zoom) { this.controls.zoomLabel.textContent = `${Math.round(zoom * 100)}%`; }

  schedule() {
    if (!this.on || this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.paint(); });
  }

  paint() {
    const ratio = window.devicePixelRatio || 1;
    const [width, height] = this.#viewport();
    if (this.canvas.width !== Math.round(width * ratio)) this.canvas.width = Math.round(width * ratio);
    if (this.canvas.height !== Math.round(height * ratio)) this.canvas.height = Math.round(height * ratio);
    const ctx = this.canvas.getContext('2d');
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const boxes = this.state.boxes;
    if (!boxes || !this.scene) {
      paintPlaceholder(ctx, 'The layers of the document appear here.', width, height);
      this.#describe();
      return;
    }
    const camera = this.#camera();
    const marks = this.#marks();
    const labels = this.controls.labels.checked ? [] : null;
    this.placedLabels = [];
    for (const depth of layerOrder(camera, this.layers.length)) {
      const layer = this.layers[depth];
      if (!layer) continue;
      const h = layerHomography(camera, depth);
      const drawn = this.#paintLayer(ctx, boxes, layer, h);
      this.#paintTexts(ctx, boxes, drawn, h, ratio);
      if (labels) this.#labelCandidates(boxes, drawn, labels);
      for (const [rect, ...style] of marks.get(depth) || []) this.#paintQuad(ctx, projectRect(h, rect), ...style);
      if (this.controls.slop.checked) this.#paintSlop(ctx, boxes, layer, h);
    }
    // The overlays the user turned on or asked for go over the labels.
    if (labels) this.#paintLabels(ctx, boxes, labels);
    this.#paintHighlights(ctx, camera, ratio);
    this.#paintProbePoint(ctx, camera);
    if (this.controls.scaling.checked) this.#paintScaling(ctx, boxes, camera);
    this.#paintMeasurement(ctx, boxes, camera);
    this.#describe();
  }

  /**
   * A layer's elements in view, in paint order: the plain ones' veil in one fill, then the
   * coloured fills (windows, backgrounds, images), then all their outlines. Returns what it drew,
   * [{entry, quad}], for the texts and labels.
   */
  #paintLayer(ctx, boxes, layer, h) {
    const [width, height] = this.#viewport();
    const drawn = [];
    const veils = new Path2D();
    const coloured = [];
    const nodes = new Path2D();
    const faint = new Path2D(); // wholly outside their window: outlined faintly, as the flat screen veils them
    const specs = new Path2D();
    for (const entry of layer) {
      const quad = projectRect(h, entry.rect);
      if (!quadShows(quad, width, height)) continue;
      drawn.push({ entry, quad });
      const el = boxes.elements[entry.i];
      if (el.kind === 'spec') { addQuad(specs, quad); continue; }
      if (entry.outside) { addQuad(faint, quad); continue; }
      addQuad(nodes, quad);
      const isRoot = boxes.parent[entry.i] < 0;
      if (isRoot || el.props?.image || el.props?.backgroundColor) coloured.push({ el, quad, isRoot });
      else addQuad(veils, quad);
    }
    ctx.fillStyle = COLORS.fill;
    ctx.fill(veils);
    for (const { el, quad, isRoot } of coloured) this.#fill(ctx, el, isRoot, quad);
    ctx.lineWidth = 1;
    ctx.strokeStyle = COLORS.node;
    ctx.stroke(nodes);
    ctx.globalAlpha = 0.35;
    ctx.stroke(faint);
    ctx.globalAlpha = 1;
    ctx.setLineDash([4, 3]);
    ctx.strokeStyle = COLORS.spec;
    ctx.stroke(specs);
    ctx.setLineDash([]);
    return drawn;
  }

  /**
   * Label candidates of the layers drawn: the selected and hovered ones always, first; the others
   * when their top edge and side are long enough to hold a label, larger first, nodes before specs.
   */
  #labelCandidates(boxes, drawn, labels) {
    const { selectedId, hoveredId } = this.state;
    for (const { entry, quad } of drawn) {
      if (entry.outside) continue;
      const named = entry.id === selectedId ? 2 : entry.id === hoveredId ? 1 : 0;
      if (named) { labels.push({ entry, at: quad[0], room: Infinity, priority: Number.MAX_VALUE * (named / 2) }); continue; }
      const top = Math.hypot(quad[1][0] - quad[0][0], quad[1][1] - quad[0][1]);
      const side = Math.hypot(quad[3][0] - quad[0][0], quad[3][1] - quad[0][1]);
      if (top < MIN_LABEL_WIDTH || side < LABEL_HEIGHT) continue;
      const weight = boxes.elements[entry.i].kind === 'spec' ? SPEC_LABEL_WEIGHT : 1;
      labels.push({ entry, at: quad[0], room: top, priority: top * side * weight });
    }
  }

  /** The texts of the text nodes drawn, through the layer's map at each text (when large enough to read). */
  #paintTexts(ctx, boxes, drawn, h, ratio) {
    for (const { entry: { i, rect, outside } } of drawn) {
      const el = boxes.elements[i];
      if (outside || typeof el.props?.text !== 'string' || !el.props.text) continue;
      const [a, b, c, d, e, f] = affineAt(h, rect[0] + rect[2] / 2, rect[1] + rect[3] / 2);
      if (fontSize(el) * Math.sqrt(Math.abs(a * d - b * c)) < 4) continue;
      ctx.setTransform(a * ratio, b * ratio, c * ratio, d * ratio, e * ratio, f * ratio);
      paintElementText(ctx, el, [boxes.x[i], boxes.y[i]], rect);
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  }

  /** An element's own fill: a window white, an image's placeholder (crossed), else its background colour. */
  #fill(ctx, el, isRoot, quad) {
    const props = el.props || {};
    if (isRoot) ctx.fillStyle = COLORS.screen;
    else if (props.image) ctx.fillStyle = COLORS.image;
    else { ctx.fillStyle = 'transparent'; ctx.fillStyle = cssColor(props.backgroundColor); } // unreadable: nothing
    ctx.fill(addQuad(new Path2D(), quad));
    if (props.image) {
      ctx.strokeStyle = COLORS.imageCross;
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(...quad[0]); ctx.lineTo(...quad[2]); ctx.moveTo(...quad[1]); ctx.lineTo(...quad[3]);
      ctx.stroke();
    }
  }

  /**
   * The marks per depth: [rect, fill, stroke, lineWidth, dash], each the element's visible part
   * in its window (as the flat overlay clips them), drawn on its layer in the painter's order.
   */
  #marks() {
    const marks = new Map();
    const add = (id, ...style) => {
      const found = this.entries.get(id);
      const rect = found && intersectRects(found.entry.rect, found.entry.window);
      if (!rect) return;
      if (!marks.has(found.depth)) marks.set(found.depth, []);
      marks.get(found.depth).push([rect, ...style]);
    };
    const { diff, hoveredId, selectedId } = this.state;
    if (diff) for (const id of diff.changedIds) add(id, COLORS.changed, COLORS.changedStroke, 2);
    if (hoveredId && hoveredId !== selectedId) add(hoveredId, COLORS.hover, COLORS.hoverStroke, 1.5, [4, 3]);
    if (selectedId) add(selectedId, COLORS.selected, COLORS.selectedStroke, 2.5);
    const probe = this.#probeTarget();
    if (probe?.id) add(probe.id, 'rgba(24, 128, 56, 0.2)', COLORS.probe, 2);
    return marks;
  }

  #probeTarget() { return this.screenView.probeTarget; }

  #paintQuad(ctx, quad, fill, stroke, lineWidth, dash = []) {
    const path = addQuad(new Path2D(), quad);
    if (fill) { ctx.fillStyle = fill; ctx.fill(path); }
    ctx.setLineDash(dash);
    ctx.strokeStyle = stroke;
    ctx.lineWidth = lineWidth;
    ctx.stroke(path);
    ctx.setLineDash([]);
  }

  /** The hit-test slop overlay of a layer's controls, clipped as the flat screen clips it. */
  #paintSlop(ctx, boxes, layer, h) {
    for (const { i } of layer) {
      const el = boxes.elements[i];
      if (el.kind === 'spec') continue;
      const clip = boxes.isClipped(i) ? boxes.clipRect(i) : null;
      const within = (rect) => (clip ? intersectRects(rect, clip) : rect);
      if (el.tappable) {
        for (const piece of tappablePieces(el.tappable, [boxes.x[i], boxes.y[i]])) {
          const rect = within(piece.rect);
          if (!rect) continue;
          ctx.fillStyle = piece.color;
          ctx.fill(addQuad(new Path2D(), projectRect(h, rect)));
        }
        continue;
      }
      const slop = slopRect(el, [boxes.x[i], boxes.y[i], boxes.w[i], boxes.h[i]]);
      const rect = slop && within(slop);
      if (rect) this.#paintQuad(ctx, projectRect(h, rect), null, 'rgba(30, 90, 50, 0.8)', 1, [2, 2]);
    }
  }

  /** The layer whose plane the marks of `id` lie in: its own, else the root layer. */
  #depthOf(id) { return this.entries.get(id)?.depth ?? 0; }

  /** The Explain tab's boxes, on the selected element's layer (they are its numbers). */
  #paintHighlights(ctx, camera, ratio) {
    const highlights = this.state.highlights;
    if (!highlights.length) return;
    const h = layerHomography(camera, this.#depthOf(this.state.selectedId));
    const rect = this.state.boxes.rect(this.state.selectedId) || highlights[0].rect;
    // Drawn through the layer's map at the element's centre: exact orthographically, close in perspective.
    const [a, b, c, d, e, f] = affineAt(h, rect[0] + rect[2] / 2, rect[1] + rect[3] / 2);
    ctx.save();
    ctx.setTransform(a * ratio, b * ratio, c * ratio, d * ratio, e * ratio, f * ratio);
    paintExplainHighlights(ctx, highlights, 1 / Math.max(1e-6, Math.sqrt(Math.abs(a * d - b * c))));
    ctx.restore();
  }

  #paintProbePoint(ctx, camera) {
    const probe = this.#probeTarget();
    if (!probe) return;
    const [x, y] = applyHomography(layerHomography(camera, this.#depthOf(probe.id)), ...probe.point);
    ctx.strokeStyle = COLORS.probe;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(x, y, 6, 0, Math.PI * 2);
    ctx.moveTo(x - 10, y); ctx.lineTo(x + 10, y); ctx.moveTo(x, y - 10); ctx.lineTo(x, y + 10);
    ctx.stroke();
  }

  /**
   * With Alt held: the flat view's measurement (measure.js) between the selected and hovered
   * elements, drawn in the hovered layer's plane, with the selected box's outline and guides
   * carried onto that plane; the numbers on screen-space tags.
   */
  #paintMeasurement(ctx, boxes, camera) {
    const m = this.screenView.measurement;
    if (!m) return;
    const a = boxes.rect(this.state.selectedId);
    const b = boxes.rect(this.state.hoveredId);
    const h = layerHomography(camera, this.#depthOf(this.state.hoveredId));
    const line = (from, to) => { ctx.moveTo(...applyHomography(h, ...from)); ctx.lineTo(...applyHomography(h, ...to)); };
    const x0 = Math.min(a[0], b[0]) - 20; const x1 = Math.max(a[0] + a[2], b[0] + b[2]) + 20;
    const y0 = Math.min(a[1], b[1]) - 20; const y1 = Math.max(a[1] + a[3], b[1] + b[3]) + 20;
    ctx.strokeStyle = COLORS.measureGuide;
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    for (const x of [a[0], a[0] + a[2]]) line([x, y0], [x, y1]);
    for (const y of [a[1], a[1] + a[3]]) line([x0, y], [x1, y]);
    ctx.stroke();
    this.#paintQuad(ctx, projectRect(h, a), null, COLORS.measure, 1.5, [4, 3]);
    this.#paintQuad(ctx, projectRect(h, b), 'rgba(217, 48, 37, 0.08)', COLORS.measure, 1.5);
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    for (const { from, to } of m.segments) line(from, to);
    ctx.stroke();
    for (const { from, to, length } of m.segments) {
      tag(ctx, num(length), applyHomography(h, (from[0] + to[0]) / 2, (from[1] + to[1]) / 2), 'center');
    }
    const [bx, by] = applyHomography(h, b[0], b[1] + b[3]);
    tag(ctx, `centres Δ ${num(m.centres.dx)}, ${num(m.centres.dy)}`, [bx, by + 10], 'left');
  }

  /** Image scaling labels at the corner of the part of each image that shows in its window. */
  #paintScaling(ctx, boxes, camera) {
    ctx.font = 'bold 12px system-ui, sans-serif';
    ctx.textBaseline = 'bottom';
    ctx.textAlign = 'right';
    for (const [depth, layer] of this.layers.entries()) {
      if (!layer) continue;
      const h = layerHomography(camera, depth);
      for (const { i, rect, window } of layer) {
        const el = boxes.elements[i];
        const visible = el.props?.image && intersectRects(rect, window);
        const label = visible && scalingLabel(el, visible);
        if (!label) continue;
        const [x, y] = applyHomography(h, label.x, label.y);
        const width = ctx.measureText(label.text).width;
        ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
        ctx.fillRect(x - width - 4, y - 15, width + 4, 15);
        ctx.fillStyle = COLORS.scaling;
        ctx.fillText(label.text, x - 2, y - 1);
      }
    }
    ctx.textAlign = 'start';
  }

  /** Names of the layers, drawn flat on screen above each layer's top-left corner, never overlapping. */
  #paintLabels(ctx, boxes, candidates) {
    const theme = LABEL_THEMES[matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'];
    ctx.font = LABEL_FONT;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    const { selectedId, hoveredId } = this.state;
    const sized = candidates.sort((p, q) => q.priority - p.priority).slice(0, MAX_LABELS * 4).map((candidate) => {
      const { i, id } = candidate.entry;
      const el = boxes.elements[i];
      // The selected and hovered layers say their size too, as the flat screen's tooltip does.
      const size = id === selectedId || id === hoveredId ? `  ${num(boxes.w[i])} × ${num(boxes.h[i])}` : '';
      const text = fitText(ctx, `${elementName(el)}${size}`, Math.max(MIN_LABEL_WIDTH, candidate.room) - 8);
      const width = ctx.measureText(text).width + 8;
      // Just above the corner: the layer itself (a small selected one too) stays in sight.
      return { ...candidate, text, spec: el.kind === 'spec', rect: [candidate.at[0], candidate.at[1] - LABEL_HEIGHT - 1, width, LABEL_HEIGHT] };
    });
    const [width, height] = this.#viewport();
    const inView = ({ rect: [x, y, w, h] }) => x < width && y < height && x + w > 0 && y + h > 0;
    this.placedLabels = placeLabels(sized.filter(inView), MAX_LABELS);
    for (const { rect: [x, y, w, hgt], text, spec, entry } of this.placedLabels) {
      const selected = entry.id === selectedId;
      ctx.fillStyle = selected ? COLORS.selectedStroke : theme.pill;
      ctx.fillRect(x, y, w, hgt);
      ctx.strokeStyle = selected ? COLORS.selectedStroke : theme.border;
      ctx.lineWidth = 1;
      ctx.strokeRect(x + 0.5, y + 0.5, w - 1, hgt - 1);
      ctx.fillStyle = selected ? '#ffffff' : spec ? (theme === LABEL_THEMES.dark ? '#d7aefb' : '#7a3296') : theme.text;
      ctx.fillText(text, x + 4, y + hgt / 2 + 0.5);
    }
  }

  /** The canvas's text alternative: what is shown, how it is turned, what is selected. */
  #describe() {
    const { model, selectedId } = this.state;
    const root = model?.roots[0];
    const selected = selectedId ? model.get(selectedId) : null;
    const { yaw, pitch, spacing, zoom, perspective, fov } = this.view;
    const text = !root ? '3D exploded view: no document'
      : `3D exploded view of ${elementName(root)}: ${this.layers.length} layers ${num(spacing)} pt apart, `
        + `turned ${toDegrees(yaw)}° and tilted ${toDegrees(pitch)}°, ${perspective ? `perspective, field of view ${toDegrees(fov)}°` : 'orthographic'}, `
        + `zoom ${Math.round(zoom * 100)}%; ${selected ? `selected ${elementName(selected)}` : 'nothing selected'}`;
    if (text !== this.description) { this.description = text; this.canvas.setAttribute('aria-label', text); }
  }

  /** The element whose layer is front-most at a pointer event's point. */
  elementAt(event) {
    if (!this.state.boxes || !this.scene) return null;
    const rect = this.canvas.getBoundingClientRect();
    return pickLayer(this.layers, this.#camera(), event.clientX - rect.left, event.clientY - rect.top);
  }

  /** The tap probe at the point clicked of the front-most layer there (nothing there: the point of the root layer). */
  #probeAt(event) {
    if (!this.scene) return;
    const box = this.canvas.getBoundingClientRect();
    const [x, y] = [event.clientX - box.left, event.clientY - box.top];
    const camera = this.#camera();
    const point = unprojectPoint(layerHomography(camera, this.#depthOf(pickLayer(this.layers, camera, x, y))), x, y);
    if (point) this.screenView.runProbe(...point);
  }

  /** The screen point (px in the canvas) where the middle of element `id`'s visible part is drawn, or null. */
  screenPointOf(id) {
    const found = this.entries.get(id);
    if (!found || !this.scene) return null;
    const [x, y, w, h] = found.entry.rect;
    return applyHomography(layerHomography(this.#camera(), found.depth), x + w / 2, y + h / 2);
  }

  #bindPointer() {
    const canvas = this.canvas;
    const pointers = new Map(); // id -> [x, y] of the pointers down (two: a pinch)
    let drag = null;
    // The flat view's own handlers (on the container: pan, select) are not this view's.
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'click']) canvas.addEventListener(type, (e) => e.stopPropagation());
    canvas.addEventListener('pointerdown', (e) => {
      pointers.set(e.pointerId, [e.clientX, e.clientY]);
      canvas.setPointerCapture(e.pointerId);
      const panning = e.shiftKey || e.button === 1;
      drag = { x: e.clientX, y: e.clientY, moved: pointers.size > 1, panning, button: e.button };
    });
    canvas.addEventListener('pointermove', (e) => {
      const previous = pointers.get(e.pointerId);
      if (previous && pointers.size === 2) {
        // A pinch: zoom by the change of the distance between the two pointers, about their middle.
        const [other] = [...pointers].filter(([id]) => id !== e.pointerId).map(([, p]) => p);
        const before = Math.hypot(previous[0] - other[0], previous[1] - other[1]);
        const after = Math.hypot(e.clientX - other[0], e.clientY - other[1]);
        pointers.set(e.pointerId, [e.clientX, e.clientY]);
        const box = canvas.getBoundingClientRect();
        if (before > 0) this.zoomBy(after / before, (e.clientX + other[0]) / 2 - box.left, (e.clientY + other[1]) / 2 - box.top);
        return;
      }
      if (drag && previous) {
        const dx = e.clientX - previous[0];
        const dy = e.clientY - previous[1];
        pointers.set(e.pointerId, [e.clientX, e.clientY]);
        if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 3) {
          drag.moved = true;
          // The movement below the threshold counts too.
          if (drag.panning) this.panBy(e.clientX - drag.x - dx, e.clientY - drag.y - dy);
          else this.turnBy((e.clientX - drag.x - dx) * 0.01, (e.clientY - drag.y - dy) * 0.01);
        }
        if (drag.moved) {
          if (drag.panning) this.panBy(dx, dy); else this.turnBy(dx * 0.01, dy * 0.01);
          return;
        }
      }
      this.screenView.setMeasuring(e.altKey);
      this.state.hover(this.elementAt(e), 'screen');
    });
    const release = (e) => {
      const clicked = drag && !drag.moved && drag.button === 0 && pointers.size === 1;
      pointers.delete(e.pointerId);
      if (pointers.size === 0) drag = null;
      if (!clicked || e.type !== 'pointerup') return;
      if (this.screenView.probing) this.#probeAt(e);
      else this.state.select(this.elementAt(e), { origin: 'screen' });
    };
    canvas.addEventListener('pointerup', release);
    canvas.addEventListener('pointercancel', release);
    canvas.addEventListener('pointerleave', () => { if (!drag) this.state.hover(null, 'screen'); });
    canvas.addEventListener('wheel', (e) => {
      e.preventDefault();
      e.stopPropagation();
      const box = canvas.getBoundingClientRect();
      // A trackpad's pinch arrives as a wheel with Ctrl: finer steps.
      this.zoomBy(Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.0015)), e.clientX - box.left, e.clientY - box.top);
    }, { passive: false });
  }

  #bindKeyboard() {
    this.canvas.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      if (arrows[e.key]) {
        const [x, y] = arrows[e.key];
        if (e.shiftKey) this.panBy(x * PAN_STEP, y * PAN_STEP); else this.turnBy(x * TURN_STEP, y * TURN_STEP);
      } else if (e.key === '+' || e.key === '=') this.zoomBy(ZOOM_STEP);
      else if (e.key === '-' || e.key === '_') this.zoomBy(1 / ZOOM_STEP);
      else if (e.key === '0') this.reset();
      else return;
      e.preventDefault();
    });
  }
}

/** Adds the closed quadrilateral `quad` ([[x, y] x 4]) to `path`; returns the path. */
function addQuad(path, quad) {
  path.moveTo(quad[0][0], quad[0][1]);
  for (let k = 1; k < 4; k++) path.lineTo(quad[k][0], quad[k][1]);
  path.closePath();
  return path;
}

/** Whether a quad shows in the viewport: it meets it and is not smaller than half a pixel. */
function quadShows(quad, width, height) {
  let x0 = Infinity; let y0 = Infinity; let x1 = -Infinity; let y1 = -Infinity;
  for (const [x, y] of quad) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
  return x1 >= 0 && y1 >= 0 && x0 <= width && y0 <= height && (x1 - x0 >= 0.5 || y1 - y0 >= 0.5);
}

/** `text` shortened with an ellipsis to fit `room` px in the context's font (at least 3 characters). */
function fitText(ctx, text, room) {
  if (ctx.measureText(text).width <= room) return text;
  let n = text.length - 1;
  while (n > 3 && ctx.measureText(`${text.slice(0, n)}…`).width > room) n--;
  return `${text.slice(0, n)}…`;
}

/** A measurement's number on a red tag at screen point (x, y). */
function tag(ctx, text, [x, y], align) {
  ctx.font = 'bold 11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  const width = ctx.measureText(text).width + 8;
  const left = align === 'center' ? x - width / 2 : x;
  ctx.fillStyle = COLORS.measure;
  ctx.fillRect(left, y - 7, width, 14);
  ctx.fillStyle = '#ffffff';
  ctx.fillText(text, left + 4, y + 0.5);
}
