// JSON values as the page copies and writes them, without recursion: a document may nest its
// elements tens of thousands of levels deep, and a value in an element's props or style (any
// JSON a file holds) as deep, where structuredClone and JSON.stringify, both recursive, overflow
// the stack (JSON.parse does not).

/** Whether `value` is a JSON object (not null, not an array). */
export const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A deep copy of a parsed JSON value (structuredClone overflows at about 1 500 levels). */
export function copyJSON(value) {
  if (value === null || typeof value !== 'object') return value;
  const holder = [value];
  const stack = [[holder, 0]];
  while (stack.length) {
    const [target, key] = stack.pop();
    const source = target[key];
    const copy = Array.isArray(source) ? source.slice() : { ...source };
    target[key] = copy;
    for (const name of Object.keys(copy)) {
      if (copy[name] !== null && typeof copy[name] === 'object') stack.push([copy, name]);
    }
  }
  return holder[0];
}

/**
 * JSON.stringify(value, replacer) for JSON data (objects, arrays, strings, numbers, booleans,
 * null), the same text, without recursion (JSON.stringify with a replacer overflows at about
 * 1 500 levels). The replacer is called as JSON.stringify calls it: with the holder as `this`.
 */
export function stringifyJSON(value, replacer = (key, v) => v) {
  const first = jsonText({ '': value }, '', replacer);
  if (typeof first !== 'object') return first;
  const chunks = [];
  const open = new Set(); // the containers being written: one met again inside itself is a cycle
  const frames = [];
  const enter = (container) => {
    if (open.has(container)) throw new TypeError('Converting circular structure to JSON');
    open.add(container);
    const isArray = Array.isArray(container);
    chunks.push(isArray ? '[' : '{');
    frames.push({ container, isArray, keys: isArray ? null : Object.keys(container), next: 0, written: 0 });
  };
  enter(first);
  while (frames.length) {
    const frame = frames[frames.length - 1];
    const length = frame.isArray ? frame.container.length : frame.keys.length;
    if (frame.next === length) {
      chunks.push(frame.isArray ? ']' : '}');
      open.delete(frame.container);
      frames.pop();
      continue;
    }
    const key = frame.isArray ? String(frame.next) : frame.keys[frame.next];
    frame.next++;
    const text = jsonText(frame.container, key, replacer);
    if (text === undefined && !frame.isArray) continue; // an object leaves the key out
    if (frame.written++) chunks.push(',');
    if (!frame.isArray) chunks.push(JSON.stringify(key), ':');
    if (typeof text === 'object') enter(text); else chunks.push(text ?? 'null'); // an array writes null
  }
  return chunks.join('');
}

/** holder[key] through the replacer: its JSON text, the container to write, or undefined (left out). */
function jsonText(holder, key, replacer) {
  let value = holder[key];
  if (value !== null && typeof value === 'object' && typeof value.toJSON === 'function') value = value.toJSON(key);
  value = replacer.call(holder, key, value);
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string': return JSON.stringify(value);
    case 'number': return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean': return String(value);
    case 'object': return value;
    default: return undefined; // undefined, a function, a symbol
  }
}

/**
 * How deep the page prints a value: deeper, it shows a short notice instead. Indented JSON (the
 * Playground's, written recursively) grows with the square of the depth, and no one reads
 * brackets thousands deep; a layout-json result 200 layout levels deep still shows.
 */
export const SHOWN_DEPTH = 500;

/** How deep a JSON value nests: 0 for a string, number, boolean or null, 1 for [1] or {}. Iterative. */
export function jsonDepth(value) {
  let deepest = 0;
  const pending = [[value, 1]];
  while (pending.length) {
    const [item, depth] = pending.pop();
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(item)) if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
  }
  return deepest;
}

/** The notice shown in place of a value nested deeper than SHOWN_DEPTH; null for a value shown as it is. */
export function tooDeepNotice(value) {
  const depth = jsonDepth(value);
  return depth > SHOWN_DEPTH ? `(a value nested ${depth} levels deep: too deep to show)` : null;
}

/**
 * A value as text on the page: a string as it is, another primitive as String() writes it, a
 * list or an object as compact JSON, or the notice when it nests deeper than SHOWN_DEPTH.
 * String() and templates write a list's items recursively: a list nested some thousands deep
 * overflows the stack there, so the page prints values from documents and devices with this.
 */
export function displayText(value) {
  return value === null || typeof value !== 'object' ? String(value) : shortJSON(value);
}

/** A value as compact JSON (JSON.stringify's text), or the notice when it nests deeper than SHOWN_DEPTH. */
export function shortJSON(value) {
  return tooDeepNotice(value) ?? stringifyJSON(value);
}
