// The 3D exploded view's geometry: each element is a flat layer at its tree depth, `spacing`
// points in front of its parent's, seen orthographically after turning the stack by `yaw` about
// the vertical axis and `pitch` about the horizontal one. A layer is a plane, so its projection
// is an affine map, [a, b, c, d, e, f] as canvas setTransform takes it: screen = (a x + c y + e,
// b x + d y + f). Pure: the view draws with these maps and picks with their inverses.

/**
 * The affine map of the layer at `depth`: world point (x, y) in root coordinates, `centre` the
 * point that stays at `origin` (screen px), `zoom` px per point.
 */
export function layerTransform({ yaw, pitch, spacing, zoom, centre, origin }, depth) {
  const z = depth * spacing;
  const cy = Math.cos(yaw); const sy = Math.sin(yaw);
  const cp = Math.cos(pitch); const sp = Math.sin(pitch);
  const a = cy * zoom; const b = sy * sp * zoom; const c = 0; const d = cp * zoom;
  // The translation that sends `centre` (at depth 0) to `origin`, plus the layer's own shift.
  const e = origin[0] - (a * centre[0] + c * centre[1]) + z * sy * zoom;
  const f = origin[1] - (b * centre[0] + d * centre[1]) - z * cy * sp * zoom;
  return [a, b, c, d, e, f];
}

/** The world point (x, y) of the layer whose map is `m` that lands on screen point (px, py), or null. */
export function unproject(m, px, py) {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  if (Math.abs(det) < 1e-9) return null; // seen edge-on
  const x = px - e; const y = py - f;
  return [(d * x - c * y) / det, (-b * x + a * y) / det];
}

/**
 * The element picked at screen point (px, py): the front-most layer (deepest depth first, then
 * later in paint order) whose box holds the point. `layers`: [{id, depth, rect: [x, y, w, h]}]
 * in paint order.
 */
export function pickLayer(layers, view, px, py) {
  let best = null;
  for (const layer of layers) {
    const point = unproject(layerTransform(view, layer.depth), px, py);
    if (!point) continue;
    const [x, y, w, h] = layer.rect;
    if (point[0] < x || point[1] < y || point[0] >= x + w || point[1] >= y + h) continue;
    if (!best || layer.depth >= best.depth) best = layer;
  }
  return best ? best.id : null;
}
