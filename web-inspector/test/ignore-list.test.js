// The Diff panel's ignore field as typed (parseIgnoreList) and what the parsed list does to a
// diff: beyond the shared vocabulary (ignore-names-fixture.test.js), the comma list syntax of
// `weft diff --ignore a,b` (spaces around names and empty names skipped; an empty text ignores
// nothing), refusal of unknown names, and that the parsed names really leave changes out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_IGNORE, parseIgnoreList, semanticDiff, describeChange, UnknownIgnoreNameError } from '../js/semantic-diff.js';

test('a comma list, spaces and empty names skipped', () => {
  assert.deepEqual(parseIgnoreList('meta, revision'), ['meta', 'revision']);
  assert.deepEqual(parseIgnoreList('  frame ,, style.flexGrow,text ,'), ['frame', 'style.flexGrow', 'text']);
  assert.deepEqual(parseIgnoreList(DEFAULT_IGNORE.join(', ')), [...DEFAULT_IGNORE]);
});

test('an empty or blank text ignores nothing', () => {
  assert.deepEqual(parseIgnoreList(''), []);
  assert.deepEqual(parseIgnoreList(' , ,'), []);
});

test('an unknown name is refused with the names that are wrong; a dotted name keeps its case', () => {
  assert.throws(() => parseIgnoreList('meta, fram'), (error) => error instanceof UnknownIgnoreNameError
    && error.message.startsWith('unknown field or kind "fram" (did you mean "frame"?); valid names:\n  kinds: added,'));
  // The same name twice is named once; names are sorted (Swift's error sorts its set).
  assert.throws(() => parseIgnoreList('Style.flexGrow, zz, Style.flexGrow'), (error) => {
    assert.deepEqual(error.names, ['Style.flexGrow', 'zz']);
    // The first line's parts, which the Diff panel lays out itself. A suggestion must be fewer
    // edits away than the name is long (two here), and no valid name is one edit from "zz".
    assert.equal(error.subject, 'unknown fields or kinds');
    assert.deepEqual(error.unknown, [{ name: 'Style.flexGrow', suggestion: 'style.flexGrow' }, { name: 'zz', suggestion: null }]);
    assert.ok(error.message.startsWith('unknown fields or kinds "Style.flexGrow" (did you mean "style.flexGrow"?), "zz"; valid names:\n'));
    return true;
  });
});

test('the parsed names leave out what they name', () => {
  // A text node that moved and changed its text: by default a frame change (moved) and two
  // property changes (text and its implied lines) and the revision is left out; `frame` drops
  // the move, `text` drops props.text only (its last part), `nodeProperty` both property
  // changes, and an empty list brings the revision back.
  const a = { revision: 1, meta: {}, roots: [{ id: 'n1', className: 'ASTextNode', frame: [0, 0, 10, 10], props: { text: 'a' } }] };
  const b = { revision: 2, meta: {}, roots: [{ id: 'n1', className: 'ASTextNode', frame: [0, 5, 10, 10], props: { text: 'b' } }] };
  const lines = (text) => semanticDiff(structuredClone(a), structuredClone(b), { ignore: parseIgnoreList(text) }).map(describeChange);
  const moved = '~ ASTextNode: frame 0,0 10x10 -> 0,5 10x10';
  const textLine = '~ ASTextNode: props.text "a" -> "b"';
  const linesLine = '~ ASTextNode: props.lines ["a"] -> ["b"]';
  assert.deepEqual(lines('meta, revision'), [moved, textLine, linesLine]);
  assert.deepEqual(lines('meta, revision, frame'), [textLine, linesLine]);
  assert.deepEqual(lines('meta,revision,text'), [moved, linesLine]);
  assert.deepEqual(lines('meta,revision,nodeProperty'), [moved]);
  assert.deepEqual(lines(''), [moved, textLine, linesLine, '~ revision 1 -> 2']);
});
