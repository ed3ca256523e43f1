// The values a snapshot document may leave out because the element's other values imply them
// (docs/snapshot-format.md, "Implied values"; Swift's ImpliedValues). The page fills them back in
// where documents enter it (TreeModel: a document, `add` and `set` ops; semanticDiff: copies of the two
// documents it compares), so the tree, the properties panel, the screen's text, the ASCII art and
// search see complete elements; a downloaded document leaves them out again
// (`leaveOutImpliedValues`), as Weft writes documents:
// - a spec's `className`: Texture's class of its layout-json `type` (none for a custom type);
// - `props.lines`: `[text]`, the text on one line as it is (an empty text writes `[]`);
// - `props.image.decodedBytes`: pixelWidth x pixelHeight x 4;
// - a range controller's `mode`: `minimum` (read with `rangeMode`);
// - a range controller's `tuning`: Texture's (written, every mode, when any mode differs);
// - the `constrainedSize` of a node's layout root (its first child, when a spec): the node's;
// - a node's `interfaceState`: its nearest node ancestor's (specs have none and pass it through).
// The last two come from the elements written around: they are filled from the node written
// above, never from a model parent (an `add` op's element writes its own).

/** Texture's class of each built-in layout-json spec type (docs/layout-json.md, Elements). */
export const SPEC_CLASS_NAMES = Object.freeze({
  stack: 'ASStackLayoutSpec', inset: 'ASInsetLayoutSpec', overlay: 'ASOverlayLayoutSpec',
  background: 'ASBackgroundLayoutSpec', center: 'ASCenterLayoutSpec', ratio: 'ASRatioLayoutSpec',
  relative: 'ASRelativeLayoutSpec', absolute: 'ASAbsoluteLayoutSpec', corner: 'ASCornerLayoutSpec',
  wrapper: 'ASWrapperLayoutSpec',
});

/** Texture's tuning per mode, in screenfuls [leading, trailing] (docs/texture-semantics.md section 6). */
export const TEXTURE_TUNING = Object.freeze({
  minimum: Object.freeze({ display: Object.freeze([0.25, 0.25]), preload: Object.freeze([0.5, 0.25]) }),
  full: Object.freeze({ display: Object.freeze([1.0, 0.5]), preload: Object.freeze([2.5, 1.5]) }),
  visibleOnly: Object.freeze({ display: Object.freeze([0, 0]), preload: Object.freeze([0, 0]) }),
  lowMemory: Object.freeze({ display: Object.freeze([0, 0]), preload: Object.freeze([0, 0]) }),
});

import { copyJSON, stringifyJSON, isObject } from './json-values.js';

const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

/** A fresh, mutable copy of Texture's tuning, in the order capture writes the modes. */
function textureTuning() {
  return Object.fromEntries(Object.entries(TEXTURE_TUNING).map(([mode, ranges]) =>
    [mode, { display: [...ranges.display], preload: [...ranges.preload] }]));
}

function isTextureTuning(tuning) {
  return Object.keys(TEXTURE_TUNING).every((mode) => ['display', 'preload'].every((range) => {
    const values = tuning && tuning[mode] && tuning[mode][range];
    return Array.isArray(values) && values.length === 2
      && values[0] === TEXTURE_TUNING[mode][range][0] && values[1] === TEXTURE_TUNING[mode][range][1];
  })) && Object.keys(tuning).length === Object.keys(TEXTURE_TUNING).length;
}

/** A range controller's mode: the one written, or `minimum`, which documents leave out. */
export function rangeMode(controller) {
  return (controller && typeof controller.mode === 'string' && controller.mode) || 'minimum';
}

/** Gives a range controller without `tuning` Texture's, in place. Returns the controller. */
export function fillImpliedTuning(controller) {
  if (controller && typeof controller === 'object' && !has(controller, 'tuning')) controller.tuning = textureTuning();
  return controller;
}

/**
 * Puts back the implied values `props` leaves out, in place: `lines` right after `text` (where
 * capture writes it), `decodedBytes` at the end of `image`. Returns `props`.
 */
export function fillImpliedProps(props) {
  if (!props || typeof props !== 'object') return props;
  const image = props.image;
  if (isObject(image) && !has(image, 'decodedBytes')
      && typeof image.pixelWidth === 'number' && typeof image.pixelHeight === 'number') {
    image.decodedBytes = image.pixelWidth * image.pixelHeight * 4;
  }
  const withLines = propsWithLines(props);
  if (withLines !== props) {
    // Rebuild the key order so `lines` follows `text`, as in a capture.
    for (const key of Object.keys(props)) delete props[key];
    Object.assign(props, withLines);
  }
  return props;
}

/**
 * `props` with `lines` ([text]) right after `text`, where capture writes it, as a new object when
 * `props` leaves `lines` out; else `props` itself.
 */
function propsWithLines(props) {
  if (typeof props.text !== 'string' || has(props, 'lines')) return props;
  const filled = {};
  for (const key of Object.keys(props)) {
    filled[key] = props[key];
    if (key === 'text') filled.lines = [props.text];
  }
  return filled;
}

// A range is any JSON a file holds, perhaps nested too deep for JSON.stringify (json-values.js).
const sameRange = (a, b) => stringifyJSON(a) === stringifyJSON(b);

/** Whether `child` is the layout root of `parent`: a node's first child, when a spec. */
function isLayoutRoot(parent, child) {
  return parent.kind !== 'spec' && Array.isArray(parent.children) && parent.children[0] === child
    && child && child.kind === 'spec';
}

/**
 * `children` with `visit` applied to each node among them and under their specs (specs have no
 * state and pass their node ancestor's through). A spec is copied only when a node under it
 * was replaced, and the array only when one of its items was: a visit that returns the node it
 * was given leaves everything as it was. Iterative: specs may nest thousands of levels deep.
 */
function mapNodesThroughSpecs(children, visit) {
  if (!Array.isArray(children)) return children;
  // One frame per list being mapped, innermost last: its items and their results so far.
  const frames = [{ list: children, mapped: [], changed: false }];
  let finished = null; // the result of the list just finished: a spec's children, mapped
  for (;;) {
    const frame = frames[frames.length - 1];
    if (finished) {
      const spec = frame.list[frame.mapped.length];
      const result = finished === spec.children ? spec : { ...spec, children: finished };
      frame.changed ||= result !== spec;
      frame.mapped.push(result);
      finished = null;
    }
    if (frame.mapped.length === frame.list.length) {
      frames.pop();
      finished = frame.changed ? frame.mapped : frame.list;
      if (!frames.length) return finished;
      continue;
    }
    const child = frame.list[frame.mapped.length];
    if (child.kind === 'spec' && Array.isArray(child.children)) {
      frames.push({ list: child.children, mapped: [], changed: false });
      continue;
    }
    const result = child.kind === 'spec' ? child : visit(child);
    frame.changed ||= result !== child;
    frame.mapped.push(result);
  }
}

/**
 * Copies of nodes made without the state they inherit -> that state: the nodes under such a copy
 * inherit it too (the writer sees the copy, not the node).
 */
const leftOutStates = new WeakMap();

/** The interface state a node passes to the nodes under it, whether it writes it or not. */
function passedState(node) {
  return node.interfaceState ?? leftOutStates.get(node) ?? 0;
}

/** `children` without the interface states their nearest node ancestor's `state` implies. */
function withoutInheritedStates(children, state) {
  return mapNodesThroughSpecs(children, (node) => {
    if (!has(node, 'interfaceState') || node.interfaceState !== state) return node;
    const { interfaceState, ...rest } = node;
    leftOutStates.set(rest, interfaceState);
    return rest;
  });
}

/** Gives a node's layout root (its first child, a spec) the node's constrainedSize when it writes none. */
function fillLayoutRootRange(element) {
  const root = Array.isArray(element.children) ? element.children[0] : undefined;
  if (root && isLayoutRoot(element, root) && !has(root, 'constrainedSize') && element.constrainedSize !== undefined) {
    root.constrainedSize = copyJSON(element.constrainedSize);
  }
}

/** Fills the implied values an element's own other values imply: a spec's className, its props'. */
function fillOwnImpliedValues(element) {
  if (element.kind === 'spec' && element.className === undefined && has(SPEC_CLASS_NAMES, element.type)) {
    element.className = SPEC_CLASS_NAMES[element.type];
  }
  if (element.props) fillImpliedProps(element.props);
  return element;
}

/**
 * Fills the implied values of every element of a snapshot's roots, and its range controllers'
 * tunings, in place. Returns it.
 */
export function fillSnapshotImpliedValues(snapshot) {
  fillTree(snapshot.roots);
  for (const controller of snapshot.rangeControllers || []) fillImpliedTuning(controller);
  return snapshot;
}

/**
 * A copy of a snapshot with its implied values filled in, the snapshot left as it was: for
 * readers of documents the page keeps (the semantic diff of a file's stored document). Only what
 * filling writes into is copied: each element, its children list, its props and props.image,
 * the controller list and each controller; every other value is shared. Filled as it is copied,
 * in one walk (a 100 000-element diff: about 470 -> 500 ms in node against filling in place).
 */
export function copyWithImpliedValues(snapshot) {
  const copy = { ...snapshot, roots: copyElements(snapshot.roots) };
  fillTree(copy.roots, { takeChildren: copyElements });
  if (Array.isArray(snapshot.rangeControllers)) {
    copy.rangeControllers = snapshot.rangeControllers.map((c) => fillImpliedTuning(isObject(c) ? { ...c } : c));
  }
  return copy;
}

/**
 * Shallow copies of a list's elements and of the props filling writes into; the value itself
 * when not a list. A text's props are copied with their lines, not rebuilt afterwards around them
 * as fillImpliedProps must rebuild props in place (which also leaves them slow to read).
 */
function copyElements(list) {
  if (!Array.isArray(list)) return list;
  return list.map((el) => {
    if (!isObject(el)) return el;
    const copy = Object.assign({}, el);
    if (isObject(el.props)) {
      const props = propsWithLines(el.props);
      copy.props = props === el.props ? Object.assign({}, props) : props;
      if (isObject(props.image)) copy.props.image = Object.assign({}, props.image);
    }
    return copy;
  });
}

/**
 * Fills the implied values of `roots` and every element under them in place, top-down and
 * without recursion: each element once, the walk carrying the interface state a node passes down
 * to the nodes under it (through specs). Each children list goes through `takeChildren` before
 * it is filled (the list itself, or copyElements to fill copies), and `visit(element, parent)`
 * sees each element once it is filled, in document order, with `parent` for the roots.
 */
export function fillTree(roots, { takeChildren = (list) => list, visit, parent = null } = {}) {
  if (!Array.isArray(roots)) return;
  // [element, the interface state of its nearest node ancestor, its parent]; a root (or an `add`
  // op's element) writes its own state.
  const stack = roots.map((root) => [root, 0, parent]).reverse();
  while (stack.length) {
    const [el, inherited, elParent] = stack.pop();
    if (el.kind !== 'spec' && inherited && !has(el, 'interfaceState')) el.interfaceState = inherited;
    if (Array.isArray(el.children)) {
      el.children = takeChildren(el.children);
      fillLayoutRootRange(el);
    }
    fillOwnImpliedValues(el);
    visit?.(el, elParent);
    if (!Array.isArray(el.children)) continue;
    const passed = el.kind === 'spec' ? inherited : el.interfaceState || 0;
    for (let i = el.children.length - 1; i >= 0; i--) stack.push([el.children[i], passed, el]);
  }
}

/**
 * A JSON.stringify replacer that leaves out the implied values, so a filled document is written
 * in the compact form: `JSON.stringify(snapshot, leaveOutImpliedValues)`.
 */
export function leaveOutImpliedValues(key, value) {
  switch (key) {
    case 'className':
      return this.kind === 'spec' && typeof this.id === 'string' && SPEC_CLASS_NAMES[this.type] === value && has(SPEC_CLASS_NAMES, this.type)
        ? undefined : value;
    case 'lines':
      return typeof this.text === 'string' && Array.isArray(value) && value.length === 1 && value[0] === this.text ? undefined : value;
    case 'children': {
      // What a node implies for the elements below it: its layout root's range, and its state
      // for the nodes under it (a spec's children were done with the node above it).
      if (!Array.isArray(value) || !value.length || this.kind === 'spec') return value;
      let children = withoutInheritedStates(value, passedState(this));
      if (isLayoutRoot(this, value[0]) && this.constrainedSize !== undefined
          && has(children[0], 'constrainedSize') && sameRange(children[0].constrainedSize, this.constrainedSize)) {
        const { constrainedSize, ...root } = children[0];
        children = [root, ...children.slice(1)];
      }
      return children;
    }
    case 'tuning':
      return typeof this.owner === 'string' && isTextureTuning(value) ? undefined : value;
    case 'decodedBytes':
      return typeof this.pixelWidth === 'number' && typeof this.pixelHeight === 'number'
        && value === this.pixelWidth * this.pixelHeight * 4 ? undefined : value;
    default:
      return value;
  }
}
