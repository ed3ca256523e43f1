// The page's shared state: the document on show (live or from a file) with its derived views
// (screen boxes, tree rows), the selection, the hovered element, and the semantic diff on show.
// Panels subscribe to named changes; nothing here touches the DOM.

import { ScreenBoxes } from '../screen-boxes.js';
import { TreeRows } from '../tree-rows.js';

export class InspectorState {
  constructor() {
    this.model = null;
    this.boxes = null;
    this.rows = null;
    this.source = null; // {kind: 'live' | 'file', name}
    this.selectedId = null;
    this.hoveredId = null;
    this.diff = null; // {changes, changedIds: Set of ids in the shown document}
    this.highlights = []; // boxes another view asks the screen to draw ({kind, rect, label}: the Explain tab's)
    this.listeners = new Map();
  }

  on(name, fn) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name).add(fn);
    return () => this.listeners.get(name).delete(fn);
  }

  emit(name, detail) {
    for (const fn of this.listeners.get(name) || []) fn(detail);
  }

  /** Shows a whole document. Keeps selection and expanded rows when their ids still exist. */
  setDocument(model, source) {
    const sameSource = !!(this.source && source && this.source.kind === source.kind && this.source.name === source.name);
    this.model = model;
    this.source = source;
    this.boxes = model ? new ScreenBoxes(model) : null;
    if (model && this.rows && sameSource) this.rows.setModel(model);
    else this.rows = model ? new TreeRows(model) : null;
    if (!sameSource) this.diff = null;
    if (this.selectedId && (!model || !model.get(this.selectedId))) this.selectedId = null;
    if (this.hoveredId && (!model || !model.get(this.hoveredId))) this.hoveredId = null;
    this.emit('document', { model, source, sameSource });
  }

  /** Applies the result of TreeModel.applyOps to the derived views, incrementally. */
  applyChanges(changes) {
    if (changes.structure) {
      this.boxes.rebuild();
      this.rows.refresh();
      if (this.selectedId && !this.model.get(this.selectedId)) this.selectedId = null;
      if (this.hoveredId && !this.model.get(this.hoveredId)) this.hoveredId = null;
    } else if (changes.changed.size) {
      this.boxes.update(changes.changed);
    }
    this.emit('update', changes);
  }

  select(id, { reveal = true, origin = null } = {}) {
    if (id && (!this.model || !this.model.get(id))) return;
    if (id && reveal && this.rows) this.rows.reveal(id);
    this.selectedId = id;
    this.emit('selection', { id, origin });
  }

  hover(id, origin = null) {
    if (id === this.hoveredId) return;
    this.hoveredId = id;
    this.emit('hover', { id, origin });
  }

  setHighlights(boxes) {
    if (boxes.length === 0 && this.highlights.length === 0) return;
    this.highlights = boxes;
    this.emit('highlights', boxes);
  }

  setDiff(diff) {
    this.diff = diff;
    this.emit('diff', diff);
  }
}
