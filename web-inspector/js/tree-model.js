// The inspected document: a snapshot (docs/protocol.md, "Snapshot") indexed by element id, with the
// update ops of docs/protocol.md ("Updates") applied in place. Elements keep the snapshot's own
// objects (no copies), so a 100 000-element document costs one Map entry per element. The
// values a document leaves out because others imply them (a spec's className, a text's lines, an
// image's decoded size) are filled back into those objects as they are indexed, and into the
// props of `set` ops, so every view reads complete elements (implied-values.js).

import { fillTree, fillImpliedProps, fillImpliedTuning } from './implied-values.js';
import { copyJSON, displayText, shortJSON, isObject } from './json-values.js';

/**
 * A number of a document as a JavaScript number: "inf" ("-inf") is Infinity (-Infinity), null is NaN (docs/protocol.md), and
 * so is anything else a hand-written file may hold there, which is never read as a number itself
 * (a list's number is read through its text, made recursively: one nested thousands deep
 * overflows the stack).
 */
export function numberValue(v) {
  if (typeof v === 'number') return v;
  return v === 'inf' ? Infinity : v === '-inf' ? -Infinity : NaN;
}

/**
 * An element's name as Weft prints it: `Class (debugName)`, or `Class`. The page refuses a name
 * that is not a string where a document enters it (ELEMENT_FORMS), but the pure modules that
 * name elements (the semantic diff of any two documents) may be handed any JSON there: it is
 * printed with displayText (a template would write a nested list recursively and overflow the
 * stack).
 */
export function elementName(el) {
  return el.debugName ? `${displayText(el.className)} (${displayText(el.debugName)})` : displayText(el.className);
}

/** An element's frame [x, y, w, h] as numbers ([0, 0, 0, 0] when it has none). */
export function frameNumbers(el) { return el.frame ? el.frame.map(numberValue) : [0, 0, 0, 0]; }

export class UpdateError extends Error {
  /**
   * @param {number} [opIndex] the position of the op that did not fit, in its Tree.updated
   * @param {string} [unknownOp] the op's kind, when it is one this page does not know (a newer
   *   program's): the page can then leave such ops out instead of failing on each of them
   */
  constructor(message, opIndex, unknownOp) {
    super(message);
    this.name = 'UpdateError';
    this.opIndex = opIndex;
    this.unknownOp = unknownOp;
  }
}

/**
 * Checks elements and their subtrees, since the page finds elements by id: each an object with
 * a string id that is not in `existing` (a document's id -> element map) nor twice among them,
 * its fields of the forms the page relies on (checkElementField). `starts` holds [element, its
 * place for messages]. Throws an UpdateError.
 */
export function checkElements(starts, existing = new Map()) {
  const seen = new Set();
  const stack = [...starts];
  while (stack.length) {
    const [el, place] = stack.pop();
    if (!el || typeof el !== 'object' || typeof el.id !== 'string') throw new UpdateError(`${place} is not an object with a string id`);
    if (existing.has(el.id)) throw new UpdateError(`element id ${el.id} already exists`);
    if (seen.has(el.id)) throw new UpdateError(`element id ${el.id} appears twice`);
    seen.add(el.id);
    for (const name of Object.keys(el)) checkElementField(el.id, name, el[name]);
    for (const child of el.children || []) stack.push([child, `an element of ${el.id}`]);
  }
}

/**
 * Checks a document's range controllers, which the page finds by id as it finds elements (a
 * `range` op's controller needs one too): each an object with a string id, its fields of the
 * forms the page relies on (checkController). Throws an UpdateError.
 */
export function checkControllers(controllers) {
  if (controllers === undefined || controllers === null) return;
  if (!Array.isArray(controllers)) throw new UpdateError('rangeControllers: expected a list');
  controllers.forEach((c, index) => checkController(c, `range controller ${index}`));
}

/** Checks one range controller (`place` names it in messages while it has no id). Throws an UpdateError. */
function checkController(c, place) {
  if (!isObject(c) || typeof c.id !== 'string') throw new UpdateError(`${place} is not an object with a string id`);
  for (const name of Object.keys(c)) checkForm(CONTROLLER_FORMS, `range controller ${c.id}`, name, c[name]);
}

/** Checks the form of one field of the element `id` (snapshot.schema.json). Throws an UpdateError. */
function checkElementField(id, name, value) {
  checkForm(ELEMENT_FORMS, `element ${id}`, name, value);
  if (name === 'props') for (const key of Object.keys(value)) checkForm(PROPS_FORMS, `element ${id}`, key, value[key], 'props.');
}

// The forms snapshot.schema.json gives the fields the page walks as lists and objects (map, some,
// destructuring, spread, forEach), the scalar fields it types (names are strings, kinds and
// modes words from a list, counts integers), and the values inside them that the views read as
// numbers or text (a size range's sizes, a controller's runs, tuning, viewport and sizes; a
// node's text, lines, font size, image sizes, hit-test slop and control targets): a document, an
// added element, a set op's field or a range op's controller of another form is refused where it
// enters the page, with a message that quotes the value with shortJSON (a value nested thousands
// deep is a notice), instead of throwing a TypeError in some view, being shown as a name, or
// being drawn and printed as what it is not (a run "a"–3, a range bar whose tuning is a string
// drawn at full width, a slop "top x, left undefined"). The open-ended values (style, the other
// props, tappable edges, scroll directions) may be any JSON a file holds (docs/web-inspector.md):
// the views read them as they are (displayText, numberValue). Fields not listed (unknown keys)
// are not checked.
const isNumber = (v) => typeof v === 'number' || v === null || v === 'inf' || v === '-inf';
const isCount = (v) => Number.isInteger(v) && v >= 0;
const isList = (v, length) => Array.isArray(v) && (length === undefined || v.length === length);
const isAbsentOrList = (v) => v === undefined || Array.isArray(v);
const listOfNumbers = (length) => (v) => isList(v, length) && v.every(isNumber);
const isSize = listOfNumbers(2);
const listOfRuns = (length) => (v) => isList(v) && v.every((run) => isList(run, length) && run.every(isCount));
const isString = (v) => typeof v === 'string';
const isOneOf = (...words) => [(v) => words.includes(v), words.map((w) => `"${w}"`).join(', ').replace(/, ([^,]*)$/, ' or $1')];
const isTuning = (v) => isObject(v) && Object.values(v).every((mode) =>
  isObject(mode) && [mode.display, mode.preload].every((range) => range === undefined || isSize(range)));
/** An object whose listed keys, where present, hold numbers. */
const numbersAt = (...keys) => (v) => isObject(v) && keys.every((key) => v[key] === undefined || isNumber(v[key]));

/** field -> [whether a value has its form, the form as messages name it] */
const ELEMENT_FORMS = {
  kind: isOneOf('node', 'spec'),
  type: [isString, 'a string'],
  className: [isString, 'a string'],
  debugName: [isString, 'a string'],
  frame: [listOfNumbers(4), 'an array of 4 numbers'],
  calculatedSize: [isSize, 'an array of 2 numbers'],
  constrainedSize: [(v) => isObject(v) && isSize(v.min) && isSize(v.max), '{"min": [w, h], "max": [w, h]} of numbers'],
  style: [isObject, 'an object'],
  props: [isObject, 'an object'],
  tappable: [(v) => isObject(v) && listOfNumbers(4)(v.rect) && isAbsentOrList(v.restricted) && isAbsentOrList(v.clipped),
    '{"rect": [x, y, w, h], "restricted": [edges], "clipped": [edges]}'],
  interfaceState: [isCount, 'a bit mask (an integer >= 0)'],
  children: [isList, 'a list'],
};

/**
 * The forms of the props the views read as text or numbers (snapshot.schema.json gives the first
 * three; docs/protocol.md the others), checked as `props.NAME`; the other props are open-ended.
 */
const PROPS_FORMS = {
  text: [isString, 'a string'],
  lines: [(v) => isList(v) && v.every(isString), 'a list of strings'],
  image: [numbersAt('pixelWidth', 'pixelHeight', 'scale', 'scalingRatio', 'decodedBytes'),
    '{"pixelWidth", "pixelHeight", "scale", "scalingRatio", "decodedBytes"} of numbers'],
  font: [numbersAt('size'), '{"size": number, "weight"}'],
  hitTestSlop: [listOfNumbers(4), 'an array of 4 numbers [top, left, bottom, right]'],
  control: [(v) => isObject(v) && (v.targets === undefined || (isList(v.targets) && v.targets.every(isObject))),
    '{"enabled", "selected", "highlighted", "targets": [{"event", "action"}]}'],
};

const CONTROLLER_FORMS = {
  owner: [isString, 'a string'],
  dataSource: [(v) => isString(v) && v !== '', 'a non-empty string'],
  orientation: isOneOf('vertical', 'horizontal'),
  mode: isOneOf('minimum', 'full', 'visibleOnly', 'lowMemory'),
  itemCount: [(v) => Number.isInteger(v) && v >= 1, 'an integer >= 1'],
  scrollDirection: [isList, 'a list of directions'],
  tuning: [isTuning, 'an object of modes, each {"display": [leading, trailing], "preload": [leading, trailing]} of numbers'],
  viewport: [listOfNumbers(4), 'an array of 4 numbers [x, y, w, h]'],
  contentSize: [isSize, 'an array of 2 numbers [w, h]'],
  contentOffset: [isSize, 'an array of 2 numbers [x, y]'],
  visible: [listOfRuns(2), 'a list of runs [start, end] of integers >= 0'],
  display: [listOfRuns(2), 'a list of runs [start, end] of integers >= 0'],
  preload: [listOfRuns(2), 'a list of runs [start, end] of integers >= 0'],
  itemStates: [listOfRuns(3), 'a list of runs [start, end, stateMask] of integers >= 0'],
};

/** `prefix` names the object the field is in (`props.`). */
function checkForm(forms, owner, name, value, prefix = '') {
  const form = Object.prototype.hasOwnProperty.call(forms, name) ? forms[name] : null;
  if (form && !form[0](value)) throw new UpdateError(`${prefix}${name} of ${owner}: expected ${form[1]}, got ${shortJSON(value)}`);
}

// Documents whose elements and range controllers checkSnapshot checked, and that nothing has
// been given since but copySnapshot: a TreeModel built from one skips the check (a file's
// document is checked as it is opened, and shown as a copy each time, which the check would
// otherwise walk again: 100 000 elements took about a fifth longer to show). Kept here, not in a
// flag callers pass, so that only a document that went through the check is built without it:
// anything else (a device's reply, a hand-made object) is checked by the constructor. A model
// takes the mark off as it builds (it then changes the document in place, and checks the ops it
// applies), so each mark serves one model.
const checkedDocuments = new WeakSet();

/**
 * Checks a snapshot document's roots, elements and range controllers (checkElements,
 * checkControllers) and marks it checked, for the TreeModel built from it. Returns it.
 * Throws an UpdateError.
 */
export function checkSnapshot(snapshot) {
  checkDocument(snapshot);
  checkedDocuments.add(snapshot);
  return snapshot;
}

function checkDocument(snapshot) {
  if (!snapshot || !Array.isArray(snapshot.roots)) throw new UpdateError('not a snapshot: "roots" is missing');
  checkElements(snapshot.roots.map((root) => [root, 'a root']));
  checkControllers(snapshot.rangeControllers);
}

/**
 * A deep copy of a snapshot document (copyJSON), marked checked when the document is: a copy has
 * the forms of what it copies. Each showing of a file builds its model from one.
 */
export function copySnapshot(snapshot) {
  const copy = copyJSON(snapshot);
  if (checkedDocuments.has(snapshot)) checkedDocuments.add(copy);
  return copy;
}

export class TreeModel {
  /**
   * @param {object} snapshot a docs/protocol.md Snapshot, checked here unless checkSnapshot
   *   (or copySnapshot of a checked one) marked it; the model takes the mark
   */
  constructor(snapshot) {
    if (!checkedDocuments.delete(snapshot)) checkDocument(snapshot);
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
    for (const c of snapshot.rangeControllers || []) this.controllers.set(c.id, fillImpliedTuning(c));
  }

  get size() { return this.elements.size; }
  get(id) { return this.elements.get(id); }
  parentOf(id) { return this.parents.get(id) || null; }

  /** The element's frame origin in root coordinates: the sum of its ancestors' origins. */
  rootFrame(id) {
    const el = this.elements.get(id);
    if (!el) return null;
    const [x, y, w, h] = frameNumbers(el);
    let rx = x;
    let ry = y;
    for (let p = this.parents.get(id); p; p = this.parents.get(p.id)) {
      const [px, py] = frameNumbers(p);
      rx += px; ry += py;
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
   * Applies the ops of one Tree.updated event, all or nothing: when an op does not fit the
   * document (docs/snapshot-format.md, "Update ops") the ops before it are undone and an UpdateError
   * naming the op is thrown (the caller then resyncs). Returns what changed, so views redraw only
   * that: {changed: Set of ids whose fields changed, structure: bool, ranges: bool}.
   */
  applyOps(ops) {
    if (!Array.isArray(ops)) throw new UpdateError(`ops: expected a list, got ${shortJSON(ops)}`);
    const result = { changed: new Set(), structure: false, ranges: false };
    const undo = [];
    ops.forEach((op, index) => {
      try {
        this.#apply(op, result, undo);
      } catch (error) {
        for (let i = undo.length - 1; i >= 0; i--) undo[i]();
        if (!(error instanceof UpdateError)) throw error;
        throw new UpdateError(`op ${index} (${displayText(op && op.op)}): ${error.message}`, index, error.unknownOp);
      }
    });
    return result;
  }

  #apply(op, result, undo) {
    switch (op && op.op) {
      case 'add': return this.#add(op, result, undo);
      case 'remove': return this.#remove(op, result, undo);
      case 'move': return this.#move(op, result, undo);
      case 'set': return this.#set(op, result, undo);
      case 'range': {
        checkController(op.controller, 'the controller');
        const before = [...this.controllers];
        this.controllers.set(op.controller.id, fillImpliedTuning(op.controller)); // replaces in place, or appends
        undo.push(() => { this.controllers = new Map(before); });
        result.ranges = true;
        return;
      }
      case 'rangeRemoved': {
        if (!this.controllers.has(op.id)) throw new UpdateError(`unknown range controller id ${displayText(op.id)}`);
        const before = [...this.controllers];
        this.controllers.delete(op.id);
        undo.push(() => { this.controllers = new Map(before); });
        result.ranges = true;
        return;
      }
      default: {
        const kind = op && op.op;
        throw new UpdateError(`unknown op ${shortJSON(kind)}`, undefined, typeof kind === 'string' ? kind : undefined);
      }
    }
  }

  /** Fills the implied values of `element`'s subtree (an `add` op's element writes its own state) and indexes it. */
  #index(element, parent) {
    fillTree([element], {
      parent,
      visit: (el, p) => {
        this.elements.set(el.id, el);
        this.parents.set(el.id, p);
      },
    });
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

  /** The child list of a parent id (null: the roots), or an error for an unknown parent. */
  #siblings(parentId) {
    if (parentId === null || parentId === undefined) return this.roots;
    const parent = this.elements.get(parentId);
    if (!parent) throw new UpdateError(`unknown parent id ${displayText(parentId)}`);
    return parent.children || [];
  }

  /** Puts el at index among parentId's children (creating the list), parents map included. */
  #insert(parentId, index, el) {
    if (parentId === null || parentId === undefined) {
      this.roots.splice(index, 0, el);
      this.parents.set(el.id, null);
      return;
    }
    const parent = this.elements.get(parentId);
    if (!parent.children) parent.children = [];
    parent.children.splice(index, 0, el);
    this.parents.set(el.id, parent);
  }

  /** Takes el out of its parent's children (dropping an emptied list: the default is none). */
  #detach(el) {
    const parent = this.parents.get(el.id);
    const siblings = parent ? parent.children : this.roots;
    const at = siblings.indexOf(el);
    siblings.splice(at, 1);
    if (parent && parent.children.length === 0) delete parent.children;
    return { parentId: parent ? parent.id : null, index: at };
  }

  #checkIndex(index, length) {
    if (!Number.isInteger(index) || index < 0 || index > length) throw new UpdateError(`index ${displayText(index)} out of range 0...${length}`);
  }

  #existing(id) {
    const el = this.elements.get(id);
    if (!el) throw new UpdateError(`unknown element id ${displayText(id)}`);
    return el;
  }

  #add(op, result, undo) {
    if (!op.element || typeof op.element.id !== 'string') throw new UpdateError('an add op needs an element with an id');
    checkElements([[op.element, 'the element']], this.elements);
    this.#checkIndex(op.index, this.#siblings(op.parent).length);
    this.#insert(op.parent, op.index, op.element);
    this.#index(op.element, this.parents.get(op.element.id));
    undo.push(() => { this.#detach(op.element); this.#unindex(op.element); });
    result.structure = true;
    result.changed.add(op.element.id);
  }

  #remove(op, result, undo) {
    const el = this.#existing(op.id);
    const place = this.#detach(el);
    this.#unindex(el);
    undo.push(() => { this.#insert(place.parentId, place.index, el); this.#index(el, this.parents.get(el.id)); });
    result.structure = true;
    result.changed.delete(op.id);
  }

  #move(op, result, undo) {
    const el = this.#existing(op.id);
    const siblings = this.#siblings(op.parent);
    if (op.parent != null && this.pathTo(op.parent).includes(op.id)) throw new UpdateError(`cannot move ${op.id} into its own subtree`);
    this.#checkIndex(op.index, siblings.length - (siblings.includes(el) ? 1 : 0)); // before any change
    const place = this.#detach(el);
    this.#insert(op.parent, op.index, el);
    undo.push(() => { this.#detach(el); this.#insert(place.parentId, place.index, el); });
    result.structure = true;
    result.changed.add(op.id);
  }

  #set(op, result, undo) {
    const el = this.#existing(op.id);
    const fields = op.fields ?? {};
    const unset = op.unset ?? [];
    if (!isObject(fields)) throw new UpdateError(`fields: expected an object, got ${shortJSON(fields)}`);
    if (!isList(unset) || !unset.every((name) => typeof name === 'string')) throw new UpdateError(`unset: expected a list of field names, got ${shortJSON(unset)}`);
    for (const name of Object.keys(fields)) {
      if (name === 'id' || name === 'children') throw new UpdateError(`${name} cannot be set`);
      checkElementField(op.id, name, fields[name]);
    }
    for (const name of unset) if (REQUIRED.has(name)) throw new UpdateError(`${name} cannot be unset`);
    // props is self-contained (lines follow its text, decodedBytes its image); a set op writes
    // className whenever it changes, since the type it follows may not be in the op.
    if (fields.props) fillImpliedProps(fields.props);
    const touched = [...Object.keys(fields), ...unset];
    const before = touched.map((name) => [name, name in el, el[name]]);
    // Fields first, then unset (docs/snapshot-format.md), so an unset calculatedSize follows the frame.
    for (const [name, value] of Object.entries(fields)) el[name] = value;
    for (const name of unset) delete el[name];
    undo.push(() => {
      for (let i = before.length - 1; i >= 0; i--) {
        const [name, had, value] = before[i];
        if (had) el[name] = value; else delete el[name];
      }
    });
    result.changed.add(op.id);
  }
}

/** Fields an element cannot be without. */
const REQUIRED = new Set(['id', 'className', 'children']);
