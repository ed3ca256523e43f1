// The semantic diff of two snapshots, by the rules of `weft diff` (fixtures/semantic-diff/README.md;
// the same cases run against Swift's SemanticDiff): elements are matched by structural path
// (class name, debug name and ordinal among the siblings with the same class and debug name),
// never by id, so two runs of a program compare although their node counters differ.
// Order: at each level a change of the children's relative order (kind `order`, on the parent),
// the new snapshot's matched children in order, each followed by its own subtree, then the added
// ones, then the removed ones; then range controllers; then
// `revision` and `meta` (ignored by default).

import { describeInterfaceState, STYLE_FIELDS, SPEC_FIELDS } from './layout-vocabulary.js';
import { copyWithImpliedValues } from './implied-values.js';
import { numberValue as number, elementName } from './tree-model.js';
import { stringifyJSON, displayText } from './json-values.js';

/** What the diff leaves out unless told otherwise (docs/protocol.md, Snapshots without a gateway). */
export const DEFAULT_IGNORE = Object.freeze(['meta', 'revision']);
const ZERO_RECT = [0, 0, 0, 0];
const DEFAULT_RANGE = { min: [0, 0], max: ['inf', 'inf'] };
/** Compared range-controller fields in document order, with the values documents omit. */
const CONTROLLER_DEFAULTS = [
  ['dataSource', ''], ['orientation', 'vertical'], ['scrollDirection', []], ['mode', 'minimum'], ['tuning', undefined],
  ['viewport', [0, 0, 0, 0]], ['contentSize', [0, 0]], ['contentOffset', [0, 0]], ['itemCount', 0],
  ['visible', []], ['display', []], ['preload', []], ['itemStates', []],
];
const RUNTIME_STATE = new Set(['visible', 'display', 'preload', 'itemStates']);

/** The change kinds, in the order of Swift's SemanticChange.Kind (summaries list them so). */
export const CHANGE_KINDS = Object.freeze([
  'added', 'removed', 'order', 'moved', 'resized', 'style', 'specProperty', 'nodeProperty', 'interfaceState', 'field',
  'rangeController', 'document',
]);

/**
 * Every name `ignore` understands, grouped as `weft diff --ignore` lists them (Swift's
 * SemanticDiffFieldNames; fixtures/semantic-diff/names/ignore-names.json keeps the two equal),
 * so that a misspelt name (`fram`) is refused instead of silently ignoring nothing: the change
 * kinds, the compared fields, and the entry names, which work dotted (`style.flexGrow`,
 * `props.text`, `rangeControllers.mode`, `meta.appId`) or alone (`text`). The style and spec keys
 * are layout-json's (the same tables the properties panel edits); `meta.NAME` takes any name,
 * since a program may write its own meta entries.
 */
export const IGNORE_NAMES = deepFreeze({
  kinds: CHANGE_KINDS,
  fields: [
    'frame', 'kind', 'type', 'constrainedSize', 'calculatedSize', 'style', 'props', 'tappable', 'interfaceState',
    'order', 'rangeControllers', 'meta', 'revision',
  ],
  styleKeys: Object.keys(STYLE_FIELDS),
  specPropertyKeys: Object.values(SPEC_FIELDS).flatMap((fields) => Object.keys(fields)),
  nodePropertyKeys: [
    'text', 'lines', 'font', 'image', 'control', 'url', 'loadState', 'clipsToBounds', 'hidden', 'alpha',
    'backgroundColor', 'hitTestSlop',
  ],
  rangeControllerKeys: CONTROLLER_DEFAULTS.map(([key]) => key),
  metaKeys: ['appId', 'appName', 'instance', 'host', 'pid', 'capturedAt', 'protocolVersion', 'screen'],
});

function deepFreeze(groups) {
  for (const list of Object.values(groups)) Object.freeze(list);
  return Object.freeze(groups);
}

/** The dotted forms: prefix and the entry names that may follow it (null: any name). */
const DOTTED_FORMS = [
  ['style', IGNORE_NAMES.styleKeys], ['props', [...IGNORE_NAMES.specPropertyKeys, ...IGNORE_NAMES.nodePropertyKeys]],
  ['rangeControllers', IGNORE_NAMES.rangeControllerKeys], ['meta', null],
];
/** The names that work without a dot: kinds, fields and every entry name. */
const PLAIN_NAMES = new Set(Object.values(IGNORE_NAMES).flat());
/** What a misspelt name may be corrected to, in the order ties are settled (Swift's order). */
const SUGGESTIONS = [
  ...IGNORE_NAMES.kinds, ...IGNORE_NAMES.fields,
  ...DOTTED_FORMS.flatMap(([prefix, names]) => (names || IGNORE_NAMES.metaKeys).flatMap((name) => [name, `${prefix}.${name}`])),
];

/** A path component: `Class`, `Class (debugName)`, with `[n]` appended when n > 0. */
export function componentName(element, ordinal) {
  const name = elementName(element);
  return ordinal > 0 ? `${name}[${ordinal}]` : name;
}

function joinPath(parent, component) { return parent ? `${parent} > ${component}` : component; }

function componentNames(elements) {
  const seen = new Map();
  return elements.map((el) => {
    const key = `${displayText(el.className)}\u0000${displayText(el.debugName || '')}`;
    const ordinal = seen.get(key) || 0;
    seen.set(key, ordinal + 1);
    return componentName(el, ordinal);
  });
}

/** Pairs sibling lists by component name: matched (in the new order), added, removed. */
function matchSiblings(a, b) {
  const aNames = componentNames(a);
  const bNames = componentNames(b);
  const bByName = new Map(bNames.map((name, i) => [name, i]));
  const matched = [];
  const removed = [];
  const matchedB = new Set();
  aNames.forEach((name, i) => {
    const j = bByName.get(name);
    if (j === undefined) removed.push(i); else { matched.push([i, j]); matchedB.add(j); }
  });
  matched.sort((p, q) => p[1] - q[1]);
  const added = b.map((_, j) => j).filter((j) => !matchedB.has(j));
  return { matched, added, removed, aNames, bNames };
}

/** A number as documents write one (docs/protocol.md): a number, "inf", or null (not a number). */
function isDocumentNumber(value) { return typeof value === 'number' || value === 'inf' || value === null; }

/**
 * Structural equality of JSON values (object key order does not count). Without recursion: a
 * program may put a value nested tens of thousands of levels deep in an element's props, where a
 * recursive walk overflows the stack. The pairs still to compare wait on `pending`.
 */
function equal(x, y) {
  const pending = [[x, y]];
  while (pending.length) {
    const [a, b] = pending.pop();
    if (a === b) continue;
    if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a)) {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) pending.push([a[i], b[i]]);
    } else {
      const keys = Object.keys(a);
      if (keys.length !== Object.keys(b).length) return false;
      for (const key of keys) {
        if (!(key in b)) return false;
        pending.push([a[key], b[key]]);
      }
    }
  }
  return true;
}

class Differ {
  constructor({ tolerance = 0, ignore = DEFAULT_IGNORE, interfaceState = false }) {
    this.tolerance = tolerance;
    this.ignored = new Set(ignore);
    this.interfaceState = interfaceState;
    this.changes = [];
  }

  ignores(field, kind) {
    if (this.ignored.has(kind)) return true;
    if (field === undefined) return false;
    if (this.ignored.has(field)) return true;
    const dot = field.indexOf('.');
    return dot >= 0 && (this.ignored.has(field.slice(0, dot)) || this.ignored.has(field.slice(dot + 1)));
  }

  report(change) {
    if (!this.ignores(change.field, change.kind)) this.changes.push(change);
  }

  close(a, b) {
    // What is not a document's number (a hand-written file may hold any JSON here): equal or not.
    if (!isDocumentNumber(a) || !isDocumentNumber(b)) return equal(a, b);
    const x = number(a);
    const y = number(b);
    if (x === y || (Number.isNaN(x) && Number.isNaN(y))) return true;
    // The tolerance as written: 0.4 - 0.3 is 0.10000000000000003 and counts as 0.1 (as in Swift).
    return Math.abs(x - y) <= this.tolerance * (1 + 1e-9);
  }

  /** Two lists of numbers, each within the tolerance; anything but two lists compared as JSON values. */
  closeAll(a, b) {
    if (!Array.isArray(a) || !Array.isArray(b)) return equal(a, b);
    return a.length === b.length && a.every((v, i) => this.close(v, b[i]));
  }

  /** Two constrained sizes, {min, max}, within the tolerance; anything else compared as JSON values. */
  closeRanges(a, b) {
    const isRange = (range) => range && Array.isArray(range.min) && Array.isArray(range.max);
    if (!isRange(a) || !isRange(b)) return equal(a, b);
    return this.closeAll([...a.min, ...a.max], [...b.min, ...b.max]);
  }

  /**
   * Two lists of roots and everything under them, depth first. Without recursion: a tree may be
   * many thousands of levels deep (the stack would overflow at a few thousand). Each step
   * returns the steps that follow it, in the order they run; they run before the steps
   * already pending, as the calls of a recursive walk would.
   */
  trees(a, b) {
    const pending = [() => this.siblings(a, b, '')];
    while (pending.length) {
      const next = pending.pop()();
      for (let k = next.length - 1; k >= 0; k--) pending.push(next[k]);
    }
  }

  /**
   * Two sibling lists: the roots (no parents), or the children of a matched pair of elements.
   * Reports the order change; returns the steps that follow: each matched pair (its subtree),
   * then the added and removed siblings.
   */
  siblings(a, b, parentPath, parentA, parentB) {
    const pairs = matchSiblings(a, b);
    this.order(pairs, parentPath, parentA, parentB);
    const steps = pairs.matched.map(([i, j]) => () => this.elements(a[i], b[j], joinPath(parentPath, pairs.bNames[j])));
    steps.push(() => {
      for (const j of pairs.added) {
        this.report({ kind: 'added', path: joinPath(parentPath, pairs.bNames[j]), after: b[j].frame || ZERO_RECT, idAfter: b[j].id, element: b[j] });
      }
      for (const i of pairs.removed) {
        this.report({ kind: 'removed', path: joinPath(parentPath, pairs.aNames[i]), before: a[i].frame || ZERO_RECT, idBefore: a[i].id, element: a[i] });
      }
      return [];
    });
    return steps;
  }

  /**
   * An `order` change on the parent when the children present in both lists changed their
   * relative order (same-named siblings keep theirs: their ordinals are their order, so only
   * siblings of different class or debug name can swap; insertions and removals alone never
   * report one). Frames may all be equal (an overlay's or a background's children), yet what is
   * drawn on top changed.
   */
  order(pairs, path, parentA, parentB) {
    const { matched, bNames } = pairs;
    if (!matched.some(([i], k) => k > 0 && matched[k - 1][0] > i)) return;
    const names = (list) => list.map(([, j]) => bNames[j]);
    const entry = { kind: 'order', path, field: 'order', before: names([...matched].sort((p, q) => p[0] - q[0])), after: names(matched) };
    if (parentA) { entry.idBefore = parentA.id; entry.idAfter = parentB.id; }
    this.report(entry);
  }

  /** A matched pair: reports its own changes; returns the steps of its children (siblings). */
  elements(a, b, path) {
    const change = (kind, field, before, after) => {
      const entry = { kind, path, field, idBefore: a.id, idAfter: b.id };
      if (before !== undefined) entry.before = before;
      if (after !== undefined) entry.after = after;
      this.report(entry);
    };
    const fa = a.frame || ZERO_RECT;
    const fb = b.frame || ZERO_RECT;
    const sizeChanged = !this.close(fa[2], fb[2]) || !this.close(fa[3], fb[3]);
    const originChanged = !this.close(fa[0], fb[0]) || !this.close(fa[1], fb[1]);
    if (sizeChanged || originChanged) change(sizeChanged ? 'resized' : 'moved', 'frame', fa, fb);
    if ((a.kind || 'node') !== (b.kind || 'node')) change('field', 'kind', a.kind || 'node', b.kind || 'node');
    if ((a.type || 'node') !== (b.type || 'node')) change('field', 'type', a.type || 'node', b.type || 'node');
    const ca = a.constrainedSize || DEFAULT_RANGE;
    const cb = b.constrainedSize || DEFAULT_RANGE;
    if (!this.closeRanges(ca, cb)) change('field', 'constrainedSize', ca, cb);
    if (a.calculatedSize || b.calculatedSize) {
      const sa = a.calculatedSize || fa.slice(2);
      const sb = b.calculatedSize || fb.slice(2);
      if (!this.closeAll(sa, sb)) change('field', 'calculatedSize', sa, sb);
    }
    this.entries(a.style || {}, b.style || {}, 'style', (field, x, y) => change('style', field, x, y));
    const propertyKind = b.kind === 'spec' ? 'specProperty' : 'nodeProperty';
    this.entries(a.props || {}, b.props || {}, 'props', (field, x, y) => change(propertyKind, field, x, y));
    if (!this.closeTappable(a.tappable, b.tappable)) change('field', 'tappable', a.tappable, b.tappable);
    if (this.interfaceState && (a.interfaceState || 0) !== (b.interfaceState || 0)) {
      change('interfaceState', 'interfaceState', a.interfaceState || 0, b.interfaceState || 0);
    }
    return this.siblings(a.children || [], b.children || [], path, a, b);
  }

  /** Entry by entry: changed and removed keys in the old order, then new keys. */
  entries(a, b, prefix, make) {
    for (const key of Object.keys(a)) if (!equal(a[key], b[key])) make(`${prefix}.${key}`, a[key], b[key]);
    for (const key of Object.keys(b)) if (!(key in a)) make(`${prefix}.${key}`, undefined, b[key]);
  }

  closeTappable(a, b) {
    if (!a || !b) return !a && !b;
    return equal(a.restricted || [], b.restricted || []) && equal(a.clipped || [], b.clipped || []) && this.closeAll(a.rect, b.rect);
  }

  controllers(a, b) {
    const label = (controller, paths) => `range ${paths.get(controller.owner) || displayText(controller.owner)}`;
    const aPaths = ownerPaths(a);
    const bPaths = ownerPaths(b);
    const keyed = (list, paths) => {
      const seen = new Map();
      return list.map((c) => {
        const key = `${label(c, paths)}|${displayText(c.dataSource || '')}`;
        const n = seen.get(key) || 0;
        seen.set(key, n + 1);
        return `${key}#${n}`;
      });
    };
    const aList = a.rangeControllers || [];
    const bList = b.rangeControllers || [];
    const aKeys = keyed(aList, aPaths);
    const bIndex = new Map(keyed(bList, bPaths).map((k, j) => [k, j]));
    const matchedB = new Set();
    const removed = [];
    aKeys.forEach((key, i) => {
      const j = bIndex.get(key);
      if (j === undefined) { removed.push(i); return; }
      matchedB.add(j);
      this.controller(aList[i], bList[j], label(bList[j], bPaths));
    });
    bList.forEach((c, j) => {
      if (!matchedB.has(j)) this.report({ kind: 'rangeController', path: label(c, bPaths), after: c.dataSource || '', idAfter: c.id });
    });
    for (const i of removed) {
      this.report({ kind: 'rangeController', path: label(aList[i], aPaths), before: aList[i].dataSource || '', idBefore: aList[i].id });
    }
  }

  controller(a, b, path) {
    for (const [key, fallback] of CONTROLLER_DEFAULTS) {
      const before = key in a ? a[key] : fallback;
      const after = key in b ? b[key] : fallback;
      if (equal(before, after)) continue;
      if (RUNTIME_STATE.has(key) && !this.interfaceState) continue;
      this.report({ kind: 'rangeController', path, field: `rangeControllers.${key}`, before, after, idBefore: a.id, idAfter: b.id });
    }
  }

  document(a, b) {
    if ((a.revision || 0) !== (b.revision || 0)) {
      this.report({ kind: 'document', path: '', field: 'revision', before: a.revision || 0, after: b.revision || 0 });
    }
    if (this.ignored.has('meta')) return;
    this.entries(a.meta || {}, b.meta || {}, 'meta', (field, before, after) => {
      const entry = { kind: 'document', path: '', field };
      if (before !== undefined) entry.before = before;
      if (after !== undefined) entry.after = after;
      this.report(entry);
    });
  }
}

/** Structural paths of the range controllers' owners. */
function ownerPaths(snapshot) {
  const owners = new Set((snapshot.rangeControllers || []).map((c) => c.owner));
  const paths = new Map();
  if (!owners.size) return paths;
  const stack = [[snapshot.roots || [], '']];
  while (stack.length) {
    const [elements, parent] = stack.pop();
    const names = componentNames(elements);
    elements.forEach((el, i) => {
      const path = joinPath(parent, names[i]);
      if (owners.has(el.id)) paths.set(el.id, path);
      if (el.children) stack.push([el.children, path]);
    });
  }
  return paths;
}

/**
 * Differences from snapshot `a` (before) to `b` (after). Both are compared with their implied
 * values filled in (fixtures/semantic-diff/README.md), into copies: the Diff panel passes the
 * documents of the files it keeps, which later views and downloads must find as they were.
 * @param {object} options tolerance (points, default 0); ignore (replaces DEFAULT_IGNORE,
 *   ["meta", "revision"]: field names, their first or last part, or change kinds; not checked
 *   here, parseIgnoreList and validateIgnoreNames refuse unknown ones);
 *   interfaceState (bool, default false).
 * @returns {Array} changes {kind, path, field?, before?, after?, idBefore?, idAfter?}
 */
export function semanticDiff(a, b, options = {}) {
  a = copyWithImpliedValues(a);
  b = copyWithImpliedValues(b);
  const differ = new Differ(options);
  differ.trees(a.roots || [], b.roots || []);
  differ.controllers(a, b);
  differ.document(a, b);
  return differ.changes;
}

/** Whether `name` means something to `ignore` (a kind, a field, a dotted entry or an entry name). */
export function isKnownIgnoreName(name) {
  const dot = name.indexOf('.');
  if (dot < 0) return PLAIN_NAMES.has(name);
  const entry = name.slice(dot + 1);
  const form = DOTTED_FORMS.find(([prefix]) => prefix === name.slice(0, dot));
  return entry !== '' && form !== undefined && (form[1] === null || form[1].includes(entry));
}

/** The known name closest to a misspelt one (at most two edits, ignoring case), or null. */
export function ignoreNameSuggestion(name) {
  const lower = name.toLowerCase();
  let best = null;
  let bestDistance = Infinity;
  for (const candidate of SUGGESTIONS) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) { best = candidate; bestDistance = distance; }
  }
  return bestDistance <= 2 && bestDistance < name.length ? best : null;
}

/** Levenshtein distance, one row of the table at a time. */
function editDistance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 0; i < a.length; i++) {
    let diagonal = row[0];
    row[0] = i + 1;
    for (let j = 0; j < b.length; j++) {
      const above = row[j + 1];
      row[j + 1] = Math.min(diagonal + (a[i] === b[j] ? 0 : 1), above + 1, row[j] + 1);
      diagonal = above;
    }
  }
  return row[b.length];
}

/**
 * Every valid name in the groups `weft diff --ignore` lists them in: a label and one or more runs
 * of names, a run with a note (the props group's spec and node properties). The CLI's listing
 * lines and the Diff panel's chips are both made from these, so they list the same names.
 * @returns {Array<{label: string, runs: Array<{names: string[], note?: string}>}>}
 */
export function ignoreNameGroups() {
  const { kinds, fields, styleKeys, specPropertyKeys, nodePropertyKeys, rangeControllerKeys, metaKeys } = IGNORE_NAMES;
  return [
    { label: 'kinds', runs: [{ names: kinds }] },
    { label: 'fields', runs: [{ names: fields }] },
    { label: 'style.NAME or NAME', runs: [{ names: styleKeys }] },
    { label: 'props.NAME or NAME', runs: [{ names: specPropertyKeys, note: 'specs' }, { names: nodePropertyKeys, note: 'nodes' }] },
    { label: 'rangeControllers.NAME or NAME', runs: [{ names: rangeControllerKeys }] },
    { label: 'meta.NAME (any) or NAME', runs: [{ names: metaKeys }] },
  ];
}

/** Every valid name, one line per group, as `weft diff --ignore` lists them. */
export function ignoreNamesListing() {
  const runText = ({ names, note }) => `${names.join(', ')}${note ? ` (${note})` : ''}`;
  return ignoreNameGroups().map(({ label, runs }) => `${label}: ${runs.map(runText).join('; ')}`);
}

/**
 * Ignore names the diff does not know; the message is `weft diff --ignore`'s (Swift's
 * SemanticDiff.Options.UnknownFieldError): the names sorted, each with a suggestion where one
 * is close, then every valid name. `subject` and `unknown` are the first line's parts, for a
 * view that lays the message out itself (the Diff panel).
 */
export class UnknownIgnoreNameError extends Error {
  constructor(names) {
    const sorted = [...new Set(names)].sort();
    const unknown = sorted.map((name) => ({ name, suggestion: ignoreNameSuggestion(name) }));
    const subject = sorted.length === 1 ? 'unknown field or kind' : 'unknown fields or kinds';
    const quoted = unknown.map(({ name, suggestion }) => `"${name}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`);
    super(`${subject} ${quoted.join(', ')}; valid names:\n${ignoreNamesListing().map((line) => `  ${line}`).join('\n')}`);
    this.name = 'UnknownIgnoreNameError';
    this.names = sorted;
    this.subject = subject;
    /** [{name, suggestion (null when none is close)}], sorted by name */
    this.unknown = unknown;
  }
}

/** Throws UnknownIgnoreNameError when `names` holds one the diff does not know (it would ignore nothing). */
export function validateIgnoreNames(names) {
  const unknown = names.filter((name) => !isKnownIgnoreName(name));
  if (unknown.length) throw new UnknownIgnoreNameError(unknown);
}

/**
 * The `ignore` option from what the user typed: a comma list, spaces around names and empty
 * names skipped (so an empty text ignores nothing), validated.
 * @throws {UnknownIgnoreNameError}
 */
export function parseIgnoreList(text) {
  const names = String(text).split(',').map((name) => name.trim()).filter((name) => name !== '');
  validateIgnoreNames(names);
  return names;
}

/** `8,8 100x20` for a rect. */
export function rectText(rect) {
  return Array.isArray(rect) && rect.length === 4 ? `${json(rect[0])},${json(rect[1])} ${json(rect[2])}x${json(rect[3])}` : json(rect);
}

/** Compact JSON; stringifyJSON, as JSON.stringify overflows on a value nested as deep as `equal` compares. */
function json(value) { return stringifyJSON(value); }

/** A change's value as the CLI prints it: compact JSON, `(none)` when absent. */
export function valueText(value, field) {
  if (value === undefined) return '(none)';
  if (field === 'frame') return rectText(value);
  if (field === 'interfaceState') return describeInterfaceState(value).replaceAll(' | ', '|');
  return json(value);
}

/** One line per change, exactly as `weft diff` prints it (SemanticDiffReport.line in Swift). */
export function describeChange(change) {
  switch (change.kind) {
    case 'added': return `+ ${change.path}${change.after !== undefined ? ` at ${rectText(change.after)}` : ''}`;
    case 'removed': return `- ${change.path}${change.before !== undefined ? ` at ${rectText(change.before)}` : ''}`;
    default: {
      if (change.kind === 'rangeController' && change.field === undefined) return `${change.after === undefined ? '- ' : '+ '}${change.path}`;
      const field = change.field || '';
      const location = change.path ? `${change.path}: ${field}` : field;
      return `~ ${location} ${valueText(change.before, field)} -> ${valueText(change.after, field)}`;
    }
  }
}
