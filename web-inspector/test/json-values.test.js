import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyJSON, stringifyJSON, displayText, shortJSON, jsonDepth, SHOWN_DEPTH } from '../js/json-values.js';

test('copyJSON copies a tree 100 000 levels deep (structuredClone overflows the stack at about 1 500)', () => {
  const root = { id: 'n0', frame: [0, 0, 10, 10], props: { text: 'a', hidden: null } };
  let deepest = root;
  for (let i = 1; i < 100000; i++) {
    const child = { id: `n${i}`, frame: [1, 1, 'inf', null] };
    deepest.children = [child];
    deepest = child;
  }
  const copy = copyJSON({ format: 'weft.snapshot', roots: [root] });
  let el = copy.roots[0];
  let depth = 0;
  for (let original = root; original.children; original = original.children[0]) {
    assert.notEqual(el, original, 'a copy, not the same object');
    assert.notEqual(el.frame, original.frame);
    el = el.children[0];
    depth++;
  }
  assert.equal(depth, 99999);
  assert.deepEqual(el, { id: 'n99999', frame: [1, 1, 'inf', null] });
  assert.deepEqual(copy.roots[0].props, { text: 'a', hidden: null });
  copy.roots[0].props.text = 'changed';
  assert.equal(root.props.text, 'a', 'changing the copy leaves the original');
  assert.equal(copyJSON(7), 7);
  assert.equal(copyJSON(null), null);
});

test('stringifyJSON writes what JSON.stringify writes, with or without a replacer', () => {
  const values = {
    text: 'é"\\\n\u2028<', numbers: [0, -0, 1.5, 1e21, 5e-7, NaN, Infinity, -Infinity], flags: [true, false, null],
    left: [undefined, () => 1, Symbol('s')], gone: undefined, fn: () => 1, empty: { object: {}, array: [] },
    dated: { toJSON: (key) => `toJSON(${key})` }, '': 'empty key', nested: [[[{ a: [1, { b: 2 }] }]]],
  };
  assert.equal(stringifyJSON(values), JSON.stringify(values));
  for (const top of [1, 'a', null, undefined, [], {}, NaN]) assert.equal(stringifyJSON(top), JSON.stringify(top));
  // The replacer sees the holder as `this`, "" for the top, and indices as strings.
  function replacer(key, value) {
    if (key === 'drop') return undefined;
    if (Array.isArray(this) && key === '1') return `second of ${this.length}`;
    return typeof value === 'number' ? value * 2 : value;
  }
  const replaced = { drop: 1, keep: 2, list: [1, 2, 3], inner: { drop: [1], n: 4 } };
  assert.equal(stringifyJSON(replaced, replacer), JSON.stringify(replaced, replacer));
  const cycle = { a: [] };
  cycle.a.push(cycle);
  assert.throws(() => stringifyJSON(cycle), TypeError);
});

test('displayText and shortJSON print any value without recursion, and a value nested past SHOWN_DEPTH as a notice', () => {
  // String() of a list nested 50 000 deep (a file's props may hold one) overflows the stack.
  let deep = 'bottom';
  for (let level = 0; level < 50000; level++) deep = level % 2 ? { inner: deep } : [deep];
  assert.equal(jsonDepth(deep), 50000);
  assert.equal(displayText(deep), '(a value nested 50000 levels deep: too deep to show)');
  assert.equal(displayText({ props: [deep] }), '(a value nested 50002 levels deep: too deep to show)');
  let shallow = 1;
  for (let level = 0; level < SHOWN_DEPTH; level++) shallow = [shallow];
  assert.equal(displayText(shallow), `${'['.repeat(SHOWN_DEPTH)}1${']'.repeat(SHOWN_DEPTH)}`);
  assert.deepEqual(['text', 1.5, true, null, undefined, [1, 'a'], { a: { b: [] } }].map(displayText),
    ['text', '1.5', 'true', 'null', 'undefined', '[1,"a"]', '{"a":{"b":[]}}']);
  assert.deepEqual([1, 'a', null, [], { a: [{}] }].map(jsonDepth), [0, 0, 0, 1, 3]);
  assert.deepEqual(['a', 1, [deep]].map(shortJSON), ['"a"', '1', '(a value nested 50001 levels deep: too deep to show)']);
});
