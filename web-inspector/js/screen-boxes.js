// Every element's box in root coordinates, in paint order (pre-order: parents before their
// children), kept in flat typed arrays so a 100 000-element screen draws and hit-tests without
// allocating. Roots sit side by side, each shifted right by the widths of the roots before it.

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
    this.depth = new Uint16Array(n);
    this.end = new Uint32Array(n); // index after the element's subtree
    this.indexOf = new Map();
    this.rootOffsets = [];
    let i = 0;
    let offset = 0;
    for (const root of this.model.roots) {
      this.rootOffsets.push({ id: root.id, x: offset });
      const stack = [[root, offset, 0, 0]];
      const open = [];
      while (stack.length) {
        const [el, px, py, depth] = stack.pop();
        while (open.length && this.depth[open[open.length - 1]] >= depth) this.end[open.pop()] = i;
        const f = el.frame || [0, 0, 0, 0];
        this.ids[i] = el.id;
        this.elements[i] = el;
        this.x[i] = px + f[0];
        this.y[i] = py + f[1];
        this.w[i] = f[2];
        this.h[i] = f[3];
        this.depth[i] = depth;
        this.indexOf.set(el.id, i);
        open.push(i);
        const children = el.children;
        if (children) for (let c = children.length - 1; c >= 0; c--) stack.push([children[c], px + f[0], py + f[1], depth + 1]);
        i++;
      }
      while (open.length) this.end[open.pop()] = i;
      offset += ((root.frame && root.frame[2]) || 0) + ROOT_GAP;
    }
    this.count = i;
    this.width = Math.max(0, offset - ROOT_GAP);
    this.height = Math.max(0, ...this.model.roots.map((r) => (r.frame ? r.frame[1] + r.frame[3] : 0)));
  }

  /**
   * Updates the boxes of elements whose fields changed, without a rebuild: a frame change moves
   * the element's whole subtree by the difference of origins.
   */
  update(changedIds) {
    for (const id of changedIds) {
      const i = this.indexOf.get(id);
      if (i === undefined) { this.rebuild(); return; }
      const f = this.elements[i].frame || [0, 0, 0, 0];
      const parent = this.model.parentOf(id);
      const pi = parent ? this.indexOf.get(parent.id) : -1;
      const baseX = pi >= 0 ? this.x[pi] : this.#rootOffset(id);
      const baseY = pi >= 0 ? this.y[pi] : 0;
      const dx = baseX + f[0] - this.x[i];
      const dy = baseY + f[1] - this.y[i];
      this.w[i] = f[2];
      this.h[i] = f[3];
      if (dx !== 0 || dy !== 0) {
        for (let j = i; j < this.end[i]; j++) { this.x[j] += dx; this.y[j] += dy; }
      }
    }
  }

  #rootOffset(id) {
    const entry = this.rootOffsets.find((r) => r.id === id);
    return entry ? entry.x : 0;
  }

  /** [x, y, w, h] of an element in screen coordinates, or null. */
  rect(id) {
    const i = this.indexOf.get(id);
    return i === undefined ? null : [this.x[i], this.y[i], this.w[i], this.h[i]];
  }

  /** The deepest element whose box contains the point (the last one in paint order). */
  deepestAt(px, py, accept = () => true) {
    for (let i = this.count - 1; i >= 0; i--) {
      if (px >= this.x[i] && py >= this.y[i] && px < this.x[i] + this.w[i] && py < this.y[i] + this.h[i] && accept(this.elements[i])) {
        return this.ids[i];
      }
    }
    return null;
  }

  /** The root holding a screen point and the point in that root's coordinates (HitTest.probe). */
  toRootPoint(px, py) {
    for (let r = this.rootOffsets.length - 1; r >= 0; r--) {
      if (px >= this.rootOffsets[r].x) return { root: this.rootOffsets[r].id, x: px - this.rootOffsets[r].x, y: py };
    }
    return null;
  }
}
