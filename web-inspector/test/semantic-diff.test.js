import { test } from 'node:test';
import assert from 'node:assert/strict';
import { semanticDiff, describeChange, segmentName } from '../js/semantic-diff.js';

const text = (id, debugName, frame, extra = {}) => ({ id, kind: 'node', className: 'ASTextNode', debugName, frame, ...extra });
const stack = (id, children, frame = [0, 0, 375, 100]) => ({ id, kind: 'spec', type: 'stack', className: 'ASStackLayoutSpec', frame, children });
const doc = (roots, revision = 1) => ({ revision, meta: { pid: revision }, roots });

test('identical trees with different ids, meta and revision have no differences', () => {
  const a = doc([stack('n1/0', [text('n2', 'title', [8, 8, 100, 20])])], 1);
  const b = doc([stack('n7/0', [text('n9', 'title', [8, 8, 100, 20])])], 99);
  assert.deepEqual(semanticDiff(a, b), []);
});

// The CLI's example line from issue 7.
test('a resized element reads like the CLI line', () => {
  const a = doc([stack('s', [text('t', 'title', [8, 8, 100, 20])])]);
  const b = doc([stack('s', [text('t', 'title', [8, 8, 120, 20])])]);
  const [change] = semanticDiff(a, b);
  assert.equal(change.kind, 'frame');
  assert.equal(change.resized, true);
  assert.equal(change.moved, false);
  assert.equal(describeChange(change), '~ ASStackLayoutSpec > ASTextNode (title): frame 8,8 100x20 -> 8,8 120x20');
});

// Tolerance edges: a change of exactly the tolerance is not reported, just above it is.
test('tolerance: |delta| <= tolerance is equal', () => {
  const a = doc([text('t', null, [0, 0, 100, 20])]);
  assert.deepEqual(semanticDiff(a, doc([text('t', null, [0.5, 0, 100, 20])]), { tolerance: 0.5 }), []);
  const [moved] = semanticDiff(a, doc([text('t', null, [0.51, 0, 100, 20])]), { tolerance: 0.5 });
  assert.equal(moved.moved, true);
});

// Siblings match by (class, debugName, occurrence): inserting a differently named sibling in
// front does not shift the others' matches; the new one is reported as added.
test('matching by structural path, not by index', () => {
  const a = doc([stack('s', [text('a', 'name', [0, 0, 10, 10]), text('b', 'body', [0, 10, 10, 10])])]);
  const b = doc([stack('s', [text('x', 'badge', [0, 0, 5, 5]), text('y', 'name', [0, 0, 10, 10]), text('z', 'body', [0, 10, 10, 10])])]);
  const changes = semanticDiff(a, b);
  assert.deepEqual(changes.map(describeChange), ['+ ASStackLayoutSpec > ASTextNode (badge)']);
});

test('twins are told apart by occurrence, a removed subtree is reported once', () => {
  const a = doc([stack('s', [text('a', null, [0, 0, 1, 1]), text('b', null, [0, 1, 1, 1]),
    stack('inner', [text('c', null, [0, 0, 1, 1])], [0, 2, 1, 1])])]);
  const b = doc([stack('s', [text('a', null, [0, 0, 1, 1]), text('b', null, [0, 5, 1, 1])])]);
  assert.equal(segmentName(a.roots[0].children[1], 1), 'ASTextNode[1]');
  assert.deepEqual(semanticDiff(a, b).map(describeChange), [
    '- ASStackLayoutSpec > ASStackLayoutSpec (2 elements)',
    '~ ASStackLayoutSpec > ASTextNode[1]: frame 0,1 1x1 -> 0,5 1x1',
  ]);
});

test('style and props changes, per key, with ignores', () => {
  const a = doc([text('t', null, [0, 0, 1, 1], { style: { flexGrow: 1 }, props: { text: 'Hi', alpha: 0.5 } })]);
  const b = doc([text('t', null, [0, 0, 1, 1], { style: { flexGrow: 1, width: '50%' }, props: { text: 'Hello', alpha: 0.5 } })]);
  assert.deepEqual(semanticDiff(a, b).map(describeChange), [
    '~ ASTextNode: style.width (default) -> 50%',
    '~ ASTextNode: props.text Hi -> Hello',
  ]); // per element: frame, then style, then props
  assert.deepEqual(semanticDiff(a, b, { ignore: ['props.text', 'style'] }), []);
});

test('interface state differences only on request', () => {
  const a = doc([text('t', null, [0, 0, 1, 1], { interfaceState: 15 })]);
  const b = doc([text('t', null, [0, 0, 1, 1], { interfaceState: 3 })]);
  assert.deepEqual(semanticDiff(a, b), []);
  assert.deepEqual(semanticDiff(a, b, { interfaceState: true }).map(describeChange), ['~ ASTextNode: interfaceState 15 -> 3']);
});
