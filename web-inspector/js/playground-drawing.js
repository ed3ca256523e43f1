// What the Playground draws of a Layout.evaluate result (docs/layout-json.md, Output), computed
// without a canvas so it can be tested: every element's box in the root's coordinates, and the
// region to draw. The region holds the reported size and every box: a layout in an unbounded
// range ("inf") may report 0 x 0 for its root (Texture's ASLayout turns an infinite size into
// 0 x 0: an inset with an infinite inset, a ratio of an unsized child) while its children have
// sizes, and the drawing must show them.

import { numberValue } from './tree-model.js';

/**
 * {boxes: [{x, y, w, h, type, id}] in paint order (parents first), region: [x, y, w, h]}.
 * An element whose box is not finite (an "inf" or NaN position or size) cannot be drawn and is
 * left out; so are its children when its position is not finite (theirs are not either). The
 * region is [0, 0, 0, 0] when nothing is finite.
 */
export function playgroundDrawing(result) {
  const boxes = [];
  const stack = result && result.root ? [[result.root, 0, 0]] : [];
  while (stack.length) {
    const [el, ox, oy] = stack.pop();
    const [x, y, w, h] = (Array.isArray(el.frame) ? el.frame : [0, 0, 0, 0]).map(numberValue);
    const box = { x: ox + x, y: oy + y, w, h, type: el.type, id: el.id };
    if (!Number.isFinite(box.x) || !Number.isFinite(box.y)) continue;
    if (Number.isFinite(w) && Number.isFinite(h)) boxes.push(box);
    const children = Array.isArray(el.children) ? el.children : [];
    for (let c = children.length - 1; c >= 0; c--) stack.push([children[c], box.x, box.y]);
  }
  const size = Array.isArray(result && result.size) ? result.size.map(numberValue) : [];
  const rects = boxes.map(({ x, y, w, h }) => [x, y, w, h]);
  if (size.length === 2 && size.every(Number.isFinite)) rects.push([0, 0, size[0], size[1]]);
  if (!rects.length) return { boxes, region: [0, 0, 0, 0] };
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y, w, h] of rects) {
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + w); y1 = Math.max(y1, y + h);
  }
  return { boxes, region: [x0, y0, x1 - x0, y1 - y0] };
}
