// The program's live edits, the one list every inspector attached to it shows
// (docs/protocol.md: Layout.getEdits, Layout.editsChanged): each edit's element (id, name and
// structural path), property, value before and after, and who made it; how many edits Undo and
// Redo can take. The program keeps the list and its history, so an edit, undo or revert made in
// any inspector (another browser, another machine) reaches all of them. Pure: read checks the
// program's JSON and refuses a list it cannot read whole.

const KINDS = new Set(['style', 'spec']);

/** A reason the list cannot be read, or null. */
function listProblem(data) {
  if (!data || typeof data !== 'object' || !Array.isArray(data.edits)) return 'no "edits" list';
  for (const key of ['undo', 'redo']) {
    if (!Number.isInteger(data[key]) || data[key] < 0) return `"${key}" is not a count`;
  }
  for (const edit of data.edits) {
    if (!edit || typeof edit !== 'object') return 'an edit is not an object';
    for (const key of ['id', 'name', 'path', 'property']) if (typeof edit[key] !== 'string') return `an edit's "${key}" is not a string`;
    if (!KINDS.has(edit.kind)) return `an edit's "kind" is not style or spec`;
    if (!('value' in edit) || !('old' in edit)) return 'an edit has no "value" or "old"';
    if (edit.by !== undefined && typeof edit.by !== 'string') return 'an edit\'s "by" is not a string';
  }
  return null;
}

export class ProgramEdits {
  constructor() {
    this.edits = []; // {id, name, path, kind, property, old (null: the default), value, by?}, oldest first
    this.undo = 0; // edits Undo can take back
    this.redo = 0; // edits Redo can make again
  }

  /** Takes the program's list (an event's params or a reply); throws, keeping the list, when it does not read. */
  take(data) {
    const problem = listProblem(data);
    if (problem) throw new Error(`the program's list of edits does not read: ${problem}`);
    this.edits = data.edits;
    this.undo = data.undo;
    this.redo = data.redo;
  }

  get size() { return this.edits.length; }
  get elementCount() { return new Set(this.edits.map((e) => e.id)).size; }

  /** The edit of (id, property), or undefined. */
  find(id, property) { return this.edits.find((e) => e.id === id && e.property === property); }
  /** Whether the element has any edit. */
  has(id) { return this.edits.some((e) => e.id === id); }
  /** The ids of the edited elements. */
  ids() { return new Set(this.edits.map((e) => e.id)); }
}
