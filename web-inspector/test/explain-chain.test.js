import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chainRows, formatRange, highlights, linkIndex, linkRects, sentenceParts, verdict } from '../js/explain-chain.js';

// A Layout.explain answer in the documented form (docs/layout-json.md, "Explanations"): a post's
// actions node, stretched by the cell's column to exactly 375 though its style asks for 50%,
// and its like button inside an inset of 12 around a row.
const step = (section, rule, values, sentence, child) => ({ section, rule, values, sentence, ...(child == null ? {} : { child }) });
const answer = {
  id: 'n9',
  passRoot: 'n5',
  above: [{ id: 'n1', name: 'FeedScreenNode (feed screen)', childIndex: null, frame: [0, 0, 375, 667],
    constrainedSize: { min: [375, 667], max: [375, 667] }, steps: [] },
  { id: 'n3', name: 'ASTableNode (feed)', childIndex: 2, frame: [0, 104, 375, 563],
    constrainedSize: { min: [375, 0], max: [375, 'inf'] }, steps: [step('parent', 'stack.flex.grow', { share: 400 }, 'grows', 2)] }],
  chain: [
    { id: 'n5', name: 'PostCellNode (post 0)', childIndex: null, frame: [0, 0, 375, 500],
      constrainedSize: { min: [375, 0], max: [375, 'inf'] },
      steps: [step('parent', 'pass.cell', {}, 'a cell of ASTableNode (feed): laid out in width exactly 375, height [0, inf]')] },
    { id: 'n5/0', name: 'ASStackLayoutSpec', childIndex: null, frame: [0, 0, 375, 500],
      constrainedSize: { min: [375, 0], max: [375, 'inf'] },
      steps: [step('own', 'stack.line', { line: 0, first: 0, count: 3, sum: 460, min: 0, max: 'inf', violation: 0, factorSum: 0, horizontal: 0 }, 'line 1 ...')] },
    { id: 'n8', name: 'PostActionsNode (actions)', childIndex: 2, frame: [0, 420, 375, 40],
      constrainedSize: { min: [375, 0], max: [375, 'inf'] },
      steps: [
        step('parent', 'stack.measure', { stackMin: 0, stackMax: 'inf', width: 375, height: 40 }, 'measured with its flex basis auto', 2),
        step('style', 'style.overridden', { givenMin: 375, givenMax: 375, styleMin: 187.5, styleMax: 187.5, min: 375, max: 375, parent: 375 },
          'style width 50% of 375 = 187.5 has no effect: the parent gave an exact width of 375'),
      ] },
    { id: 'n8/0', name: 'ASInsetLayoutSpec', childIndex: null, frame: [0, 0, 375, 40],
      constrainedSize: { min: [375, 0], max: [375, 'inf'] }, steps: [] },
    { id: 'n8/0.0', name: 'ASStackLayoutSpec', childIndex: 0, frame: [12, 12, 351, 22],
      constrainedSize: { min: [351, 0], max: [351, 'inf'] },
      steps: [step('parent', 'inset.childRange', { insetsX: 24, insetsY: 18 }, 'insets ...', 0),
        step('own', 'stack.line', { line: 0, first: 0, count: 3, sum: 80, min: 351, max: 351, violation: 271, factorSum: 0, horizontal: 1 }, 'line 1')] },
    { id: 'n9', name: 'ActionButtonNode (like)', childIndex: 0, frame: [0, 0, 16, 22],
      constrainedSize: { min: [0, 0], max: ['inf', 22] },
      steps: [step('parent', 'stack.measure', { stackMin: 0, stackMax: 'inf', width: 16, height: 16 }, 'measured', 0),
        step('parent', 'stack.stretch', { before: 16, lineCross: 22, after: 22 }, 'stretched', 0)] },
  ],
};

test('rows list the enclosing passes\' links, then every link of the pass, with steps by section', () => {
  const rows = chainRows(answer);
  assert.deepEqual(rows.map((r) => [r.outer, r.index, r.id]), [[true, null, 'n1'], [true, null, 'n3'], [false, 0, 'n5'],
    [false, 1, 'n5/0'], [false, 2, 'n8'], [false, 3, 'n8/0'], [false, 4, 'n8/0.0'], [false, 5, 'n9']]);
  assert.equal(rows[0].place, 'the root');
  assert.equal(rows[1].place, 'child 2 of FeedScreenNode (feed screen)');
  assert.equal(rows[2].place, 'laid out by ASTableNode (feed)');
  assert.deepEqual(rows[2].sections.parent.map((s) => s.rule), ['pass.cell']);
  const actions = rows[4];
  assert.equal(actions.place, 'child 2 of ASStackLayoutSpec');
  assert.equal(actions.given, 'width exactly 375, height [0, inf]');
  assert.deepEqual(actions.sections.style.map((s) => s.rule), ['style.overridden']);
  assert.deepEqual(actions.sections.parent.map((s) => s.rule), ['stack.measure']);
  assert.equal(rows[3].place, 'laid out by PostCellNode (post 0)');
  assert.throws(() => chainRows({ chain: [] }), /no chain/);
});

test('the verdict says a parent\'s exact range overrode the style, and names the parent and the cause', () => {
  const found = verdict(answer, linkIndex(answer, 'n8'));
  assert.equal(found.rule, 'style.overridden');
  assert.equal(found.parent, 'ASStackLayoutSpec');
  assert.match(found.sentence, /has no effect: the parent gave an exact width of 375/);
  assert.equal(found.cause, 'measured with its flex basis auto');
  assert.equal(verdict(answer), null); // the like button's own style decided nothing against it
  assert.equal(linkIndex(answer, 'n404'), -1);
});

test('numbers in sentences are marked, words with digits are not', () => {
  const parts = sentenceParts('style width 50% of 375 = 187.5 wins over -17.14 and inf, not n12 or x2');
  assert.deepEqual(parts.filter((p) => p.number).map((p) => p.text), ['50%', '375', '187.5', '-17.14', 'inf']);
  assert.equal(parts.map((p) => p.text).join(''), 'style width 50% of 375 = 187.5 wins over -17.14 and inf, not n12 or x2');
});

test('link rectangles add each position to the pass root\'s place on screen', () => {
  const rects = linkRects(answer, [0, 300, 375, 500]);
  assert.deepEqual(rects[2], [0, 720, 375, 40]);
  assert.deepEqual(rects[4], [12, 732, 351, 22]);
  assert.deepEqual(rects[5], [12, 732, 16, 22]);
});

test('highlights: the element, what it measured, its line\'s free space, the inset bands, the range that won', () => {
  const button = highlights(answer, 5, [0, 300, 375, 500]);
  assert.deepEqual(button.map((h) => h.kind), ['element', 'measured', 'free']);
  assert.deepEqual(button[1], { kind: 'measured', rect: [12, 732, 16, 16], label: 'measured 16 x 16' });
  // The row is horizontal, 80 of 351 used: 271 free from x 12 + 80.
  assert.deepEqual(button[2], { kind: 'free', rect: [92, 732, 271, 22], label: 'free 271' });
  const row = highlights(answer, 4, [0, 300, 375, 500]);
  const bands = row.filter((h) => h.kind === 'inset').map((h) => h.rect);
  assert.deepEqual(bands, [[0, 720, 375, 12], [0, 754, 375, 6], [0, 732, 12, 22], [363, 732, 12, 22]]);
  assert.equal(row.find((h) => h.kind === 'inset-label').label, 'inset 12, 12');
  const actions = highlights(answer, 2, [0, 300, 375, 500]);
  assert.deepEqual(actions.at(-1), { kind: 'clamp', rect: [0, 300, 375, 500], label: 'ASStackLayoutSpec: width exactly 375 wins' });
  assert.deepEqual(highlights(answer, 9, null), []);
});

test('ranges read as the sentences do', () => {
  assert.equal(formatRange({ min: [0, 22], max: ['inf', 22] }), 'width [0, inf], height exactly 22');
  assert.equal(formatRange(null), 'unknown');
});
