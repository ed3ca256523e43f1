// The app's screens drawn from the snapshot on two stacked canvases: the scene (every frame as
// a box, nodes solid and specs dashed, text, image placeholders with their pixel size) and the
// overlay (hover, selection, diff highlights, hit-test slop, scaling labels, probe target), so
// hovering repaints only the cheap overlay. Wheel pans, Ctrl/⌘+wheel or the buttons zoom,
// dragging pans, a click selects the deepest element under the pointer. The tap probe's report
// and mark are kept per process (per-process.js): the hit test ran in that process.

import { tappablePieces, slopRect, scalingLabel, intersectRects, TAPPABLE_COLORS } from '../overlay-geometry.js';
import { PerProcess, shownProcessKey } from './per-process.js';
import { elementName } from '../tree-model.js';
import { paintExplainHighlights } from './explain-overlay.js';
import { num } from './dom.js';
import { measureBetween } from '../measure.js';
import { cssColor } from '../css-color.js';
import { fontSize, paintElementText, paintPlaceholder } from './element-text.js';

const COLORS = {
  background: '#e5e7eb', screen: '#ffffff', node: 'rgba(26, 115, 232, 0.75)', spec: 'rgba(142, 68, 173, 0.8)',
  image: '#eef1f5', imageCross: 'rgba(95, 99, 104, 0.35)', imageLabel: '#5f6368',
  hover: 'rgba(26, 115, 232, 0.12)', hoverStroke: 'rgba(26, 115, 232, 0.9)',
  selected: 'rgba(26, 115, 232, 0.22)', selectedStroke: '#1a73e8',
  measure: '#d93025', measureGuide: 'rgba(217, 48, 37, 0.55)',
  changed: 'rgba(232, 113, 10, 0.18)', outside: 'rgba(229, 231, 235, 0.72)', changedStroke: '#e8710a', probe: '#188038', scaling: '#d93025',
};
const MIN_ZOOM = 0.05;
const MAX_ZOOM = 32;

export class ScreenView {
  /**
   * @param {object} live {attached(), call(method, params), appKey(), staleReason()}: the live app, which runs
   *   the tap probe's hit test
   */
  constructor(state, { container, scene, overlay, tooltip, zoomLabel, controls, probeResult, slopLegend, live }) {
    this.state = state;
    this.container = container;
    this.scene = scene;
    this.overlay = overlay;
    this.tooltip = tooltip;
    this.zoomLabel = zoomLabel;
    this.probeResult = probeResult;
    this.live = live;
    this.view = { zoom: 1, x: 20, y: 20 };
    this.options = { slop: false, scaling: false, specs: true };
    this.probing = false;
    // Per process: the last probe's report (an element, or null) and target {id, point}.
    this.probes = new PerProcess(() => ({ report: null, target: null }));
    this.fitted = false;
    this.autoFit = false;
    this.measuring = false;
    this.sceneFrame = 0;
    this.overlayFrame = 0;
    this.paintListeners = new Set();

    new ResizeObserver(() => { this.#resize(); }).observe(container);
    // Alt held: hovering another element measures it against the selected one.
    for (const type of ['keydown', 'keyup']) window.addEventListener(type, (e) => { if (e.key === 'Alt') this.setMeasuring(e.altKey); });
    window.addEventListener('blur', () => this.setMeasuring(false));
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.scheduleScene()); // its background
    this.#bindPointer();
    controls.zoomIn.addEventListener('click', () => this.zoomBy(1.25));
    controls.zoomOut.addEventListener('click', () => this.zoomBy(0.8));
    controls.fit.addEventListener('click', () => this.fit());
    controls.slop.addEventListener('change', () => {
      this.options.slop = controls.slop.checked;
      slopLegend.hidden = !this.options.slop;
      this.scheduleOverlay();
    });
    fillSlopLegend(slopLegend);
    controls.scaling.addEventListener('change', () => { this.options.scaling = controls.scaling.checked; this.scheduleOverlay(); });
    controls.specs.addEventListener('change', () => { this.options.specs = controls.specs.checked; this.scheduleScene(); });
    controls.probe.addEventListener('click', () => this.setProbing(!this.probing, controls.probe));

    state.on('document', () => this.#describe());
    state.on('selection', () => this.#describe());
    this.#describe();
    state.on('document', ({ sameSource }) => {
      this.#showProbe(); // perhaps another process's document
      if (!sameSource || !this.fitted) this.fit(); else this.scheduleScene();
    });
    state.on('update', () => this.scheduleScene());
    state.on('selection', ({ origin }) => { if (origin !== 'screen') this.#reveal(this.state.selectedId); this.scheduleOverlay(); });
    state.on('hover', () => this.scheduleOverlay());
    state.on('diff', () => this.scheduleOverlay());
    state.on('highlights', () => this.scheduleOverlay());
  }

  /** The canvases' text alternative: what screen is drawn, and what is selected on it. */
  #describe() {
    const { model, selectedId } = this.state;
    const root = model?.roots[0];
    const selected = selectedId ? model.get(selectedId) : null;
    this.container.setAttribute('aria-label', !root ? 'Screen: no document'
      : `Screen of ${elementName(root)}, ${num(this.state.boxes.width)} × ${num(this.state.boxes.height)} pt` +
        (selected ? `; selected ${elementName(selected)}` : '; nothing selected'));
  }

  /** Calls fn after the next paint of the scene (the benchmark waits on it). */
  onPaint(fn) { this.paintListeners.add(fn); return () => this.paintListeners.delete(fn); }

  setProbing(on, button) {
    this.probing = on;
    button.setAttribute('aria-pressed', String(on));
    this.container.classList.toggle('probing', on);
    // Turning the probe off keeps its last report (and mark) until it is closed.
  }

  /** The tap probe's last target ({id, point}) in the process on show, or null (the 3D view marks it too). */
  get probeTarget() { return this.#probe().target; }

  /** The tap probe's last report and target, of the process on show (PerProcess.shown). */
  #probe() { return this.probes.shown(shownProcessKey(this.state, this.live)); }

  #closeProbeButton() {
    const button = document.createElement('button');
    Object.assign(button, { type: 'button', id: 'probe-close', className: 'close', title: 'Close the probe report and its mark' });
    button.setAttribute('aria-label', 'Close the probe report');
    button.addEventListener('click', () => { Object.assign(this.#probe(), { report: null, target: null }); this.#showProbe(); });
    return button;
  }

  /** Shows the probe report of the process on show, and (on the overlay) its mark. */
  #showProbe() {
    const { report } = this.#probe();
    this.probeResult.hidden = !report;
    this.probeResult.replaceChildren(...(report ? [report, this.#closeProbeButton()] : []));
    this.scheduleOverlay();
  }

  zoomBy(factor, cx = this.scene.clientWidth / 2, cy = this.scene.clientHeight / 2) {
    const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, this.view.zoom * factor));
    const wx = (cx - this.view.x) / this.view.zoom;
    const wy = (cy - this.view.y) / this.view.zoom;
    this.view = { zoom, x: cx - wx * zoom, y: cy - wy * zoom };
    this.autoFit = false;
    this.#viewChanged();
  }

  fit() {
    const boxes = this.state.boxes;
    const width = this.scene.clientWidth;
    const height = this.scene.clientHeight;
    if (!boxes || !width || !height || !boxes.width || !boxes.height) { this.#viewChanged(); return; }
    const margin = 24;
    const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.min((width - 2 * margin) / boxes.width, (height - 2 * margin) / boxes.height)));
    this.view = { zoom, x: (width - boxes.width * zoom) / 2, y: margin - boxes.top * zoom };
    this.fitted = true;
    this.autoFit = true; // fitted again when the pane's size changes, until the user zooms or pans
    this.#viewChanged();
  }

  /** Screen point (CSS px in the canvas) -> world (root-row) coordinates. */
  toWorld(px, py) { return [(px - this.view.x) / this.view.zoom, (py - this.view.y) / this.view.zoom]; }

  scheduleScene() {
    if (this.sceneFrame) return;
    this.sceneFrame = requestAnimationFrame(() => { this.sceneFrame = 0; this.paintScene(); this.paintOverlay(); });
  }

  scheduleOverlay() {
    if (this.overlayFrame || this.sceneFrame) return;
    this.overlayFrame = requestAnimationFrame(() => { this.overlayFrame = 0; this.paintOverlay(); });
  }

  /** Whether the measuring modifier (Alt) is held: the overlay measures hovered against selected. */
  setMeasuring(on) {
    if (this.measuring === on) return;
    this.measuring = on;
    this.scheduleOverlay();
    this.state.emit('measuring', on);
  }

  /** The measurement on show ({segments, centres}, measure.js), or null. */
  get measurement() {
    const { selectedId, hoveredId, boxes } = this.state;
    if (!this.measuring || !boxes || !selectedId || !hoveredId || selectedId === hoveredId) return null;
    const a = boxes.rect(selectedId);
    const b = boxes.rect(hoveredId);
    return a && b ? measureBetween(a, b) : null;
  }

  #paintMeasurement(ctx, px) {
    const m = this.measurement;
    if (!m) return;
    const boxes = this.state.boxes;
    const a = boxes.rect(this.state.selectedId);
    const b = boxes.rect(this.state.hoveredId);
    // Guides: the selected box's edges extended across both boxes, as Reveal draws them.
    const x0 = Math.min(a[0], b[0]) - 20 * px; const x1 = Math.max(a[0] + a[2], b[0] + b[2]) + 20 * px;
    const y0 = Math.min(a[1], b[1]) - 20 * px; const y1 = Math.max(a[1] + a[3], b[1] + b[3]) + 20 * px;
    ctx.strokeStyle = COLORS.measureGuide;
    ctx.lineWidth = px;
    ctx.setLineDash([4 * px, 3 * px]);
    ctx.beginPath();
    for (const x of [a[0], a[0] + a[2]]) { ctx.moveTo(x, y0); ctx.lineTo(x, y1); }
    for (const y of [a[1], a[1] + a[3]]) { ctx.moveTo(x0, y); ctx.lineTo(x1, y); }
    ctx.stroke();
    ctx.setLineDash([]);
    this.#paintBox(ctx, b, 'rgba(217, 48, 37, 0.08)', COLORS.measure, px);
    ctx.strokeStyle = COLORS.measure;
    ctx.lineWidth = 1.5 * px;
    ctx.font = `bold ${11 * px}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const { from, to, length } of m.segments) {
      ctx.beginPath();
      ctx.moveTo(from[0], from[1]); ctx.lineTo(to[0], to[1]);
      ctx.stroke();
      const label = num(length);
      const [mx, my] = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2];
      const width = ctx.measureText(label).width + 6 * px;
      ctx.fillStyle = COLORS.measure;
      ctx.fillRect(mx - width / 2, my - 7 * px, width, 14 * px);
      ctx.fillStyle = '#fff';
      ctx.fillText(label, mx, my);
    }
    const centres = `centres Δ ${num(m.centres.dx)}, ${num(m.centres.dy)}`;
    const width = ctx.measureText(centres).width + 8 * px;
    ctx.fillStyle = COLORS.measure;
    ctx.fillRect(b[0], b[1] + b[3] + 2 * px, width, 14 * px);
    ctx.fillStyle = '#fff';
    ctx.textAlign = 'left';
    ctx.fillText(centres, b[0] + 4 * px, b[1] + b[3] + 9 * px);
    ctx.textAlign = 'start';
  }

  /** Zooms to `zoom` about the view's centre (a deep link's zoom). */
  zoomTo(zoom) { this.zoomBy(zoom / this.view.zoom); }

  #viewChanged() {
    this.zoomLabel.textContent = `${Math.round(this.view.zoom * 100)}%`;
    this.scheduleScene();
    this.state.emit('view', this.view);
  }

  #resize() {
    const ratio = window.devicePixelRatio || 1;
    for (const canvas of [this.scene, this.overlay]) {
      canvas.width = Math.max(1, Math.round(canvas.clientWidth * ratio));
      canvas.height = Math.max(1, Math.round(canvas.clientHeight * ratio));
    }
    if ((!this.fitted || this.autoFit) && this.state.boxes) this.fit(); else this.scheduleScene();
  }

  #context(canvas) {
    const ctx = canvas.getContext('2d');
    const ratio = canvas.width / Math.max(1, canvas.clientWidth);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    return ctx;
  }

  paintScene() {
    const ctx = this.#context(this.scene);
    const width = this.scene.clientWidth;
    const height = this.scene.clientHeight;
    // The page's theme's (inspector.css --screen-bg and --screen-outside: darker in the dark theme).
    const theme = getComputedStyle(this.container);
    const outsideColor = theme.getPropertyValue('--screen-outside').trim() || COLORS.outside;
    ctx.fillStyle = theme.getPropertyValue('--screen-bg').trim() || COLORS.background;
    ctx.fillRect(0, 0, width, height);
    const boxes = this.state.boxes;
    if (!boxes) {
      paintPlaceholder(ctx, 'The screens of the document appear here.', width, height);
      this.#painted();
      return;
    }
    const { zoom, x: ox, y: oy } = this.view;
    ctx.save();
    ctx.translate(ox, oy);
    ctx.scale(zoom, zoom);
    const [minX, minY] = this.toWorld(0, 0);
    const [maxX, maxY] = this.toWorld(width, height);
    const px = 1 / zoom; // one CSS pixel in world units

    // Screens (roots) as white sheets.
    ctx.fillStyle = COLORS.screen;
    for (const { id } of boxes.rootOffsets) {
      const r = boxes.rect(id);
      ctx.shadowColor = 'rgba(0,0,0,0.18)';
      ctx.shadowBlur = 8;
      ctx.fillRect(r[0], r[1], r[2], r[3]);
    }
    ctx.shadowBlur = 0;

    const nodes = new Path2D();
    const specs = new Path2D();
    const images = [];
    const texts = [];
    const showSpecs = this.options.specs;
    for (let i = 0; i < boxes.count; i++) {
      if (!boxes.subtreeMeets(i, minX, minY, maxX, maxY)) { i = boxes.end[i] - 1; continue; } // nothing of it in view
      const visible = boxes.visibleRect(i); // a clipping ancestor (a scroll view) may hide it
      if (!visible) continue;
      const [x, y, w, h] = visible;
      if (x > maxX || y > maxY || x + w < minX || y + h < minY) continue;
      if (w < px && h < px) continue;
      const el = boxes.elements[i];
      if (el.kind === 'spec') { if (showSpecs) specs.rect(x, y, w, h); continue; }
      const props = el.props;
      if (props) {
        if (props.backgroundColor) {
          // A colour the canvas cannot read leaves fillStyle as it was: transparent, not the
          // colour of the element painted before.
          ctx.fillStyle = 'transparent';
          ctx.fillStyle = cssColor(props.backgroundColor);
          ctx.fillRect(x, y, w, h);
        }
        if (props.image) images.push(i);
        if (typeof props.text === 'string' && props.text) texts.push(i);
      }
      nodes.rect(x, y, w, h);
    }
    for (const i of images) this.#paintImage(ctx, boxes, i, px);
    for (const i of texts) this.#paintText(ctx, boxes, i, zoom);
    ctx.lineWidth = px;
    ctx.strokeStyle = COLORS.node;
    ctx.stroke(nodes);
    if (showSpecs) {
      ctx.setLineDash([4 * px, 3 * px]);
      ctx.strokeStyle = COLORS.spec;
      ctx.stroke(specs);
      ctx.setLineDash([]);
    }
    // Dim what lies outside the screens (off-screen cells of a scrolled list, overflow).
    const outside = new Path2D();
    outside.rect(minX, minY, maxX - minX, maxY - minY);
    for (const { id } of boxes.rootOffsets) { const r = boxes.rect(id); outside.rect(r[0], r[1], r[2], r[3]); }
    ctx.fillStyle = outsideColor;
    ctx.fill(outside, 'evenodd');
    ctx.restore();
    this.#painted();
  }

  #painted() { for (const fn of this.paintListeners) fn(); }

  /** Runs draw() clipped to element i's clip region, when a clipping ancestor has one. */
  #clipped(ctx, boxes, i, draw) {
    if (!boxes.isClipped(i)) { draw(); return; }
    const c = boxes.clipRect(i);
    ctx.save();
    ctx.beginPath();
    ctx.rect(c[0], c[1], c[2], c[3]);
    ctx.clip();
    draw();
    ctx.restore();
  }

  /**
   * Runs draw clipped to what shows of element i: its clip region and its root's box (its
   * window). For the overlay's marks and labels, which must not spill over the screen's edge
   * or onto the next screen.
   */
  #clippedToWindow(ctx, boxes, i, draw) {
    const window = this.#windowRect(boxes, i);
    ctx.save();
    ctx.beginPath();
    ctx.rect(window[0], window[1], window[2], window[3]);
    ctx.clip();
    this.#clipped(ctx, boxes, i, draw);
    ctx.restore();
  }

  #windowRect(boxes, i) {
    let root = i;
    while (boxes.parent[root] >= 0) root = boxes.parent[root];
    return [boxes.x[root], boxes.y[root], boxes.w[root], boxes.h[root]];
  }

  #paintImage(ctx, boxes, i, px) {
    this.#clipped(ctx, boxes, i, () => this.#paintImageBox(ctx, boxes, i, px));
  }

  #paintImageBox(ctx, boxes, i, px) {
    const x = boxes.x[i]; const y = boxes.y[i]; const w = boxes.w[i]; const h = boxes.h[i];
    const image = boxes.elements[i].props.image;
    ctx.fillStyle = COLORS.image;
    ctx.fillRect(x, y, w, h);
    ctx.beginPath();
    ctx.moveTo(x, y); ctx.lineTo(x + w, y + h); ctx.moveTo(x + w, y); ctx.lineTo(x, y + h);
    ctx.strokeStyle = COLORS.imageCross;
    ctx.lineWidth = px;
    ctx.stroke();
    const pixels = pixelSizeText(image);
    const label = pixels ? `${pixels} px` : 'image';
    const size = 11 * px;
    if (w > size * label.length * 0.6 && h > size * 1.4) {
      ctx.font = `${size}px system-ui, sans-serif`;
      ctx.fillStyle = COLORS.imageLabel;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(label, x + w / 2, y + h / 2);
      ctx.textAlign = 'start';
    }
  }

  #paintText(ctx, boxes, i, zoom) {
    const el = boxes.elements[i];
    if (fontSize(el) * zoom < 3) return; // unreadable at this zoom: the box is enough
    paintElementText(ctx, el, [boxes.x[i], boxes.y[i]], boxes.visibleRect(i));
  }

  paintOverlay() {
    const ctx = this.#context(this.overlay);
    const width = this.overlay.clientWidth;
    const height = this.overlay.clientHeight;
    ctx.clearRect(0, 0, width, height);
    const boxes = this.state.boxes;
    if (!boxes) return;
    const { zoom, x: ox, y: oy } = this.view;
    ctx.save();
    ctx.translate(ox, oy);
    ctx.scale(zoom, zoom);
    const px = 1 / zoom;

    if (this.options.slop) this.#paintSlop(ctx, boxes, px);
    // Every mark is clipped as its element is, and to its window.
    const mark = (id, ...style) => {
      const i = boxes.indexOf.get(id);
      if (i !== undefined) this.#clippedToWindow(ctx, boxes, i, () => this.#paintBox(ctx, boxes.rect(id), ...style));
    };
    if (this.state.diff) {
      for (const id of this.state.diff.changedIds) mark(id, COLORS.changed, COLORS.changedStroke, 2 * px);
    }
    if (this.state.hoveredId && this.state.hoveredId !== this.state.selectedId) {
      mark(this.state.hoveredId, COLORS.hover, COLORS.hoverStroke, px, [3 * px, 2 * px]);
    }
    if (this.state.selectedId) mark(this.state.selectedId, COLORS.selected, COLORS.selectedStroke, 2 * px);
    if (this.state.highlights.length) paintExplainHighlights(ctx, this.state.highlights, px);
    const probeTarget = this.#probe().target;
    if (probeTarget) mark(probeTarget.id, 'rgba(24,128,56,0.2)', COLORS.probe, 2 * px);
    if (this.options.scaling) this.#paintScaling(ctx, boxes, px);
    this.#paintMeasurement(ctx, px);
    if (probeTarget) {
      const [x, y] = probeTarget.point;
      ctx.strokeStyle = COLORS.probe;
      ctx.lineWidth = 2 * px;
      ctx.beginPath();
      ctx.arc(x, y, 6 * px, 0, Math.PI * 2);
      ctx.moveTo(x - 10 * px, y); ctx.lineTo(x + 10 * px, y); ctx.moveTo(x, y - 10 * px); ctx.lineTo(x, y + 10 * px);
      ctx.stroke();
    }
    ctx.restore();
  }

  #paintBox(ctx, rect, fill, stroke, lineWidth, dash = []) {
    if (!rect) return;
    ctx.fillStyle = fill;
    ctx.fillRect(rect[0], rect[1], rect[2], rect[3]);
    ctx.setLineDash(dash);
    ctx.strokeStyle = stroke;
    ctx.lineWidth = lineWidth;
    ctx.strokeRect(rect[0], rect[1], rect[2], rect[3]);
    ctx.setLineDash([]);
  }

  #paintSlop(ctx, boxes, px) {
    for (let i = 0; i < boxes.count; i++) {
      const el = boxes.elements[i];
      if (el.kind === 'spec') continue;
      if (el.tappable || (el.props && el.props.hitTestSlop)) this.#clipped(ctx, boxes, i, () => this.#paintSlopOf(ctx, boxes, i, px));
    }
  }

  #paintSlopOf(ctx, boxes, i, px) {
    const el = boxes.elements[i];
    if (el.tappable) {
      for (const piece of tappablePieces(el.tappable, [boxes.x[i], boxes.y[i]])) {
        ctx.fillStyle = piece.color;
        ctx.fillRect(piece.rect[0], piece.rect[1], piece.rect[2], piece.rect[3]);
      }
      return;
    }
    const rect = slopRect(el, [boxes.x[i], boxes.y[i], boxes.w[i], boxes.h[i]]);
    if (!rect) return;
    ctx.setLineDash([2 * px, 2 * px]);
    ctx.strokeStyle = 'rgba(30, 90, 50, 0.8)';
    ctx.lineWidth = px;
    ctx.strokeRect(rect[0], rect[1], rect[2], rect[3]);
    ctx.setLineDash([]);
  }

  #paintScaling(ctx, boxes, px) {
    ctx.font = `bold ${12 * px}px system-ui, sans-serif`;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'bottom';
    for (let i = 0; i < boxes.count; i++) {
      const el = boxes.elements[i];
      if (!el.props || !el.props.image) continue;
      // At the corner of the part of the image that shows (in its window): a clipped image's own
      // corner may be hidden, or (in a scrolled pager) lie over another screen.
      const visible = intersectRects(boxes.visibleRect(i), this.#windowRect(boxes, i));
      const label = visible && scalingLabel(el, visible);
      if (!label) continue;
      this.#clippedToWindow(ctx, boxes, i, () => {
        const metrics = ctx.measureText(label.text);
        ctx.fillStyle = 'rgba(255,255,255,0.85)';
        ctx.fillRect(label.x - metrics.width - 4 * px, label.y - 15 * px, metrics.width + 4 * px, 15 * px);
        ctx.fillStyle = COLORS.scaling;
        ctx.fillText(label.text, label.x - 2 * px, label.y - 1 * px);
      });
    }
    ctx.textAlign = 'start';
  }

  #reveal(id) {
    const rect = id && this.state.boxes ? this.state.boxes.rect(id) : null;
    if (!rect) return;
    const { zoom, x, y } = this.view;
    const sx = rect[0] * zoom + x;
    const sy = rect[1] * zoom + y;
    const w = this.scene.clientWidth;
    const h = this.scene.clientHeight;
    if (sx + rect[2] * zoom < 0 || sx > w || sy + rect[3] * zoom < 0 || sy > h) {
      this.view = { zoom, x: w / 2 - (rect[0] + rect[2] / 2) * zoom, y: h / 2 - (rect[1] + rect[3] / 2) * zoom };
      this.#viewChanged();
    }
  }

  /** The element drawn at a pointer event's point (the deepest; specs only while shown), or null. */
  elementAt(event) { return this.#hitAt(event).id; }

  #hitAt(event) {
    const box = this.overlay.getBoundingClientRect();
    const [wx, wy] = this.toWorld(event.clientX - box.left, event.clientY - box.top);
    const boxes = this.state.boxes;
    if (!boxes) return { wx, wy, id: null };
    const specs = this.options.specs;
    return { wx, wy, id: boxes.deepestAt(wx, wy, (el) => specs || el.kind !== 'spec') };
  }

  #bindPointer() {
    const target = this.container;
    let drag = null;
    target.addEventListener('wheel', (e) => {
      e.preventDefault();
      const box = this.overlay.getBoundingClientRect();
      if (e.ctrlKey || e.metaKey) {
        this.zoomBy(Math.exp(-e.deltaY * 0.0015), e.clientX - box.left, e.clientY - box.top);
      } else {
        this.view = { ...this.view, x: this.view.x - e.deltaX, y: this.view.y - e.deltaY };
        this.autoFit = false;
        this.#viewChanged();
      }
    }, { passive: false });
    target.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY, vx: this.view.x, vy: this.view.y, moved: false };
      target.setPointerCapture(e.pointerId);
    });
    target.addEventListener('pointermove', (e) => {
      if (drag) {
        const dx = e.clientX - drag.x;
        const dy = e.clientY - drag.y;
        if (!drag.moved && Math.hypot(dx, dy) > 3) { drag.moved = true; target.classList.add('panning'); }
        if (drag.moved) { this.view = { ...this.view, x: drag.vx + dx, y: drag.vy + dy }; this.autoFit = false; this.#viewChanged(); return; }
      }
      const hit = this.#hitAt(e);
      this.setMeasuring(e.altKey);
      this.state.hover(hit.id, 'screen');
      if (this.measuring) this.tooltip.hidden = true; // it would cover the distances
      else this.#tooltip(e, hit.id);
    });
    target.addEventListener('pointerup', (e) => {
      const wasDrag = drag && drag.moved;
      drag = null;
      target.classList.remove('panning');
      if (wasDrag || e.button !== 0) return;
      const hit = this.#hitAt(e);
      if (this.probing) { this.runProbe(hit.wx, hit.wy); return; }
      this.state.select(hit.id, { origin: 'screen' });
    });
    target.addEventListener('pointerleave', () => { this.state.hover(null, 'screen'); this.tooltip.hidden = true; });
  }

  #tooltip(event, id) {
    const el = id ? this.state.model.get(id) : null;
    if (!el) { this.tooltip.hidden = true; return; }
    const rect = this.state.boxes.rect(id);
    const box = this.container.getBoundingClientRect();
    const props = el.props || {};
    const pixels = props.image && pixelSizeText(props.image);
    const detail = pixels ? `  image ${pixels} px`
      : typeof props.text === 'string' ? `  “${props.text.length > 32 ? `${props.text.slice(0, 31)}…` : props.text}”` : '';
    this.tooltip.textContent = `${elementName(el)}  ${fmt(rect[2])} × ${fmt(rect[3])}${detail}`;
    this.tooltip.hidden = false;
    this.tooltip.style.left = `${Math.min(event.clientX - box.left + 14, box.width - this.tooltip.offsetWidth - 4)}px`;
    this.tooltip.style.top = `${event.clientY - box.top + 16}px`;
  }

  /** Runs the tap probe at root-row point (wx, wy) (the 3D view probes at the point of the layer clicked). */
  async runProbe(wx, wy) {
    const { boxes, model } = this.state;
    const point = boxes && boxes.toRootPoint(wx, wy);
    // The probe of the process on show: the reply lands there, whatever is shown by then.
    const probe = this.#probe();
    const report = (element) => { probe.report = element; this.#showProbe(); };
    if (!point) { report(message('Click inside a screen.')); return; }
    report(message(`Probing ${fmt(point.x)}, ${fmt(point.y)}…`));
    try {
      const result = await this.#hitTest(point);
      probe.target = { id: result.target || null, point: [wx, wy] };
      report(probeReport(this.state, model, result, point));
      if (probe === this.#probe() && result.target && model.get(result.target)) this.state.select(result.target, { origin: 'probe' });
    } catch (error) {
      report(message(`Probe failed: ${error.message}`, 'error-text'));
    }
  }

  /**
   * The app's hit test at a point of a root (HitTest.probe): only the live app can run it. While
   * a paused view holds a restarted program's previous process, live.call refuses and says so.
   */
  #hitTest({ x, y, root }) {
    if (this.state.source?.kind !== 'live' || !this.live.attached()) {
      return Promise.reject(new Error('the tap probe needs the live app (attach a device)'));
    }
    const stale = this.live.staleReason();
    if (stale) {
      return Promise.reject(new Error(`the document shown is not the app's current one (${stale}): `
        + 'its elements may not be those the app would name'));
    }
    return this.live.call('HitTest.probe', { x, y, root });
  }
}

function message(text, className = '') {
  const element = document.createElement('div');
  element.className = className;
  element.textContent = text;
  return element;
}

/** The probe's report; `model` is the document probed (its process's), which names the ids. */
function probeReport(state, model, result, point) {
  const root = document.createElement('div');
  const title = document.createElement('div');
  title.textContent = result.target
    ? `Tap at ${fmt(point.x)}, ${fmt(point.y)} goes to ${label(model, result.target)}`
    : `Tap at ${fmt(point.x)}, ${fmt(point.y)}: no node receives it`;
  root.append(title);
  const list = document.createElement('ol');
  for (const id of result.path || []) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = '#';
    link.textContent = label(model, id);
    link.addEventListener('click', (e) => { e.preventDefault(); state.select(id, { origin: 'probe' }); });
    if (id === result.target) item.className = 'target';
    item.append(link);
    list.append(item);
  }
  root.append(list);
  root.dataset.target = result.target || '';
  return root;
}

function label(model, id) {
  const el = model && model.get(id);
  return el ? `${elementName(el)} ${id}` : id;
}

function fmt(v) { return String(Math.round(v * 100) / 100); }

/** An image's `pixelWidth×pixelHeight`, or null when it has no pixel size (or not numbers). */
function pixelSizeText(image) {
  const { pixelWidth, pixelHeight } = image;
  return typeof pixelWidth === 'number' && pixelWidth && typeof pixelHeight === 'number' ? `${pixelWidth}×${pixelHeight}` : null;
}

/** What the hit-test slop overlay's colours mean (Texture's hit-test debug overlay). */
function fillSlopLegend(legend) {
  const swatch = (color, text) => {
    const item = document.createElement('span');
    const box = document.createElement('i');
    box.style.background = color;
    item.append(box, text);
    return item;
  };
  const slopOnly = swatch('transparent', 'hitTestSlop (no tappable area measured)');
  slopOnly.firstChild.style.border = '1px dashed rgba(30, 90, 50, 0.8)';
  legend.replaceChildren(
    swatch(TAPPABLE_COLORS.fill, 'tappable area (bounds + hitTestSlop)'),
    swatch(TAPPABLE_COLORS.restricted, 'edge restricted by a parent'),
    swatch(TAPPABLE_COLORS.clipped, 'edge clipped by a parent'),
    slopOnly);
}
