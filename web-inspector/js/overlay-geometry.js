// What the screen overlays draw, computed without a canvas so it can be tested: the tappable
// area of a control with its restricted and clipped edge stripes (docs/texture-semantics.md section
// 5), the hit-test slop rectangle, and the image pixel-scaling label (section 7).

export const TAPPABLE_COLORS = {
  fill: 'rgba(0, 255, 0, 0.4)',
  restricted: 'rgba(30, 90, 50, 0.7)',
  clipped: 'rgba(255, 127, 0, 0.8)',
};
const STRIPE = 2;

/** Whether `value` is a list of `length` numbers (a file may hold any JSON where one belongs). */
const isNumbers = (value, length) => Array.isArray(value) && value.length === length && value.every((v) => typeof v === 'number');
const listOrEmpty = (value) => (Array.isArray(value) ? value : []);

/** A rect [x, y, w, h] inset by edge insets [top, left, bottom, right] (negative grows it). */
export function insetRect([x, y, w, h], [top, left, bottom, right]) {
  return [x + left, y + top, w - left - right, h - top - bottom];
}

/**
 * The tappable overlay of an element at `origin` (its root-coordinate [x, y]) as
 * non-overlapping pieces [{rect, color}]. Texture stretches a 5x5 image whose 2-pt border
 * strips are painted (with copy, not blend) in this order: fill, restricted edges, clipped edges.
 * So each of the 3x3 pieces of the rect takes the colour of the last paint that covers it:
 * orange when one of its edges is clipped, dark green when one is restricted, else the fill.
 * No restricted edge -> one plain green rect.
 */
export function tappablePieces(tappable, origin) {
  if (!tappable || !isNumbers(tappable.rect, 4)) return [];
  const [rx, ry, rw, rh] = tappable.rect;
  const x = origin[0] + rx;
  const y = origin[1] + ry;
  const restricted = new Set(listOrEmpty(tappable.restricted));
  const clipped = new Set(listOrEmpty(tappable.clipped));
  if (restricted.size === 0) return [{ rect: [x, y, rw, rh], color: TAPPABLE_COLORS.fill }];
  const sx = Math.min(STRIPE, rw / 2);
  const sy = Math.min(STRIPE, rh / 2);
  const columns = [[x, sx, 'left'], [x + sx, rw - 2 * sx, null], [x + rw - sx, sx, 'right']];
  const rows = [[y, sy, 'top'], [y + sy, rh - 2 * sy, null], [y + rh - sy, sy, 'bottom']];
  const pieces = [];
  for (const [py, ph, rowEdge] of rows) {
    for (const [px, pw, columnEdge] of columns) {
      if (pw <= 0 || ph <= 0) continue;
      const edges = [rowEdge, columnEdge].filter(Boolean);
      const color = edges.some((e) => clipped.has(e)) ? TAPPABLE_COLORS.clipped
        : edges.some((e) => restricted.has(e)) ? TAPPABLE_COLORS.restricted : TAPPABLE_COLORS.fill;
      pieces.push({ rect: [px, py, pw, ph], color });
    }
  }
  return pieces;
}

/** The hit area of a node with a hitTestSlop (its bounds inset by the slop), in root coordinates. */
export function slopRect(element, rootRect) {
  const slop = element.props && element.props.hitTestSlop;
  if (!isNumbers(slop, 4) || slop.every((v) => v === 0)) return null;
  return insetRect([rootRect[0], rootRect[1], rootRect[2], rootRect[3]], slop);
}

/**
 * The red pixel-scaling label of an image node when its ratio is not 1: text `"%.2fx"` anchored
 * at the node's bottom-right corner (docs/texture-semantics.md section 7).
 */
export function scalingLabel(element, rootRect) {
  const image = element.props && element.props.image;
  if (!image || typeof image.scalingRatio !== 'number' || image.scalingRatio === 1) return null;
  return { text: `${image.scalingRatio.toFixed(2)}x`, x: rootRect[0] + rootRect[2], y: rootRect[1] + rootRect[3] };
}

/** Bytes wasted by an oversized decoded image: (pixels - displayed pixels) x 4 (RGBA8888). */
export function wastedBytes(pixelWidth, pixelHeight, boundsWidth, boundsHeight, contentsScale) {
  const shown = Math.floor(boundsWidth * contentsScale) * Math.floor(boundsHeight * contentsScale);
  return Math.max(0, pixelWidth * pixelHeight - shown) * 4;
}

/** The overlap of two [x, y, w, h] rects, or null when they do not overlap (or one is null). */
export function intersectRects(a, b) {
  if (!a || !b) return null;
  const x0 = Math.max(a[0], b[0]); const y0 = Math.max(a[1], b[1]);
  const x1 = Math.min(a[0] + a[2], b[0] + b[2]); const y1 = Math.min(a[1] + a[3], b[1] + b[3]);
  return x1 > x0 && y1 > y0 ? [x0, y0, x1 - x0, y1 - y0] : null;
}
