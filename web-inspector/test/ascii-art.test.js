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

// texture-semantics.md section 2, second exact example. Derivation: row "|  ASTextNode  |" is
// 16 wide, the name 17; d = 17 + 4 - 16 = 5 -> 3 spaces after the first bar, 2 before the last.
test('inset around a text node (name wider than the row)', () => {
  const art = asciiArt(spec('inset', 'ASInsetLayoutSpec', [node('ASTextNode')]));
  assert.equal(art, [
    '--ASInsetLayoutSpec--',
    '|     ASTextNode    |',
    '---------------------',
  ].join('\n'));
});

// texture-semantics.md section 2, first exact example: a horizontal stack of two vertical
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
