// The live edits of one program's process (Layout.setStyle / Layout.setSpecProperty overrides):
// which element, property, value before and after, kept in the order made, with undo and redo,
// and the requests that take one edit back. The protocol reverts a whole element
// (Layout.revertEdits {id}), so taking one property back is: revert the element, then set its
// other overrides again. Pure: the panel sends the requests, and records what the program took.
// A log is plain data (toJSON / fromJSON) so the page's other tabs on the same process can be
// sent it (ui/edit-sync.js).

const METHOD = { style: 'Layout.setStyle', spec: 'Layout.setSpecProperty' };

/** One request to the program: [method, params]. */
function setRequest({ id, kind, key, value }) {
  return [METHOD[kind], { id, property: key, value }];
}

export class EditLog {
  constructor() {
    this.edits = []; // current overrides, oldest first: {id, name, path, kind, key, old, value}
    this.undone = []; // edits undone, newest last (redo takes them back)
    this.history = []; // actions done, newest last: {edit, previous: the override it replaced or null}
  }

  static fromJSON(data) {
    const log = new EditLog();
    if (data && Array.isArray(data.edits)) log.edits = data.edits;
    if (data && Array.isArray(data.history)) log.history = data.history;
    if (data && Array.isArray(data.undone)) log.undone = data.undone;
    return log;
  }

  toJSON() { return { edits: this.edits, history: this.history, undone: this.undone }; }

  get size() { return this.edits.length; }
  get elementCount() { return new Set(this.edits.map((e) => e.id)).size; }

  /** The override of (id, key), or undefined. */
  find(id, key) { return this.edits.find((e) => e.id === id && e.key === key); }
  /** Whether the element has any override. */
  has(id) { return this.edits.some((e) => e.id === id); }
  /** The element's overrides. */
  of(id) { return this.edits.filter((e) => e.id === id); }

  /** The program took an edit: it replaces the element's override of the same key. */
  record(edit, { keepRedo = false } = {}) {
    const previous = this.find(edit.id, edit.key) || null;
    const entry = { ...edit, old: previous ? previous.old : (edit.old ?? null) };
    this.edits = this.edits.filter((e) => e !== previous).concat([entry]);
    this.history.push({ edit: entry, previous });
    if (!keepRedo) this.undone = [];
    return entry;
  }

  /** The requests that take back the override of (id, key) alone. */
  revertOneRequests(id, key) {
    return [['Layout.revertEdits', { id }], ...this.of(id).filter((e) => e.key !== key).map(setRequest)];
  }

  /** After the requests of revertOneRequests succeeded. */
  revertedOne(id, key) { this.edits = this.edits.filter((e) => !(e.id === id && e.key === key)); }

  /** After Layout.revertEdits of an element (or of all, id null) succeeded. */
  revertedElement(id) {
    this.edits = id ? this.edits.filter((e) => e.id !== id) : [];
    if (!id) { this.history = []; this.undone = []; }
  }

  /** The requests that undo the last action: its previous override back, or its key reverted. */
  undoRequests() {
    const last = this.history[this.history.length - 1];
    if (!last) return null;
    const { edit, previous } = last;
    return previous ? [setRequest(previous)] : this.revertOneRequests(edit.id, edit.key);
  }

  /** After the requests of undoRequests succeeded. */
  didUndo() {
    const { edit, previous } = this.history.pop();
    this.edits = this.edits.filter((e) => !(e.id === edit.id && e.key === edit.key));
    if (previous) this.edits.push(previous);
    this.undone.push(edit);
  }

  /** The requests that redo the last undone edit. */
  redoRequests() {
    const edit = this.undone[this.undone.length - 1];
    return edit ? [setRequest(edit)] : null;
  }

  /** After the requests of redoRequests succeeded. */
  didRedo() { this.record(this.undone.pop(), { keepRedo: true }); }
}
