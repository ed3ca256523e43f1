import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asciiArt, asciiName, layoutAsciiArt } from '../js/ascii-art.js';

const node = (className, extra = {}) => ({ kind: 'node', type: 'node', className, ...extra });
const spec = (type, className, children, props) => ({ kind: 'spec', type, className, children, props });

test('a node prints its name only, with its debugName', () => {
  assert.equal(asciiArt(node('ASTextNode')), 'ASTextNode');
  assert.equal(asciiArt(node('ASTextNode', { debugName: 'title', children: [spec('inset', 'ASInsetLayoutSpec', [])] })),
    'ASTextNode (title)');
});

test('the ratio spec names itself with its ratio and ignores debugName', () => {
  assert.equal(asciiName({ kind: 'spec', type: 'ratio', className: 'ASRatioLayoutSpec', debugName: 'x', props: { ratio: 0.5 } }),
    'ASRatioLayoutSpec (0.5)');
});

test('a spec without children is its bare name', () => {
  assert.equal(asciiArt(spec('stack', 'ASStackLayoutSpec', [])), 'ASStackLayoutSpec');
});

// docs/texture-semantics.md section 2, second exact example. Derivation: row "|  ASTextNode  |" is
// 16 wide, the name 17; d = 17 + 4 - 16 = 5 -> 3 spaces after the first bar, 2 before the last.
test('inset around a text node (name wider than the row)', () => {
  const art = asciiArt(spec('inset', 'ASInsetLayoutSpec', [node('ASTextNode')]));
  assert.equal(art, [
    '--ASInsetLayoutSpec--',
    '|     ASTextNode    |',
    '---------------------',
  ].join('\n'));
});

// docs/texture-semantics.md section 2, first exact example: a horizontal stack of two vertical
// stacks of two image nodes. Each vertical box: M = 11 < L = 17, d = 10, lp = rp = 5, rows
// "|" + 7 spaces + name + 7 spaces + "|" = 27; the outer row is 2 + 27 + 2 + 27 + 2 + 2 = 62.
test('horizontal stack of vertical stacks', () => {
  const column = () => spec('stack', 'ASStackLayoutSpec', [node('ASImageNode'), node('ASImageNode')], { direction: 'vertical' });
  const art = asciiArt(spec('stack', 'ASStackLayoutSpec', [column(), column()]));
  assert.equal(art, [
    '-----------------------ASStackLayoutSpec----------------------',
    '|  -----ASStackLayoutSpec-----  -----ASStackLayoutSpec-----  |',
    '|  |       ASImageNode       |  |       ASImageNode       |  |',
    '|  |       ASImageNode       |  |       ASImageNode       |  |',
    '|  ---------------------------  ---------------------------  |',
    '--------------------------------------------------------------',
  ].join('\n'));
});

// Children of different heights. A is 1 line, the wrapper box 3 lines ("---W---", "|  B  |",
// "-------": row 1+2+1+2+1 = 7, spare 6 -> 3 dashes each side). A gets ceil(2/2) = 1 blank line on
// top and 1 below, each 1 space wide. Row: 1 + 2 + 1 + 2 + 7 + 2 + 1 = 16 >= L = 10, no extra
// padding; top border: spare 6 -> 3 dashes each side.
test('horizontal box pads shorter children vertically', () => {
  const inner = spec('wrapper', 'W', [node('B')]);
  const art = asciiArt(spec('overlay', 'OverlaySpc', [node('A'), inner]));
  assert.equal(art, [
    '---OverlaySpc---',
    '|     ---W---  |',
    '|  A  |  B  |  |',
    '|     -------  |',
    '----------------',
  ].join('\n'));
});

// Quirk: row width T equal to the name length L (L <= T < L + 4): no padding is added and the
// top border has zero dashes. Row "|  ABCD  |" = 10 = L.
test('zero-dash border quirk is kept', () => {
  const art = asciiArt(spec('wrapper', 'ABCDEFGHIJ', [node('ABCD')]));
  assert.deepEqual(art.split('\n'), ['ABCDEFGHIJ', '|  ABCD  |', '----------']);
});

test('layoutAsciiArt is the spec root of a node', () => {
  const n = node('ASCellNode', { children: [spec('inset', 'ASInsetLayoutSpec', [node('ASTextNode')])] });
  assert.equal(layoutAsciiArt(n).split('\n')[0], '--ASInsetLayoutSpec--');
  assert.equal(layoutAsciiArt(node('ASTextNode')), undefined);
});

// A chain of n wrapper specs around a text node. The innermost box's row, "|  ASTextNode  |", is
// 16 wide, narrower than its name ASWrapperLayoutSpec (19): it is widened to 19 + 4 = 23, the
// text 4 more to the right (ceil(7 / 2)). Every box outward adds "|  " and "  |": box k (0 the
// outermost) starts on line k at column 3k, is 6(n - 1 - k) + 23 wide and 2(n - k) + 1 tall,
// its name centred on its top border (the odd dash on the left).
function wrapperChain(n) {
  let el = { kind: 'node', className: 'ASTextNode' };
  for (let k = 0; k < n; k++) el = { kind: 'spec', type: 'wrapper', className: 'ASWrapperLayoutSpec', children: [el] };
  return el;
}

test('a chain of 3 000 specs is drawn (a recursive drawing overflows the stack at a few thousand)', () => {
  const n = 3000;
  const lines = asciiArt(wrapperChain(n)).split('\n');
  assert.equal(lines.length, 2 * n + 1);
  const border = (k, name) => {
    const spare = 6 * (n - 1 - k) + 23 - name.length;
    return '|  '.repeat(k) + '-'.repeat(Math.ceil(spare / 2)) + name + '-'.repeat(Math.floor(spare / 2)) + '  |'.repeat(k);
  };
  for (const k of [0, 1, n / 2, n - 1]) {
    assert.equal(lines[k], border(k, 'ASWrapperLayoutSpec'), `box ${k}'s top border`);
    assert.equal(lines[2 * n - k], border(k, ''), `box ${k}'s bottom border`);
  }
  assert.equal(lines[n], `${'|  '.repeat(n - 1)}|      ASTextNode     |${'  |'.repeat(n - 1)}`);
});

test('a chain of 30 000 specs, whose art would be 60 001 lines of 180 017 characters, is refused', () => {
  assert.throws(() => asciiArt(wrapperChain(30000)), {
    name: 'AsciiArtTooLargeError', message: 'The ASCII art would be 60001 lines of 180017 characters: too large to draw',
  });
});

test('a className and a debugName nested 50 000 deep are named by the notice', () => {
  // String() of a list nested this deep (a file may hold one) overflows the stack.
  let deep = 1;
  for (let level = 0; level < 50000; level++) deep = [deep];
  const notice = '(a value nested 50000 levels deep: too deep to show)';
  assert.equal(asciiArt({ id: 'n1', className: deep, debugName: deep }), `${notice} (${notice})`);
  assert.equal(asciiArt({ id: 'n1/0', kind: 'spec', type: 'ratio', className: deep }), `${notice} (1.0)`);
});
