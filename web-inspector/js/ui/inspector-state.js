// The page's shared state: the document on show (live or from a file) with its derived views
// (screen boxes, tree rows), the selection, the hovered element, and the semantic diff on show.
// Panels subscribe to named changes; nothing here touches the DOM.

import { ScreenBoxes } from '../screen-boxes.js';
import { TreeRows } from '../tree-rows.js';
import { elementPath, findByPath } from '../element-path.js';
import { elementName } from '../tree-model.js';

export class InspectorState {
  constructor() {
    this.model = null;
    this.boxes = null;
    this.rows = null;
    this.source = null; // {kind: 'live' | 'file', name}
    this.selectedId = null;
    this.selectedPath = null; // the selection's structural path (element-path.js), kept current
    // The selection whose element went away (a cell released as it scrolled off): {id, path,
    // name}. It is selected again when an element with its id, or at its path, comes back.
    this.lostSelection = null;
    this.hoveredId = null;
    this.diff = null; // {changes, changedIds: Set of ids in the shown document}
    this.edited = new Set(); // ids of the elements the shown program has live edits of (the tree marks them)
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
    if (!sameSource || !model) this.lostSelection = null;
    const selectionChanged = this.#followSelection(sameSource && !!model);
    if (this.hoveredId && (!model || !model.get(this.hoveredId))) this.hoveredId = null;
    this.emit('document', { model, source, sameSource });
    if (selectionChanged) this.emit('selection', { id: this.selectedId, origin: 'follow' });
  }

  /** Applies the result of TreeModel.applyOps to the derived views, incrementally. */
  applyChanges(changes) {
    let selectionChanged = false;
    if (changes.structure) {
      this.boxes.rebuild();
      this.rows.refresh();
      selectionChanged = this.#followSelection(true);
      if (this.hoveredId && !this.model.get(this.hoveredId)) this.hoveredId = null;
    } else if (changes.changed.size) {
      this.boxes.update(changes.changed);
    }
    this.emit('update', changes);
    if (selectionChanged) this.emit('selection', { id: this.selectedId, origin: 'follow' });
  }

  /**
   * After the document changed: a selected element that went away becomes the lost selection
   * (when `keep`: the same document's next state), and a lost one that came back (its id, else
   * its path) is selected again. Returns whether the selection changed.
   */
  #followSelection(keep) {
    const model = this.model;
    if (this.selectedId && (!model || !model.get(this.selectedId))) {
      const element = this.selectedElement;
      this.lostSelection = keep ? { id: this.selectedId, path: this.selectedPath, name: element ? elementName(element) : this.selectedId } : null;
      this.selectedId = null;
      this.selectedPath = null;
      this.selectedElement = null;
      return true;
    }
    if (this.selectedId) { this.selectedPath = elementPath(model, this.selectedId); return false; }
    if (!this.lostSelection || !model) return false;
    const { id, path } = this.lostSelection;
    const found = model.get(id) ? id : findByPath(model, path);
    if (!found) return false;
    this.#setSelected(found);
    if (this.rows) this.rows.reveal(found);
    return true;
  }

  #setSelected(id) {
    this.selectedId = id;
    this.selectedPath = id ? elementPath(this.model, id) : null;
    this.selectedElement = id ? this.model.get(id) : null; // its name, once it is gone
    this.lostSelection = null;
  }

  select(id, { reveal = true, origin = null } = {}) {
    if (id && (!this.model || !this.model.get(id))) return;
    if (id && reveal && this.rows) this.rows.reveal(id);
    this.#setSelected(id);
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
