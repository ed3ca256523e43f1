// The 3D exploded view of the screen (Reveal, Lookin, Xcode's view debugger): every element a
// layer at its tree depth, `spacing` points in front of its parent's. Drag turns the stack,
// the wheel zooms, a click selects the front-most layer under the pointer, hovering marks it;
// the selection, hover and diff highlights are drawn on the layers, as are the hit-test slop
// and image-scaling overlays when their boxes are checked, and specs follow the Specs checkbox. Drawn on its own canvas over the 2D one, one transform per depth
// (exploded-projection.js), so a large tree costs a path per depth, not a transform per box.

import { layerTransform, pickLayer } from '../exploded-projection.js';
import { tappablePieces, scalingLabel } from '../overlay-geometry.js';

const COLORS = {
  node: 'rgba(26, 115, 232, 0.85)', spec: 'rgba(142, 68, 173, 0.7)', fill: 'rgba(255, 255, 255, 0.55)',
  scaling: '#d93025', selected: 'rgba(26, 115, 232, 0.35)', hover: 'rgba(26, 115, 232, 0.15)', changed: 'rgba(232, 113, 10, 0.35)',
};
const MAX_PITCH = 1.3;

export class ExplodedView {
  /**
   * @param {object} controls {toggle: button, spacing: range input, spacingLabel, specs, slop,
   *   scaling: the screen's overlay checkboxes}
   */
  constructor(state, container, screenView, controls) {
    this.state = state;
    this.container = container;
    this.screenView = screenView;
    this.controls = controls;
    this.on = false;
    this.byDepth = [];
    this.view = { yaw: -0.55, pitch: 0.45, spacing: Number(controls.spacing.value) || 20, zoom: 1 };
    this.frame = 0;
    this.paintTimes = []; // ms of recent paints (the benchmark reads them)
    this.canvas = document.createElement('canvas');
    this.canvas.id = 'screen-3d';
    this.canvas.className = 'exploded';
    this.canvas.hidden = true;
    this.canvas.setAttribute('role', 'img');
    container.append(this.canvas);
    controls.toggle.addEventListener('click', () => this.setOn(!this.on));
    controls.spacing.addEventListener('input', () => { this.view.spacing = Number(controls.spacing.value); this.schedule(); });
    controls.specs.addEventListener('change', () => this.#layout());
    for (const overlay of [controls.slop, controls.scaling]) overlay.addEventListener('change', () => this.schedule());
    for (const name of ['document', 'update']) state.on(name, () => this.#layout());
    for (const name of ['selection', 'hover', 'diff']) state.on(name, () => this.schedule());
    new ResizeObserver(() => this.schedule()).observe(container);
    this.#bindPointer();
  }

  setOn(on) {
    this.on = on;
    this.controls.toggle.setAttribute('aria-pressed', String(on));
    this.controls.spacingLabel.hidden = !on;
    this.canvas.hidden = !on;
    this.container.classList.toggle('exploded-on', on);
    if (on) { this.#layout(); this.#fit(); }
  }

  /** Groups the boxes by depth (paint order within each), for one transform per depth; only while shown. */
  #layout() {
    const boxes = this.state.boxes;
    this.byDepth = [];
    if (!this.on) return; // setOn lays out again
    if (!boxes) { this.schedule(); return; }
    const specs = this.controls.specs.checked;
    for (let i = 0; i < boxes.count; i++) {
      if (!specs && boxes.elements[i].kind === 'spec') continue;
      const depth = boxes.depth[i];
      (this.byDepth[depth] ||= []).push(i);
    }
    this.schedule();
  }

  /** A zoom that shows the whole stack: the screens plus the depth the layers add. */
  #fit() {
    const boxes = this.state.boxes;
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    if (!boxes || !width || !height || !boxes.width || !boxes.height) return;
    const depth = this.byDepth.length * this.view.spacing;
    this.view.zoom = 0.9 * Math.min(width / (boxes.width + depth), height / (boxes.height + depth * 0.6));
    this.schedule();
  }

  schedule() {
    if (!this.on || this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.paint(); });
  }

  #projection() {
    const boxes = this.state.boxes;
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    const depth = this.byDepth.length;
    // The stack's middle layer's centre at the canvas's centre, whatever the turn.
    const { yaw, pitch, spacing, zoom } = this.view;
    const middle = (depth / 2) * spacing * zoom;
    return { ...this.view, centre: [boxes.width / 2, boxes.top + boxes.height / 2],
      origin: [width / 2 - middle * Math.sin(yaw), height / 2 + middle * Math.cos(yaw) * Math.sin(pitch)] };
  }

  paint() {
    const started = performance.now();
    const ratio = window.devicePixelRatio || 1;
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    if (this.canvas.width !== Math.round(width * ratio)) this.canvas.width = Math.round(width * ratio);
    if (this.canvas.height !== Math.round(height * ratio)) this.canvas.height = Math.round(height * ratio);
    const ctx = this.canvas.getContext('2d');
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const boxes = this.state.boxes;
    if (!boxes) return;
    const projection = this.#projection();
    const { selectedId, hoveredId, diff } = this.state;
    const marked = (id) => (id === selectedId ? COLORS.selected : id === hoveredId ? COLORS.hover : diff?.changedIds.has(id) ? COLORS.changed : null);
    this.byDepth.forEach((indices, depth) => {
      if (!indices) return;
      const [a, b, c, d, e, f] = layerTransform(projection, depth);
      ctx.setTransform(a * ratio, b * ratio, c * ratio, d * ratio, e * ratio, f * ratio);
      const px = 1 / projection.zoom;
      const nodes = new Path2D();
      const specs = new Path2D();
      for (const i of indices) (boxes.elements[i].kind === 'spec' ? specs : nodes).rect(boxes.x[i], boxes.y[i], boxes.w[i], boxes.h[i]);
      ctx.fillStyle = COLORS.fill;
      ctx.fill(nodes);
      for (const i of indices) {
        const color = marked(boxes.ids[i]);
        if (color) { ctx.fillStyle = color; ctx.fillRect(boxes.x[i], boxes.y[i], boxes.w[i], boxes.h[i]); }
      }
      ctx.lineWidth = px;
      ctx.strokeStyle = COLORS.node;
      ctx.stroke(nodes);
      ctx.setLineDash([3 * px, 2 * px]);
      ctx.strokeStyle = COLORS.spec;
      ctx.stroke(specs);
      ctx.setLineDash([]);
      this.#paintOverlays(ctx, boxes, indices, px);
    });
    this.canvas.setAttribute('aria-label', `3D exploded view: ${this.byDepth.length} layers, spacing ${this.view.spacing} pt`);
    this.paintTimes.push(performance.now() - started);
    if (this.paintTimes.length > 60) this.paintTimes.shift();
  }

  /** The slop and scaling overlays of a layer's elements, as the flat view draws them. */
  #paintOverlays(ctx, boxes, indices, px) {
    const { slop, scaling } = this.controls;
    if (!slop.checked && !scaling.checked) return;
    for (const i of indices) {
      const el = boxes.elements[i];
      if (slop.checked && el.tappable) {
        for (const piece of tappablePieces(el.tappable, [boxes.x[i], boxes.y[i]])) {
          ctx.fillStyle = piece.color;
          ctx.fillRect(piece.rect[0], piece.rect[1], piece.rect[2], piece.rect[3]);
        }
      }
      const label = scaling.checked && el.props?.image ? scalingLabel(el, [boxes.x[i], boxes.y[i], boxes.w[i], boxes.h[i]]) : null;
      if (label) {
        ctx.font = `bold ${12 * px}px system-ui, sans-serif`;
        ctx.textAlign = 'right';
        ctx.textBaseline = 'bottom';
        ctx.fillStyle = COLORS.scaling;
        ctx.fillText(label.text, label.x - 2 * px, label.y - px);
        ctx.textAlign = 'start';
      }
    }
  }

  /** The element whose layer is front-most at a pointer event's point. */
  elementAt(event) {
    const boxes = this.state.boxes;
    if (!boxes) return null;
    const rect = this.canvas.getBoundingClientRect();
    const layers = [];
    this.byDepth.forEach((indices, depth) => { for (const i of indices || []) layers.push({ id: boxes.ids[i], depth, rect: [boxes.x[i], boxes.y[i], boxes.w[i], boxes.h[i]] }); });
    return pickLayer(layers, this.#projection(), event.clientX - rect.left, event.clientY - rect.top);
  }

  #bindPointer() {
    let drag = null;
    // The 2D view's own handlers (on the container: pan, select) are not this view's.
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'click']) this.canvas.addEventListener(type, (e) => e.stopPropagation());
    this.canvas.addEventListener('pointerdown', (e) => {
      drag = { x: e.clientX, y: e.clientY, yaw: this.view.yaw, pitch: this.view.pitch, moved: false };
      this.canvas.setPointerCapture(e.pointerId);
    });
    this.canvas.addEventListener('pointermove', (e) => {
      if (drag) {
        const dx = e.clientX - drag.x;
        const dy = e.clientY - drag.y;
        if (Math.hypot(dx, dy) > 3) drag.moved = true;
        if (drag.moved) {
          this.view.yaw = drag.yaw + dx * 0.01;
          this.view.pitch = Math.max(-MAX_PITCH, Math.min(MAX_PITCH, drag.pitch + dy * 0.01));
          this.schedule();
          return;
        }
      }
      this.state.hover(this.elementAt(e), 'screen');
    });
    this.canvas.addEventListener('pointerup', (e) => {
      const clicked = drag && !drag.moved;
      drag = null;
      if (clicked) this.state.select(this.elementAt(e), { origin: 'screen' });
    });
    this.canvas.addEventListener('wheel', (e) => {
      e.preventDefault();
      e.stopPropagation();
      this.view.zoom *= Math.exp(-e.deltaY * 0.0015);
      this.schedule();
    }, { passive: false });
  }
}
