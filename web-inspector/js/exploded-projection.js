// The 3D exploded view's geometry. Each element is a flat layer at its tree depth, `spacing`
// points in front of its parent's; the stack turns about its centre by `yaw` (about the vertical
// axis) then `pitch` (about the horizontal one) and is seen from a camera in front of it, in
// perspective (field of view `fov`) or orthographically, magnified by `zoom` and moved by `pan`.
// A layer is a plane, so its projection is a homography (3x3, row-major): exact for every point,
// it maps rectangles to quadrilaterals, and its inverse picks. Layers are parallel planes, so
// drawing them farthest first (then each in paint order) is an exact painter's order. Pure: the
// view draws, picks and places its labels with these functions.

/** The camera never comes closer to the stack's centre than this many times its radius. */
const MIN_DISTANCE = 1.3;

/**
 * The camera. view: {yaw, pitch (radians), spacing (pt between layers), zoom (px per pt at the
 * stack's centre), pan: [x, y] px, fov (radians), perspective (boolean)}; scene: {centre: [x, y]
 * of the layout, width, height, layers (count of depths)}; viewport: [width, height] px.
 */
export function makeCamera(view, scene, viewport) {
  const cy = Math.cos(view.yaw); const sy = Math.sin(view.yaw);
  const cp = Math.cos(view.pitch); const sp = Math.sin(view.pitch);
  // Rows of R = Rx(pitch) Ry(yaw): x right, y down, z towards the viewer.
  const rotation = [cy, 0, sy, -sp * sy, cp, sp * cy, -cp * sy, -sp, cp * cy];
  const depthExtent = Math.max(0, scene.layers - 1) * view.spacing;
  const radius = Math.max(1, Math.hypot(scene.width, scene.height, depthExtent) / 2);
  // Far enough that the whole stack is in front of the camera at any turn.
  const distance = Math.max(MIN_DISTANCE, 1 / Math.tan(view.fov / 2)) * radius;
  return {
    rotation, zoom: view.zoom, spacing: view.spacing, perspective: view.perspective,
    distance: view.perspective ? distance : Infinity,
    centre: [scene.centre[0], scene.centre[1], depthExtent / 2],
    origin: [viewport[0] / 2 + view.pan[0], viewport[1] / 2 + view.pan[1]],
  };
}

/** The homography of the layer at `depth`: layout point (x, y, 1) -> homogeneous screen point. */
export function layerHomography(camera, depth) {
  const { rotation: r, zoom, distance, centre, origin } = camera;
  const z = depth * camera.spacing - centre[2];
  // The layer's point (x, y) in camera space is x * column0 + y * column1 + b.
  const b = [0, 1, 2].map((row) => -r[row * 3] * centre[0] - r[row * 3 + 1] * centre[1] + r[row * 3 + 2] * z);
  // w = 1 - Z / distance (1 when orthographic): what x and y are divided by.
  const w = Number.isFinite(distance) ? [-r[6] / distance, -r[7] / distance, 1 - b[2] / distance] : [0, 0, 1];
  const row = (axis, o) => [zoom * r[axis * 3] + o * w[0], zoom * r[axis * 3 + 1] + o * w[1], zoom * b[axis] + o * w[2]];
  return [...row(0, origin[0]), ...row(1, origin[1]), ...w];
}

/** The screen point [x, y] of layout point (x, y) under homography h. */
export function applyHomography(h, x, y) {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}

/**
 * The affine map [a, b, c, d, e, f] (as canvas setTransform takes it) that matches homography h
 * at layout point (x, y): exact for an orthographic camera, and close near (x, y) in perspective
 * (for text and labels, which the canvas can only draw through an affine map).
 */
export function affineAt(h, x, y) {
  const w = h[6] * x + h[7] * y + h[8];
  const sx = (h[0] * x + h[1] * y + h[2]) / w;
  const sy = (h[3] * x + h[4] * y + h[5]) / w;
  const a = (h[0] - sx * h[6]) / w; const b = (h[3] - sy * h[6]) / w;
  const c = (h[1] - sx * h[7]) / w; const d = (h[4] - sy * h[7]) / w;
  return [a, b, c, d, sx - a * x - c * y, sy - b * x - d * y];
}

/** The four corners of rect [x, y, w, h] on screen (clockwise from the top left). */
export function projectRect(h, [x, y, w, hgt]) {
  return [applyHomography(h, x, y), applyHomography(h, x + w, y), applyHomography(h, x + w, y + hgt), applyHomography(h, x, y + hgt)];
}

/**
 * The layout point [x, y] of the layer with homography h seen at screen point (px, py), or null
 * when the layer is seen edge-on there or the point would lie behind the camera.
 */
export function unprojectPoint(h, px, py) {
  const [a, b, c, d, e, f, g, k, l] = h;
  // The adjugate of h (its inverse up to scale) applied to (px, py, 1).
  const x = (e * l - f * k) * px + (c * k - b * l) * py + (b * f - c * e);
  const y = (f * g - d * l) * px + (a * l - c * g) * py + (c * d - a * f);
  const w = (d * k - e * g) * px + (b * g - a * k) * py + (a * e - b * d);
  if (Math.abs(w) < 1e-12) return null;
  const point = [x / w, y / w];
  if (!point.every(Number.isFinite) || h[6] * point[0] + h[7] * point[1] + h[8] <= 0) return null;
  return point;
}

/**
 * The depths 0..count-1, farthest from the camera first: the painter's order (picking walks it
 * backwards). Parallel planes do not cross, so the order holds for every point of the screen.
 */
export function layerOrder(camera, count) {
  const facing = camera.rotation[8]; // the layers' normal seen from the camera: > 0 from the front
  const z = (depth) => depth * camera.spacing - camera.centre[2];
  const distance = Number.isFinite(camera.distance)
    ? (depth) => Math.abs(facing * camera.distance - z(depth))
    : (depth) => -Math.sign(facing || 1) * z(depth);
  return Array.from({ length: count }, (_, depth) => depth).sort((p, q) => distance(q) - distance(p) || p - q);
}

/**
 * The element picked at screen point (px, py): on the nearest layer holding the point, the last
 * in paint order. layers[depth]: [{id, rect: [x, y, w, h]}] in paint order (holes allowed).
 */
export function pickLayer(layers, camera, px, py) {
  const order = layerOrder(camera, layers.length);
  for (let n = order.length - 1; n >= 0; n--) {
    const layer = layers[order[n]];
    if (!layer || !layer.length) continue;
    const point = unprojectPoint(layerHomography(camera, order[n]), px, py);
    if (!point) continue;
    for (let i = layer.length - 1; i >= 0; i--) {
      const [x, y, w, h] = layer[i].rect;
      if (point[0] >= x && point[1] >= y && point[0] < x + w && point[1] < y + h) return layer[i].id;
    }
  }
  return null;
}

/**
 * The zoom and pan that fit the whole stack (layout `bounds` [x, y, w, h], depths 0..layers-1)
 * in the viewport with `margin` (a fraction) to spare: projection is linear in zoom and pan.
 */
export function fitView(view, scene, viewport, bounds, margin = 0.08) {
  const camera = makeCamera({ ...view, zoom: 1, pan: [0, 0] }, scene, viewport);
  const [x, y, w, h] = bounds;
  let x0 = Infinity; let y0 = Infinity; let x1 = -Infinity; let y1 = -Infinity;
  for (const depth of [0, Math.max(0, scene.layers - 1)]) {
    for (const [sx, sy] of projectRect(layerHomography(camera, depth), [x, y, w, h])) {
      x0 = Math.min(x0, sx); y0 = Math.min(y0, sy); x1 = Math.max(x1, sx); y1 = Math.max(y1, sy);
    }
  }
  const zoom = (1 - 2 * margin) * Math.min(viewport[0] / Math.max(1e-9, x1 - x0), viewport[1] / Math.max(1e-9, y1 - y0));
  const [ox, oy] = camera.origin;
  return { zoom, pan: [-zoom * ((x0 + x1) / 2 - ox), -zoom * ((y0 + y1) / 2 - oy)] };
}

/**
 * Labels that do not overlap: `candidates` [{rect: [x, y, w, h] on screen, priority, ...}], the
 * highest priority placed first, each kept only when it overlaps none placed before; at most
 * `limit`. Returns the kept candidates.
 */
export function placeLabels(candidates, limit = Infinity) {
  const placed = [];
  const sorted = [...candidates].sort((a, b) => b.priority - a.priority);
  for (const candidate of sorted) {
    if (placed.length >= limit) break;
    const [x, y, w, h] = candidate.rect;
    const overlaps = placed.some(({ rect: [px, py, pw, ph] }) => x < px + pw && px < x + w && y < py + ph && py < y + h);
    if (!overlaps) placed.push(candidate);
  }
  return placed;
}
