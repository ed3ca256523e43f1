// Every element's box in root coordinates, in paint order (pre-order: parents before their
// children), kept in flat typed arrays so a 100 000-element screen draws and hit-tests without
// allocating. Each element also knows where its subtree ends and the bounds of its whole
// subtree, so drawing and hit testing skip subtrees that lie outside the region of interest.
// A root's frame is its window's frame on its screen (docs/protocol.md: the frame in the parent, and
// a root's parent is its screen), so each root sits at its frame's origin on a screen of its
// own; the screens sit side by side, each from its origin (or the root's left edge, when that
// lies left of it) to the root's right edge, ROOT_GAP apart.
// Each element also has a clip region: the intersection of the boxes of its ancestors that
// clip their content (props.clipsToBounds), as on the device, where a scroll view hides the
// cells scrolled out of it. Drawing and picking use only the visible part of a box.

import { frameNumbers } from './tree-model.js';

const ROOT_GAP = 24;

export class ScreenBoxes {
  constructor(model) {
    this.model = model;
    this.rebuild();
  }

  /** Recomputes everything (after structural changes). */
  rebuild() {
    const n = this.model.size;
    this.ids = new Array(n);
    this.elements = new Array(n);
    this.x = new Float64Array(n);
    this.y = new Float64Array(n);
    this.w = new Float64Array(n);
    this.h = new Float64Array(n);
    this.depth = new Uint32Array(n); // a tree may nest deeper than 65 535 levels
    this.end = new Uint32Array(n); // index after the element's subtree
    this.cx0 = new Float64Array(n); // clip region (infinite where no ancestor clips)
    this.cy0 = new Float64Array(n);
    this.cx1 = new Float64Array(n);
    this.cy1 = new Float64Array(n);
    this.parent = new Int32Array(n);
    this.indexOf = new Map();
    this.rootOffsets = []; // per root: its screen's origin x, where its screen starts, the frame placed
    let i = 0;
    let offset = 0; // where the next screen starts
    let top = 0;
    let bottom = 0;
    for (const root of this.model.roots) {
      const frame = frameNumbers(root);
      const [x, y, w, h] = frame.map(finiteOrZero);
      const origin = offset - Math.min(0, x);
      this.rootOffsets.push({ id: root.id, x: origin, start: offset, frame });
      offset = origin + Math.max(0, x + w) + ROOT_GAP;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y + h);
      const stack = [[root, origin, 0, 0, -1]];
      const open = [];
      while (stack.length) {
        const [el, px, py, depth, parent] = stack.pop();
        while (open.length && this.depth[open[open.length - 1]] >= depth) this.end[open.pop()] = i;
        const f = frameNumbers(el);
        this.ids[i] = el.id;
        this.elements[i] = el;
        this.x[i] = px + f[0];
        this.y[i] = py + f[1];
        this.w[i] = f[2];
        this.h[i] = f[3];
        this.depth[i] = depth;
        this.parent[i] = parent;
        this.indexOf.set(el.id, i);
        open.push(i);
        const children = el.children;
        if (children) for (let c = children.length - 1; c >= 0; c--) stack.push([children[c], px + f[0], py + f[1], depth + 1, i]);
        i++;
      }
      while (open.length) this.end[open.pop()] = i;
    }
    this.count = i;
    this.#computeBounds();
    this.#computeClips(0, i);
    // The screens' extent: x from 0 to `width`, y from `top` (negative when a root lies above
    // its screen's origin) to `top + height`.
    this.width = Math.max(0, offset - ROOT_GAP);
    this.top = top;
    this.height = bottom - top;
  }

  /**
   * Updates the boxes of elements whose fields changed, without a rebuild: a frame change moves
   * the element's whole subtree by the difference of origins. (A root's new frame rebuilds: the
   * screens after it move.)
   */
  update(changedIds) {
    for (const id of changedIds) {
      const i = this.indexOf.get(id);
      if (i === undefined) { this.rebuild(); return; }
      const f = frameNumbers(this.elements[i]);
      // A root's frame places the screens after it and sizes them all: lay them out again.
      if (this.parent[i] < 0 && f.some((v, k) => !Object.is(v, this.#rootEntry(id).frame[k]))) { this.rebuild(); return; }
      const parent = this.model.parentOf(id);
      const pi = parent ? this.indexOf.get(parent.id) : -1;
      const baseX = pi >= 0 ? this.x[pi] : this.#rootEntry(id).x;
      const baseY = pi >= 0 ? this.y[pi] : 0;
      const dx = baseX + f[0] - this.x[i];
      const dy = baseY + f[1] - this.y[i];
      this.w[i] = f[2];
      this.h[i] = f[3];
      const end = this.end[i];
      if (dx !== 0 || dy !== 0) {
        for (let j = i; j < end; j++) {
          this.x[j] += dx; this.y[j] += dy;
          this.bx0[j] += dx; this.by0[j] += dy; this.bx1[j] += dx; this.by1[j] += dy;
        }
      }
      // The element's own box may have grown: recompute its bounds from its children's, then
      // grow (never shrink) the ancestors' bounds, which keeps them a safe over-estimate.
      this.bx0[i] = this.x[i]; this.by0[i] = this.y[i];
      this.bx1[i] = this.x[i] + this.w[i]; this.by1[i] = this.y[i] + this.h[i];
      for (let j = end - 1; j > i; j--) if (this.parent[j] === i) this.#growParent(j);
      for (let j = i; this.parent[j] >= 0; j = this.parent[j]) this.#growParent(j);
      // Its subtree's clip regions follow its box (and its clipsToBounds, which may have changed).
      this.#computeClips(i, end);
    }
  }

  /** Clip regions of indices [from, to), parents first (pre-order), from their parents'. */
  #computeClips(from, to) {
    for (let i = from; i < to; i++) {
      const p = this.parent[i];
      if (p < 0) {
        this.cx0[i] = -Infinity; this.cy0[i] = -Infinity; this.cx1[i] = Infinity; this.cy1[i] = Infinity;
        continue;
      }
      this.cx0[i] = this.cx0[p]; this.cy0[i] = this.cy0[p]; this.cx1[i] = this.cx1[p]; this.cy1[i] = this.cy1[p];
      const props = this.elements[p].props;
      if (props && props.clipsToBounds) {
        this.cx0[i] = Math.max(this.cx0[i], this.x[p]);
        this.cy0[i] = Math.max(this.cy0[i], this.y[p]);
        this.cx1[i] = Math.min(this.cx1[i], this.x[p] + this.w[p]);
        this.cy1[i] = Math.min(this.cy1[i], this.y[p] + this.h[p]);
      }
    }
  }

  /** Whether an ancestor clips element i (its clip region is finite). */
  isClipped(i) {
    return this.cx0[i] !== -Infinity || this.cy0[i] !== -Infinity || this.cx1[i] !== Infinity || this.cy1[i] !== Infinity;
  }

  /** [x, y, w, h] of element i's clip region (only meaningful when isClipped(i)). */
  clipRect(i) {
    return [this.cx0[i], this.cy0[i], this.cx1[i] - this.cx0[i], this.cy1[i] - this.cy0[i]];
  }

  /**
   * The part of element i's box its clipping ancestors leave visible, [x, y, w, h], or null
   * when they hide it entirely. An unclipped box is returned whole (even when empty).
   */
  visibleRect(i) {
    if (!this.isClipped(i)) return [this.x[i], this.y[i], this.w[i], this.h[i]];
    const x0 = Math.max(this.x[i], this.cx0[i]);
    const y0 = Math.max(this.y[i], this.cy0[i]);
    const x1 = Math.min(this.x[i] + this.w[i], this.cx1[i]);
    const y1 = Math.min(this.y[i] + this.h[i], this.cy1[i]);
    return x1 > x0 && y1 > y0 ? [x0, y0, x1 - x0, y1 - y0] : null;
  }

  /** Subtree bounds, children before parents (pre-order indices grow downwards). */
  #computeBounds() {
    const n = this.count;
    this.bx0 = Float64Array.from(this.x.subarray(0, n));
    this.by0 = Float64Array.from(this.y.subarray(0, n));
    this.bx1 = new Float64Array(n);
    this.by1 = new Float64Array(n);
    for (let i = 0; i < n; i++) { this.bx1[i] = this.x[i] + this.w[i]; this.by1[i] = this.y[i] + this.h[i]; }
    for (let i = n - 1; i > 0; i--) this.#growParent(i);
  }

  #growParent(i) {
    const p = this.parent[i];
    if (p < 0) return;
    if (this.bx0[i] < this.bx0[p]) this.bx0[p] = this.bx0[i];
    if (this.by0[i] < this.by0[p]) this.by0[p] = this.by0[i];
    if (this.bx1[i] > this.bx1[p]) this.bx1[p] = this.bx1[i];
    if (this.by1[i] > this.by1[p]) this.by1[p] = this.by1[i];
  }

  /** Whether the subtree of index i may have a box intersecting the rect. */
  subtreeMeets(i, x0, y0, x1, y1) {
    return !(this.bx0[i] > x1 || this.by0[i] > y1 || this.bx1[i] < x0 || this.by1[i] < y0);
  }

  #rootEntry(id) {
    return this.rootOffsets.find((r) => r.id === id);
  }

  /** [x, y, w, h] of an element in screen coordinates, or null. */
  rect(id) {
    const i = this.indexOf.get(id);
    return i === undefined ? null : [this.x[i], this.y[i], this.w[i], this.h[i]];
  }

  /** The deepest visible element whose box contains the point (the last one in paint order). */
  deepestAt(px, py, accept = () => true) {
    let found = null;
    for (let i = 0; i < this.count; i++) {
      if (!this.subtreeMeets(i, px, py, px, py)) { i = this.end[i] - 1; continue; }
      const inClip = px >= this.cx0[i] && py >= this.cy0[i] && px < this.cx1[i] && py < this.cy1[i];
      if (inClip && px >= this.x[i] && py >= this.y[i] && px < this.x[i] + this.w[i] && py < this.y[i] + this.h[i] && accept(this.elements[i])) {
        found = this.ids[i];
      }
    }
    return found;
  }

  /**
   * The root whose screen holds a point and the point in that root's coordinates, measured from
   * its top-left corner (HitTest.probe).
   */
  toRootPoint(px, py) {
    for (let r = this.rootOffsets.length - 1; r >= 0; r--) {
      const { id, start } = this.rootOffsets[r];
      if (px < start) continue;
      const i = this.indexOf.get(id);
      return { root: id, x: px - this.x[i], y: py - this.y[i] };
    }
    return null;
  }
}

/** Screens are laid out with finite numbers: an infinite or NaN coordinate counts 0. */
function finiteOrZero(v) { return Number.isFinite(v) ? v : 0; }
