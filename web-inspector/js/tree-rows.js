// The tree panel's model, independent of the DOM: which elements are expanded, the flat list
// of visible rows, the slice of rows a scrolled viewport shows (virtualisation: the DOM only
// ever holds that slice), keyboard moves, search by class, debugName or text, and the
// sideways scroll that shows a row's label (rows are indented by their depth).

/**
 * The scroll offset that shows the span [start, end] (content coordinates) in a view `size`
 * long now scrolled to `scroll`: `scroll` itself when the span is in view, so the view does not
 * jump; else the least move that shows it, or its start when it is longer than the view.
 */
export function scrollToShow(scroll, size, start, end) {
  if (start >= scroll && end <= scroll + size) return scroll;
  if (start < scroll || end - start > size) return start;
  return end - size;
}

export class TreeRows {
  /**
   * @param {TreeModel} model
   * @param {object} [options] expandDepth: levels expanded initially (default 3)
   */
  constructor(model, { expandDepth = 3 } = {}) {
    this.model = model;
    this.expanded = new Set();
    const stack = model.roots.map((r) => [r, 0]);
    while (stack.length) {
      const [el, depth] = stack.pop();
      if (depth >= expandDepth || !el.children) continue;
      this.expanded.add(el.id);
      for (const child of el.children) stack.push([child, depth + 1]);
    }
    this.refresh();
  }

  /** Keeps the expansion state (of ids that still exist) and re-flattens; for a new model too. */
  setModel(model) {
    this.model = model;
    for (const id of this.expanded) if (!model.get(id)) this.expanded.delete(id);
    this.refresh();
  }

  /** Re-flattens the visible rows (after an expansion or a structural update). */
  refresh() {
    const ids = [];
    const depths = [];
    // Each row's place among its siblings (1-based) and their count: aria-posinset and
    // aria-setsize, which a screen reader cannot work out from a virtualised list.
    const positions = [];
    const setSizes = [];
    const stack = [];
    const roots = this.model.roots;
    for (let r = roots.length - 1; r >= 0; r--) stack.push(roots[r], 0, r + 1, roots.length);
    while (stack.length) {
      const size = stack.pop();
      const position = stack.pop();
      const depth = stack.pop();
      const el = stack.pop();
      ids.push(el.id);
      depths.push(depth);
      positions.push(position);
      setSizes.push(size);
      const children = el.children;
      if (children && this.expanded.has(el.id)) {
        for (let c = children.length - 1; c >= 0; c--) stack.push(children[c], depth + 1, c + 1, children.length);
      }
    }
    this.ids = ids;
    this.depths = depths;
    this.positions = positions;
    this.setSizes = setSizes;
    this.rowOf = null; // built lazily
  }

  get length() { return this.ids.length; }

  /** Row index of an id, or -1 when it is hidden inside a collapsed ancestor. */
  indexOf(id) {
    if (!this.rowOf) {
      this.rowOf = new Map();
      for (let i = 0; i < this.ids.length; i++) this.rowOf.set(this.ids[i], i);
    }
    const i = this.rowOf.get(id);
    return i === undefined ? -1 : i;
  }

  hasChildren(id) {
    const el = this.model.get(id);
    return !!(el && el.children && el.children.length);
  }

  isExpanded(id) { return this.expanded.has(id); }

  setExpanded(id, expanded) {
    if (expanded === this.expanded.has(id)) return false;
    if (expanded) this.expanded.add(id); else this.expanded.delete(id);
    this.refresh();
    return true;
  }

  toggle(id) { return this.setExpanded(id, !this.expanded.has(id)); }

  /** Expands (or collapses) the element and its whole subtree. */
  setSubtreeExpanded(id, expanded) {
    const stack = [this.model.get(id)];
    while (stack.length) {
      const el = stack.pop();
      if (!el || !el.children) continue;
      if (expanded) this.expanded.add(el.id); else this.expanded.delete(el.id);
      stack.push(...el.children);
    }
    this.refresh();
  }

  /** Expands every ancestor so the element has a row; returns that row. */
  reveal(id) {
    const path = this.model.pathTo(id);
    let changed = false;
    for (const ancestor of path.slice(0, -1)) {
      if (!this.expanded.has(ancestor)) { this.expanded.add(ancestor); changed = true; }
    }
    if (changed) this.refresh();
    return this.indexOf(id);
  }

  /** Rows [start, end) to render for a viewport, with `overscan` extra rows on each side. */
  window(scrollTop, viewportHeight, rowHeight, overscan = 10) {
    const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
    const visible = Math.ceil(viewportHeight / rowHeight) + 1;
    return {
      start: Math.max(0, first - overscan),
      end: Math.min(this.ids.length, first + visible + overscan),
    };
  }

  /** Keyboard moves (ARIA tree conventions); each returns the id to select. `page` rows per page. */
  move(id, key, page = 20) {
    const row = this.indexOf(id);
    if (row < 0) return this.ids[0] ?? null;
    switch (key) {
      case 'ArrowDown': return this.ids[Math.min(row + 1, this.ids.length - 1)];
      case 'ArrowUp': return this.ids[Math.max(row - 1, 0)];
      case 'PageDown': return this.ids[Math.min(row + page, this.ids.length - 1)];
      case 'PageUp': return this.ids[Math.max(row - page, 0)];
      case 'Home': return this.ids[0];
      case 'End': return this.ids[this.ids.length - 1];
      case 'ArrowRight':
        if (!this.hasChildren(id)) return id;
        if (!this.expanded.has(id)) { this.setExpanded(id, true); return id; }
        return this.ids[row + 1];
      case 'ArrowLeft':
        if (this.hasChildren(id) && this.expanded.has(id)) { this.setExpanded(id, false); return id; }
        return this.model.parentOf(id)?.id ?? id;
      default: return id;
    }
  }

  /** Ids of elements matching the query in document order (class name, debugName or text). */
  search(query, limit = 1000) {
    const needle = query.trim().toLowerCase();
    if (!needle) return [];
    const found = [];
    const stack = [...this.model.roots].reverse();
    while (stack.length && found.length < limit) {
      const el = stack.pop();
      if (matches(el, needle)) found.push(el.id);
      if (el.children) for (let c = el.children.length - 1; c >= 0; c--) stack.push(el.children[c]);
    }
    return found;
  }
}

/** Whether the class name, debugName or text holds the needle (absent ones never do). */
function matches(el, needle) {
  const has = (value) => typeof value === 'string' && value.toLowerCase().includes(needle);
  return has(el.className) || has(el.debugName) || has(el.props && el.props.text);
}
