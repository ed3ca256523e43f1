// The snapshot documents shared with the Swift tests (fixtures/snapshots, hand-written from
// layouts computed by hand): the page's model reads every one, and the geometry it draws from
// them follows the derivations in that folder's README.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { TreeModel } from '../js/tree-model.js';
import { ScreenBoxes } from '../js/screen-boxes.js';
import { tappablePieces, scalingLabel, TAPPABLE_COLORS as C } from '../js/overlay-geometry.js';
import { asciiArt } from '../js/ascii-art.js';
import { semanticDiff } from '../js/semantic-diff.js';

const dir = new URL('../../fixtures/snapshots/', import.meta.url).pathname;
const load = (name) => JSON.parse(readFileSync(dir + name, 'utf8'));

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  test(`fixtures/snapshots/${file} loads, indexes and diffs as equal to itself`, () => {
    const snapshot = load(file);
    const model = new TreeModel(snapshot);
    let count = 0;
    const stack = [...snapshot.roots];
    while (stack.length) { const el = stack.pop(); count++; if (el.children) stack.push(...el.children); }
    assert.equal(model.size, count);
    assert.equal(new ScreenBoxes(model).count, count);
    assert.deepEqual(semanticDiff(snapshot, load(file)), []);
  });
}

// feed.json README: the like button n12 sits at (16 + 299, 8 + 0) in the cell, the cell at
// (0, 64) in the window (header 64 tall): root origin (315, 72). Its tappable area
// [-20, -8, 80, 60] is restricted on top, bottom and right, clipped nowhere: dark green
// strips on those edges, the left strip stays the fill colour.
test('feed.json: the like button\'s tappable area is drawn with restricted edges', () => {
  const model = new TreeModel(load('feed.json'));
  assert.deepEqual(model.rootFrame('n12'), [315, 72, 44, 44]);
  const pieces = tappablePieces(model.get('n12').tappable, [315, 72]);
  const colorAt = (x, y) => pieces.find((p) => x >= p.rect[0] && y >= p.rect[1] && x < p.rect[0] + p.rect[2] && y < p.rect[1] + p.rect[3]).color;
  // The area on the screen: [295, 64, 80, 60].
  assert.equal(colorAt(330, 65), C.restricted, 'top');
  assert.equal(colorAt(330, 123), C.restricted, 'bottom');
  assert.equal(colorAt(374, 90), C.restricted, 'right');
  assert.equal(colorAt(295, 90), C.fill, 'left is not restricted');
  assert.equal(colorAt(330, 90), C.fill, 'centre');
  assert.ok(pieces.every((p) => p.color !== C.clipped), 'no parent with slop clips');
});

// profile-card.json README: the avatar's ratio is 9 -> the label "9.00x" at its bottom-right.
test('profile-card.json: the avatar\'s scaling label and the stack\'s ASCII art', () => {
  const model = new TreeModel(load('profile-card.json'));
  const avatar = model.get('n2');
  const rect = model.rootFrame('n2');
  assert.deepEqual(rect, [16, 12, 56, 56]);
  assert.deepEqual(scalingLabel(avatar, rect), { text: '9.00x', x: 72, y: 68 });
  // The inner vertical stack: two text nodes "ASTextNode (name)" (17) and "ASTextNode (bio)" (16),
  // name "ASStackLayoutSpec" (17): M = 17, not < L, so no extra padding; the 16-wide line gets
  // ceil(1/2) = 1 space more on the left. Width 1 + 2 + 17 + 2 + 1 = 23, 3 dashes each side.
  assert.equal(asciiArt(model.get('n1/0.0.1')), [
    '---ASStackLayoutSpec---',
    '|  ASTextNode (name)  |',
    '|   ASTextNode (bio)  |',
    '-----------------------',
  ].join('\n'));
});
