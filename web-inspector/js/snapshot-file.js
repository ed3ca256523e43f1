// Snapshot files. Reading one the user opens: the text must be a version-1 Weft snapshot
// (docs/protocol.md "Snapshot") whose elements the page can tell apart by id; anything
// else gets a message that says what is wrong. The page changes a document it shows in place
// (implied values filled in, update ops), so each showing of a file gets a copy of its own.
// Writing one (Download): the compact form Weft writes. Copying and writing do not recurse
// (json-values.js): a tree may nest tens of thousands of levels deep.

import { checkSnapshot } from './tree-model.js';
import { leaveOutImpliedValues } from './implied-values.js';
import { stringifyJSON, displayText, shortJSON, isObject } from './json-values.js';

/**
 * Parses and checks a snapshot file's text; throws an Error with a clear message. The document
 * is marked checked (checkSnapshot): show it through copySnapshot, whose copies build their
 * models without checking each element again.
 */
export function parseSnapshot(text) {
  let value;
  try { value = JSON.parse(text); } catch (error) { throw new Error(`not JSON (${error.message})`); }
  if (!isObject(value)) throw new Error('not a snapshot object');
  if (value.format !== 'weft.snapshot') throw new Error(`not a Weft snapshot (format is ${shortJSON(value.format)})`);
  if (value.version !== 1) throw new Error(`snapshot version ${displayText(value.version)} is not supported (this page reads version 1)`);
  return checkSnapshot(value); // marked checked: the models of its copies (copySnapshot) skip the check
}

/**
 * The text of a snapshot file: the document in the compact form, its implied values left out.
 * `capturedAt` (ISO 8601), when given, replaces meta.capturedAt: a live document's is the time
 * of its last full fetch, not of the revision it holds after updates.
 */
export function snapshotFileText(snapshot, { capturedAt } = {}) {
  const written = capturedAt ? { ...snapshot, meta: { ...snapshot.meta, capturedAt } } : snapshot;
  return stringifyJSON(written, leaveOutImpliedValues);
}
