import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseValue, formatValue, describeDimension, describeStyle, describeInterfaceState, STYLE_FIELDS, SPEC_FIELDS } from '../js/layout-vocabulary.js';

test('dimensions parse strictly (docs/layout-json.md): number, Npt, N%, auto', () => {
  assert.deepEqual(parseValue('dimension', '50%'), { value: '50%' });
  assert.deepEqual(parseValue('dimension', ' 12 '), { value: 12 });
  assert.deepEqual(parseValue('dimension', '12pt'), { value: '12pt' });
  assert.deepEqual(parseValue('dimension', 'auto'), { value: 'auto' });
  assert.match(parseValue('dimension', 'xpt').error, /expected a dimension/);
  assert.match(parseValue('dimension', 'big').error, /expected a dimension/);
  assert.match(parseValue('dimension', '').error, /expected a dimension/);
});

test('numbers, enums, points, insets, booleans', () => {
  assert.deepEqual(parseValue('number', '1.5'), { value: 1.5 });
  assert.match(parseValue('number', 'big').error, /expected a number, got "big"/);
  assert.match(parseValue('number', 'Infinity').error, /expected a number/);
  assert.deepEqual(parseValue(STYLE_FIELDS.alignSelf, 'center'), { value: 'center' });
  assert.match(parseValue(SPEC_FIELDS.stack.direction, 'diagonal').error, /one of horizontal, vertical/);
  assert.deepEqual(parseValue('point', '3, 4'), { value: [3, 4] });
  assert.deepEqual(parseValue('insets', '[8, 8, inf, 8]'), { value: [8, 8, 'inf', 8] });
  assert.match(parseValue('insets', '1, 2, 3').error, /four numbers/);
  assert.deepEqual(parseValue('boolean', 'true'), { value: true });
  assert.equal(formatValue([8, 8, 'inf', 8]), '8, 8, inf, 8');
});

// docs/texture-semantics.md section 1: points "%.0fpt", fraction "%.0f%%", auto "Auto"; the style
// description's example `<ASLayoutElementStyle: minLayoutSize = {414pt, 414pt}; preferredSize =
// {20%, 50%}; maxLayoutSize = {414pt, 414pt}>`.
test('Texture descriptions', () => {
  assert.equal(describeDimension(10), '10pt');
  assert.equal(describeDimension('50%'), '50%');
  assert.equal(describeDimension('auto'), 'Auto');
  assert.equal(describeDimension(12.5), '12pt', 'printf rounds exact halves to even');
  assert.equal(describeStyle({ minWidth: 414, minHeight: 414, width: '20%', height: '50%', maxWidth: 414, maxHeight: 414 }),
    '<ASLayoutElementStyle: minLayoutSize = {414pt, 414pt}; preferredSize = {20%, 50%}; maxLayoutSize = {414pt, 414pt}>');
  assert.equal(describeStyle({ width: 100, flexGrow: 1 }), '<ASLayoutElementStyle: preferredSize = {100pt, Auto}; flexGrow = 1>');
  assert.equal(describeStyle({}), '<ASLayoutElementStyle>');
  assert.equal(describeInterfaceState(15), 'measureLayout | preload | display | visible');
  assert.equal(describeInterfaceState(0), 'none');
});

test('values nested 50 000 deep where a style or spec value belongs are shown, never read as numbers or text', () => {
  // A file may hold any JSON in style and props; String() and arithmetic on a list nested this
  // deep overflow the stack (its text is made recursively).
  let deep = 1;
  for (let level = 0; level < 50000; level++) deep = [deep];
  const notice = '(a value nested 50000 levels deep: too deep to show)';
  assert.equal(formatValue(deep), notice);
  assert.equal(formatValue([deep, 2]), '(a value nested 50001 levels deep: too deep to show)');
  assert.equal(formatValue({ x: 1 }), '{"x":1}');
  assert.equal(formatValue([1, 'inf']), '1, inf');
  const style = Object.fromEntries(Object.keys(STYLE_FIELDS).map((key) => [key, deep]));
  assert.equal(describeStyle(style), '<ASLayoutElementStyle: minLayoutSize = {Auto, Auto}; preferredSize = {Auto, Auto}; '
    + `maxLayoutSize = {Auto, Auto}; alignSelf = ${notice}; ascender = ${notice}; descender = ${notice}; flexBasis = Auto; `
    + `flexGrow = ${notice}; flexShrink = ${notice}; spacingAfter = ${notice}; spacingBefore = ${notice}; layoutPosition = {${notice.replace('50000', '49999')}, undefined}>`);
  assert.equal(describeInterfaceState(deep), 'none');
});

test('formatValue prints numbers rounded to 3 decimals, alone and in lists', () => {
  assert.equal(formatValue(12.9951171875), '12.995');
  assert.equal(formatValue([12.9951171875, 0]), '12.995, 0');
  assert.equal(formatValue(-34.2225691445866), '-34.223');
  assert.equal(formatValue('50%'), '50%');
});

test('roundedNumbers rounds every number of a value, leaving the rest', async () => {
  const { roundedNumbers } = await import('../js/layout-vocabulary.js');
  assert.deepEqual(roundedNumbers([-34.2225691445866, 0, 'inf']), [-34.223, 0, 'inf']);
  assert.deepEqual(roundedNumbers({ a: 1.00049, b: [2.5, null] }), { a: 1, b: [2.5, null] });
});

test('sizeEditHint says when the parent fixes the size a width or height edit would change', async () => {
  const { sizeEditHint } = await import('../js/layout-vocabulary.js');
  const exactWidth = { constrainedSize: { min: [375, 0], max: [375, 'inf'] } };
  assert.match(sizeEditHint(exactWidth, 'width'), /exact width \(min = max = 375 pt\)/);
  assert.match(sizeEditHint(exactWidth, 'maxWidth'), /exact width/);
  assert.equal(sizeEditHint(exactWidth, 'height'), null, 'the height range is open');
  assert.equal(sizeEditHint(exactWidth, 'flexGrow'), null);
  assert.equal(sizeEditHint({}, 'width'), null, 'no range known: nothing to say');
});
