// Documents in the compact form (docs/snapshot-format.md, "Implied values"): a spec of a built-in
// type leaves out its class, a text drawn on one line as it is leaves out its lines, an image
// leaves out decodedBytes = pixelWidth x pixelHeight x 4. The page fills them back in where
// documents and ops enter it, so every view sees complete elements. Expectations come from
// those rules (and docs/layout-json.md's type -> class table), not from the page's output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { TreeModel } from '../js/tree-model.js';
import { TreeRows } from '../js/tree-rows.js';
import { asciiArt } from '../js/ascii-art.js';
import { semanticDiff } from '../js/semantic-diff.js';
import { SPEC_CLASS_NAMES, TEXTURE_TUNING, fillImpliedProps, leaveOutImpliedValues, rangeMode } from '../js/implied-values.js';

// A feed row as capture writes it now: cell > inset > stack > [image, text, wrapped text, empty text].
// The nodes under the cell share its interface state (15) and leave it out, but the empty text,
// not in any range (0), writes its own.
function compactRow() {
  return {
    format: 'weft.snapshot', version: 1, revision: 1, meta: {},
    roots: [{
      id: 'n9', className: 'ASCellNode', frame: [0, 67.5, 375, 60], interfaceState: 15,
      children: [{
        id: 'n9/0', kind: 'spec', type: 'inset', frame: [0, 0, 375, 60], props: { insets: [8, 16, 8, 16] },
        children: [{
          id: 'n9/0.0', kind: 'spec', type: 'stack', frame: [16, 8, 343, 44], props: { spacing: 10, alignItems: 'center' },
          children: [
            { id: 'n6', className: 'ASImageNode', frame: [0, 0, 44, 44],
              props: { image: { pixelWidth: 88, pixelHeight: 88, scale: 2, scalingRatio: 1 } } },
            { id: 'n7', className: 'ASTextNode', frame: [54, 12, 44, 20],
              props: { text: 'Item 1', font: { size: 16, weight: 'bold' } } },
            { id: 'n8', className: 'ASTextNode', frame: [108, 0, 80, 40],
              props: { text: 'Sunset over the bay', lines: ['Sunset over', 'the bay'] } },
            { id: 'n10', className: 'ASTextNode', frame: [198, 0, 0, 0], props: { text: '', lines: [] }, interfaceState: 0 },
          ],
        }],
      }],
    }],
  };
}

test('a compact document is filled in as it is indexed', () => {
  const m = new TreeModel(compactRow());
  // inset -> ASInsetLayoutSpec, stack -> ASStackLayoutSpec.
  assert.equal(m.get('n9/0').className, 'ASInsetLayoutSpec');
  assert.equal(m.get('n9/0.0').className, 'ASStackLayoutSpec');
  // 88 x 88 x 4 = 30976, added last in image.
  assert.deepEqual(m.get('n6').props.image, { pixelWidth: 88, pixelHeight: 88, scale: 2, scalingRatio: 1, decodedBytes: 30976 });
  assert.deepEqual(Object.keys(m.get('n6').props.image).at(-1), 'decodedBytes');
  // One line equal to the text, right after it.
  assert.deepEqual(m.get('n7').props.lines, ['Item 1']);
  assert.deepEqual(Object.keys(m.get('n7').props), ['text', 'lines', 'font']);
  // Explicit lines stay as written: a wrapped text, and an empty text that draws none.
  assert.deepEqual(m.get('n8').props.lines, ['Sunset over', 'the bay']);
  assert.deepEqual(m.get('n10').props.lines, []);
  // Nodes keep their class.
  assert.equal(m.get('n9').className, 'ASCellNode');
});

test('a custom spec class and an explicit decoded size are kept', () => {
  const m = new TreeModel({ roots: [
    { id: 'a/0', kind: 'spec', type: 'custom', className: 'FeedRowSpec' },
    { id: 'b/0', kind: 'spec', type: 'stack', className: 'MyStackSpec' },
    { id: 'c', className: 'ASImageNode', props: { image: { pixelWidth: 2, pixelHeight: 2, scale: 1, decodedBytes: 100 } } },
  ] });
  assert.equal(m.get('a/0').className, 'FeedRowSpec');
  assert.equal(m.get('b/0').className, 'MyStackSpec');
  assert.equal(m.get('c').props.image.decodedBytes, 100);
});

test('every built-in spec type implies Texture\'s class (docs/layout-json.md, Elements)', () => {
  assert.deepEqual(SPEC_CLASS_NAMES, {
    stack: 'ASStackLayoutSpec', inset: 'ASInsetLayoutSpec', overlay: 'ASOverlayLayoutSpec',
    background: 'ASBackgroundLayoutSpec', center: 'ASCenterLayoutSpec', ratio: 'ASRatioLayoutSpec',
    relative: 'ASRelativeLayoutSpec', absolute: 'ASAbsoluteLayoutSpec', corner: 'ASCornerLayoutSpec',
    wrapper: 'ASWrapperLayoutSpec',
  });
  // Only a string text implies lines; an image needs both pixel sizes.
  assert.deepEqual(fillImpliedProps({ text: 7 }), { text: 7 });
  assert.deepEqual(fillImpliedProps({ image: { pixelWidth: 3 } }), { image: { pixelWidth: 3 } });
});

test('add ops carry compact elements and set ops compact props', () => {
  const m = new TreeModel(compactRow());
  m.applyOps([
    { op: 'add', parent: 'n9/0.0', index: 4, element: {
      id: 'n9/0.0.4', kind: 'spec', type: 'overlay', children: [
        { id: 'n11', className: 'ASTextNode', props: { text: 'New' } },
      ] } },
    { op: 'set', id: 'n7', fields: { props: { text: 'Item 2', font: { size: 16 } } } },
    { op: 'set', id: 'n6', fields: { props: { image: { pixelWidth: 10, pixelHeight: 5, scale: 1 } } } },
    // className in a set op is always explicit.
    { op: 'set', id: 'n9/0', fields: { className: 'MyInsetSpec' } },
  ]);
  assert.equal(m.get('n9/0.0.4').className, 'ASOverlayLayoutSpec');
  assert.deepEqual(m.get('n11').props.lines, ['New']);
  assert.deepEqual(m.get('n7').props, { text: 'Item 2', lines: ['Item 2'], font: { size: 16 } });
  assert.equal(m.get('n6').props.image.decodedBytes, 200); // 10 x 5 x 4
  assert.equal(m.get('n9/0').className, 'MyInsetSpec');
});

test('search and ASCII art see the implied class names', () => {
  const m = new TreeModel(compactRow());
  const rows = new TreeRows(m, { expandDepth: 9 });
  assert.deepEqual(rows.search('ASStackLayoutSpec'), ['n9/0.0']);
  assert.deepEqual(rows.search('insetlayout'), ['n9/0']);
  // The inset's art names it by its implied class (the first line is its box's top edge).
  assert.match(asciiArt(m.get('n9/0')).split('\n')[0], /ASInsetLayoutSpec/);
});

// fixtures/snapshots/explicit/profile-card.json is profile-card.json with every implied value
// written: both are the same document.
test('an explicit document and its compact form are equal', () => {
  const dir = new URL('../../fixtures/snapshots/', import.meta.url).pathname;
  const load = (name) => JSON.parse(readFileSync(dir + name, 'utf8'));
  const compact = load('profile-card.json');
  const explicit = load('explicit/profile-card.json');
  assert.deepEqual(semanticDiff(explicit, load('profile-card.json'), { ignore: [] }), []);
  const model = new TreeModel(load('profile-card.json'));
  assert.deepEqual(model.toSnapshot().roots, explicit.roots);
  // Written back (a download), the filled document is the compact file again.
  assert.deepEqual(JSON.parse(JSON.stringify(model.toSnapshot(), leaveOutImpliedValues)).roots, compact.roots);
});

test('writing leaves out only values equal to the implied ones', () => {
  const m = new TreeModel(compactRow());
  m.get('n6').props.image.decodedBytes = 5; // not 88 x 88 x 4
  m.get('n9/0').className = 'MyInsetSpec';
  const written = JSON.parse(JSON.stringify(m.toSnapshot(), leaveOutImpliedValues));
  assert.deepEqual(written.roots, (() => {
    const expected = compactRow().roots;
    const inset = expected[0].children[0];
    inset.className = 'MyInsetSpec';
    inset.children[0].children[0].props.image.decodedBytes = 5;
    return expected;
  })());
  // The node classes stay; the wrapped and the empty text keep their lines.
  assert.equal(written.roots[0].className, 'ASCellNode');
});

// docs/texture-semantics.md section 6: full display (1, 0.5), preload (2.5, 1.5); minimum display
// (0.25, 0.25), preload (0.5, 0.25); visibleOnly and lowMemory zero. A pager's full mode is
// display (1, 1), preload (2, 2).
const textureTuning = {
  minimum: { display: [0.25, 0.25], preload: [0.5, 0.25] },
  full: { display: [1, 0.5], preload: [2.5, 1.5] },
  visibleOnly: { display: [0, 0], preload: [0, 0] },
  lowMemory: { display: [0, 0], preload: [0, 0] },
};

test('a range controller without tuning has Texture\'s, in documents and range ops; a pager keeps its own', () => {
  assert.deepEqual(JSON.parse(JSON.stringify(TEXTURE_TUNING)), textureTuning);
  const pagerTuning = structuredClone(textureTuning);
  pagerTuning.full = { display: [1, 1], preload: [2, 2] };
  const model = new TreeModel({ format: 'weft.snapshot', version: 1, revision: 1, meta: {}, roots: [],
    rangeControllers: [{ id: 'r1', owner: 'n1' }, { id: 'r2', owner: 'n2', tuning: pagerTuning }] });
  assert.deepEqual(model.controllers.get('r1').tuning, textureTuning);
  assert.deepEqual(model.controllers.get('r2').tuning, pagerTuning);
  model.applyOps([{ op: 'range', controller: { id: 'r3', owner: 'n3', mode: 'full' } }]);
  assert.deepEqual(model.controllers.get('r3').tuning, textureTuning);
  // Filling gives each controller its own copy: editing one leaves the others alone.
  model.controllers.get('r1').tuning.full.display[0] = 9;
  assert.equal(model.controllers.get('r3').tuning.full.display[0], 1);
});

test('writing leaves out Texture\'s tuning and keeps any other', () => {
  const pagerTuning = structuredClone(textureTuning);
  pagerTuning.full = { display: [1, 1], preload: [2, 2] };
  const written = JSON.parse(JSON.stringify({ rangeControllers: [
    { id: 'r1', owner: 'n1', tuning: structuredClone(textureTuning) },
    { id: 'r2', owner: 'n2', tuning: pagerTuning },
  ] }, leaveOutImpliedValues));
  assert.deepEqual(written.rangeControllers[0], { id: 'r1', owner: 'n1' });
  assert.deepEqual(written.rangeControllers[1].tuning, pagerTuning);
});

// A node lays out its spec in the range it was given: its layout root (its first child, when a
// spec) leaves out that range. An add op's element has no node written around it.
test('a node\'s layout root takes the node\'s range; writing leaves it out again, other ranges stay', () => {
  const range = { min: [375, 0], max: [375, 'inf'] };
  const cell = () => ({ id: 'n9', className: 'ASCellNode', constrainedSize: structuredClone(range), children: [
    { id: 'n9/0', kind: 'spec', type: 'inset', children: [
      { id: 'n9/0.0', kind: 'spec', type: 'stack', constrainedSize: { min: [343, 0], max: [343, 'inf'] } }] }] });
  const model = new TreeModel({ format: 'weft.snapshot', version: 1, revision: 1, meta: {}, roots: [cell()] });
  assert.deepEqual(model.get('n9/0').constrainedSize, range);
  assert.deepEqual(model.get('n9/0.0').constrainedSize, { min: [343, 0], max: [343, 'inf'] });
  const written = JSON.parse(JSON.stringify(model.toSnapshot(), leaveOutImpliedValues));
  assert.deepEqual(written.roots, [cell()]);
  // A layout root with another range keeps it.
  model.get('n9/0').constrainedSize = { min: [0, 0], max: ['inf', 'inf'] };
  const other = JSON.parse(JSON.stringify(model.toSnapshot(), leaveOutImpliedValues));
  assert.deepEqual(other.roots[0].children[0].constrainedSize, { min: [0, 0], max: ['inf', 'inf'] });
  // An added spec at a node's first place is not given the node's range by the page.
  const added = new TreeModel({ format: 'weft.snapshot', version: 1, revision: 1, meta: {},
    roots: [{ id: 'n1', className: 'ASDisplayNode', constrainedSize: structuredClone(range) }] });
  added.applyOps([{ op: 'add', parent: 'n1', index: 0, element: { id: 'n1/0', kind: 'spec', type: 'stack' } }]);
  assert.equal(added.get('n1/0').constrainedSize, undefined);
});

test('nodes inherit the interface state of the node above them, through specs; writing leaves it out again', () => {
  const m = new TreeModel(compactRow());
  assert.deepEqual(['n6', 'n7', 'n8', 'n10'].map((id) => m.get(id).interfaceState), [15, 15, 15, 0]);
  assert.equal(m.get('n9/0').interfaceState, undefined); // specs have no state
  const written = JSON.parse(JSON.stringify(m.toSnapshot(), leaveOutImpliedValues));
  assert.deepEqual(written.roots, compactRow().roots);
  // An added node writes its own state: the page does not give it its new parent's.
  m.applyOps([{ op: 'add', parent: 'n9/0.0', index: 4, element: { id: 'n11', className: 'ASDisplayNode' } }]);
  assert.equal(m.get('n11').interfaceState, undefined);
});

test('writing leaves out the state a node inherits at every level, also under a node that left out its own', () => {
  // n0 (15) > spec > n1 > spec > n2, and n0 > n3 > n4: every node below n0 inherits 15 and writes
  // nothing.
  const compact = () => [{ id: 'n0', className: 'ASDisplayNode', interfaceState: 15, children: [
    { id: 'n0/0', kind: 'spec', type: 'wrapper', children: [
      { id: 'n1', className: 'ASDisplayNode', children: [
        { id: 'n1/0', kind: 'spec', type: 'wrapper', children: [{ id: 'n2', className: 'ASDisplayNode' }] }] }] },
    { id: 'n3', className: 'ASDisplayNode', children: [{ id: 'n4', className: 'ASDisplayNode' }] }] }];
  const m = new TreeModel({ format: 'weft.snapshot', version: 1, revision: 1, meta: {}, roots: compact() });
  assert.deepEqual(['n1', 'n2', 'n3', 'n4'].map((id) => m.get(id).interfaceState), [15, 15, 15, 15]);
  const written = JSON.parse(JSON.stringify(m.toSnapshot(), leaveOutImpliedValues));
  assert.deepEqual(written.roots, compact());
});

test("a range controller's mode left out reads minimum, as capture leaves it out", () => {
  assert.equal(rangeMode({ id: 'r1' }), 'minimum');
  assert.equal(rangeMode({ id: 'r1', mode: 'full' }), 'full');
  assert.equal(rangeMode({ id: 'r1', mode: 7 }), 'minimum');
});
