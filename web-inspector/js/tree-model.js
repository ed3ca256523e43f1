// The inspected document: a snapshot (protocol.md, "Snapshot") indexed by element id, with the
// update ops of protocol.md ("Updates") applied in place. Elements keep the snapshot's own
// objects (no copies), so a 100 000-element document costs one Map entry per element.

export class UpdateError extends Error {
  constructor(message) { super(message); this.name = 'UpdateError'; }
}

export class TreeModel {
  /** @param {object} snapshot a protocol.md Snapshot (version 1) */
  constructor(snapshot) {
    if (!snapshot || !Array.isArray(snapshot.roots)) throw new UpdateError('not a snapshot: "roots" is missing');
    this.meta = snapshot.meta || {};
    this.revision = snapshot.revision || 0;
    this.roots = snapshot.roots;
    /** id -> element */
    this.elements = new Map();
    /** id -> parent element (null for roots) */
    this.parents = new Map();
    /** id -> RangeController */
    this.controllers = new Map();
    for (const root of this.roots) this.#index(root, null);
    for (const c of snapshot.rangeControllers || []) this.controllers.set(c.id, c);
  }

  get size() { return this.elements.size; }
  get(id) { return this.elements.get(id); }
  parentOf(id) { return this.parents.get(id) || null; }

  /** The element's frame origin in root coordinates: the sum of its ancestors' origins. */
  rootFrame(id) {
    const el = this.elements.get(id);
    if (!el) return null;
    const [x, y, w, h] = el.frame || [0, 0, 0, 0];
    let rx = x;
    let ry = y;
    for (let p = this.parents.get(id); p; p = this.parents.get(p.id)) {
      if (p.frame) { rx += p.frame[0]; ry += p.frame[1]; }
    }
    return [rx, ry, w, h];
  }

  /** Ids from the root down to `id`, inclusive. */
  pathTo(id) {
    const path = [];
    for (let el = this.elements.get(id); el; el = this.parents.get(el.id)) path.push(el.id);
    return path.reverse();
  }

  /** The root whose subtree holds `id`. */
  rootOf(id) {
    let el = this.elements.get(id);
    while (el && this.parents.get(el.id)) el = this.parents.get(el.id);
    return el || null;
  }

  /** The snapshot as a plain document again (for download). */
  toSnapshot() {
    return { format: 'weft.snapshot', version: 1, revision: this.revision, meta: this.meta,
      roots: this.roots, rangeControllers: [...this.controllers.values()] };
  }

  /**
   * Applies the ops of one Tree.updated event. Returns what changed so views can redraw only
   * that: {changed: Set of ids whose fields changed, structure: bool, ranges: bool}.
   * Throws UpdateError when an op names an unknown element (the caller then resyncs).
   */
  applyOps(ops) {
    const result = { changed: new Set(), structure: false, ranges: false };
    for (const op of ops) {
      switch (op.op) {
        case 'add': this.#add(op, result); break;
        case 'remove': this.#remove(op, result); break;
        case 'move': this.#move(op, result); break;
        case 'set': this.#set(op, result); break;
        case 'range':
          if (!op.controller || op.controller.id === undefined) throw new UpdateError('range op without a controller');
          this.controllers.set(op.controller.id, op.controller);
          result.ranges = true;
          break;
        case 'rangeRemoved':
          this.controllers.delete(op.id);
          result.ranges = true;
          break;
        default: throw new UpdateError(`unknown op ${JSON.stringify(op.op)}`);
      }
    }
    return result;
  }

  #index(element, parent) {
    // Iterative: a deep tree must not overflow the stack.
    const stack = [[element, parent]];
    while (stack.length) {
      const [el, p] = stack.pop();
      this.elements.set(el.id, el);
      this.parents.set(el.id, p);
      const children = el.children;
      if (children) for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], el]);
    }
  }

  #unindex(element) {
    const stack = [element];
    while (stack.length) {
      const el = stack.pop();
      this.elements.delete(el.id);
      this.parents.delete(el.id);
      if (el.children) stack.push(...el.children);
    }
  }

  #siblings(parentId) {
    if (parentId === null || parentId === undefined) return this.roots;
    const parent = this.elements.get(parentId);
    if (!parent) throw new UpdateError(`unknown parent ${parentId}`);
    if (!parent.children) parent.children = [];
    return parent.children;
  }

  #detach(id) {
    const el = this.elements.get(id);
    if (!el) throw new UpdateError(`unknown element ${id}`);
    const parent = this.parents.get(id);
    const siblings = parent ? parent.children : this.roots;
    const at = siblings.indexOf(el);
    if (at >= 0) siblings.splice(at, 1);
    if (parent && parent.children.length === 0) delete parent.children;
    return el;
  }

  #checkIndex(index, length) {
    if (!Number.isInteger(index) || index < 0 || index > length) throw new UpdateError(`index ${index} out of range 0...${length}`);
  }

  #insert(siblings, index, el) {
    siblings.splice(index, 0, el);
  }

  #add(op, result) {
    if (!op.element || op.element.id === undefined) throw new UpdateError('add op without an element');
    const stack = [op.element];
    while (stack.length) {
      const el = stack.pop();
      if (this.elements.has(el.id)) throw new UpdateError(`duplicate id ${el.id}`);
      if (el.children) stack.push(...el.children);
    }
    const siblings = this.#siblings(op.parent);
    this.#checkIndex(op.index, siblings.length);
    this.#insert(siblings, op.index, op.element);
    this.#index(op.element, op.parent == null ? null : this.elements.get(op.parent));
    result.structure = true;
    result.changed.add(op.element.id);
  }

  #remove(op, result) {
    this.#unindex(this.#detach(op.id));
    result.structure = true;
    result.changed.delete(op.id);
  }

  #move(op, result) {
    const el = this.elements.get(op.id);
    if (!el) throw new UpdateError(`unknown element ${op.id}`);
    if (op.parent != null) {
      if (!this.elements.has(op.parent)) throw new UpdateError(`unknown parent ${op.parent}`);
      if (this.pathTo(op.parent).includes(op.id)) throw new UpdateError(`cannot move ${op.id} into its own subtree`);
    }
    const siblings = this.#siblings(op.parent);
    this.#checkIndex(op.index, siblings.length - (siblings.includes(el) ? 1 : 0)); // before any change
    this.#detach(op.id);
    this.#insert(siblings, op.index, el);
    this.parents.set(op.id, op.parent == null ? null : this.elements.get(op.parent));
    result.structure = true;
    result.changed.add(op.id);
  }

  #set(op, result) {
    const el = this.elements.get(op.id);
    if (!el) throw new UpdateError(`unknown element ${op.id}`);
    const fields = op.fields || {};
    if ('id' in fields || 'children' in fields || (op.unset || []).includes('children')) {
      throw new UpdateError('a set op cannot change id or children');
    }
    // Fields first, then unset (snapshot-format.md), so an unset calculatedSize follows the frame.
    for (const [name, value] of Object.entries(fields)) el[name] = value;
    for (const name of op.unset || []) delete el[name];
    result.changed.add(op.id);
  }
}
