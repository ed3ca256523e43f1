// Reading a snapshot file the user opens: the text must be a version-1 Weft snapshot
// (protocol.md "Snapshot (version 1)") whose elements the page can tell apart by id; anything
// else gets a message that says what is wrong. The page changes a document it shows in place
// (implied values filled in, update ops), so each showing of a file gets a copy of its own.

import { checkElements } from './tree-model.js';

/** Parses and checks a snapshot file's text; throws an Error with a clear message. */
export function parseSnapshot(text) {
  let value;
  try { value = JSON.parse(text); } catch (error) { throw new Error(`not JSON (${error.message})`); }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not a snapshot object');
  if (value.format !== 'weft.snapshot') throw new Error(`not a Weft snapshot (format is ${JSON.stringify(value.format)})`);
  if (value.version !== 1) throw new Error(`snapshot version ${value.version} is not supported (this page reads version 1)`);
  if (!Array.isArray(value.roots)) throw new Error('"roots" is missing');
  checkElements(value.roots.map((root) => [root, 'a root']));
  return value;
}

/**
 * A deep copy of a parsed JSON value, made without recursion: a snapshot may nest thousands of
 * levels deep, where structuredClone (recursive) overflows the stack at about 1 500.
 */
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
