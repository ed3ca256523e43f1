// Prints, for the snapshot document at argv[2], every element's visible box as the page's
// ScreenBoxes computes it ([x, y, w, h] relative to its root's top-left corner, or null when a
// clipping ancestor hides it all): RenderClippingTests compares `weft render`'s SVG with it.
import { readFileSync } from 'node:fs';
import { TreeModel } from '../../web-inspector/js/tree-model.js';
import { ScreenBoxes } from '../../web-inspector/js/screen-boxes.js';

const boxes = new ScreenBoxes(new TreeModel(JSON.parse(readFileSync(process.argv[2], 'utf8'))));
const visible = {};
for (let i = 0; i < boxes.count; i++) {
  let root = i;
  while (boxes.parent[root] >= 0) root = boxes.parent[root];
  const rect = boxes.visibleRect(i);
  visible[boxes.ids[i]] = rect && [rect[0] - boxes.x[root], rect[1] - boxes.y[root], rect[2], rect[3]];
}
process.stdout.write(JSON.stringify(visible));
