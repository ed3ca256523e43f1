import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  makeCamera, layerHomography, applyHomography, affineAt, projectRect, unprojectPoint, layerOrder, pickLayer, fitView, placeLabels,
} from '../js/exploded-projection.js';

const scene = { centre: [50, 50], width: 100, height: 100, layers: 3 };
const viewport = [600, 400];
const view = (changes = {}) => ({ yaw: 0, pitch: 0, spacing: 20, zoom: 2, pan: [0, 0], fov: Math.PI / 3, perspective: false, ...changes });
const close = (p, q, eps = 1e-9) => p.every((v, i) => Math.abs(v - q[i]) < eps);

// The same projection spelled as a 3D pipeline: turn about y, then about x, then divide by depth.
function reference(v, camera, [x, y], depth) {
  let px = x - scene.centre[0]; let py = y - scene.centre[1]; let pz = depth * v.spacing - camera.centre[2];
  [px, pz] = [Math.cos(v.yaw) * px + Math.sin(v.yaw) * pz, -Math.sin(v.yaw) * px + Math.cos(v.yaw) * pz];
  [py, pz] = [Math.cos(v.pitch) * py + Math.sin(v.pitch) * pz, -Math.sin(v.pitch) * py + Math.cos(v.pitch) * pz];
  const k = v.perspective ? camera.distance / (camera.distance - pz) : 1;
  return [camera.origin[0] + v.zoom * k * px, camera.origin[1] + v.zoom * k * py];
}

test('seen head-on and orthographically, every layer is the flat layout scaled about its centre', () => {
  const camera = makeCamera(view(), scene, viewport);
  for (const depth of [0, 2]) {
    const h = layerHomography(camera, depth);
    assert.ok(close(applyHomography(h, 50, 50), [300, 200]));
    assert.ok(close(applyHomography(h, 60, 45), [320, 190]));
  }
});

test('the homography of a layer is the 3D turn and perspective divide, at any turn', () => {
  for (const v of [view({ yaw: 0.7, pitch: -0.4 }), view({ yaw: -2.5, pitch: 1.1, perspective: true, pan: [13, -7] }), view({ yaw: 0.3, perspective: true, fov: 1.2 })]) {
    const camera = makeCamera(v, scene, viewport);
    for (const depth of [0, 1, 2]) {
      for (const point of [[0, 0], [100, 30], [42, 99]]) {
        assert.ok(close(applyHomography(layerHomography(camera, depth), ...point), reference(v, camera, point, depth)), `${depth} ${point}`);
      }
    }
  }
});

test('in perspective, nearer layers look larger and farther ones smaller', () => {
  const camera = makeCamera(view({ perspective: true }), scene, viewport);
  const width = (depth) => { const [a, b] = projectRect(layerHomography(camera, depth), [0, 0, 100, 100]); return b[0] - a[0]; };
  assert.ok(width(2) > width(1) && width(1) > width(0));
  assert.ok(Math.abs(width(1) - 200) < 1e-9, 'the middle layer at the zoom');
  // The camera stays outside the stack whatever the field of view: every layer in front of it.
  const wide = makeCamera(view({ perspective: true, fov: 3 }), scene, viewport);
  assert.ok(wide.distance > Math.hypot(100, 100, 40) / 2);
});

test('unprojectPoint inverts a layer\'s homography, and refuses edge-on layers and points behind the camera', () => {
  for (const v of [view({ yaw: 0.4, pitch: -0.3 }), view({ yaw: 2.2, pitch: 0.5, perspective: true })]) {
    const h = layerHomography(makeCamera(v, scene, viewport), 2);
    assert.ok(close(unprojectPoint(h, ...applyHomography(h, 12, 34)), [12, 34], 1e-6));
  }
  const edgeOn = layerHomography(makeCamera(view({ yaw: Math.PI / 2 }), scene, viewport), 1);
  assert.equal(unprojectPoint(edgeOn, 300, 200), null);
  // Seen almost edge-on in perspective, screen points beyond the layer's horizon are on no layer point.
  const steep = layerHomography(makeCamera(view({ yaw: 1.5, perspective: true, zoom: 1 }), scene, viewport), 0);
  const [horizonSide] = [[-5000, 200], [5000, 200]].filter(([x, y]) => unprojectPoint(steep, x, y) === null);
  assert.ok(horizonSide, 'one side of the horizon holds no point of the layer');
});

test('layers are drawn farthest first: deepest last seen from the front, first seen from behind', () => {
  assert.deepEqual(layerOrder(makeCamera(view({ yaw: 0.5 }), scene, viewport), 3), [0, 1, 2]);
  assert.deepEqual(layerOrder(makeCamera(view({ yaw: 0.5, perspective: true }), scene, viewport), 3), [0, 1, 2]);
  assert.deepEqual(layerOrder(makeCamera(view({ yaw: Math.PI - 0.3, perspective: true }), scene, viewport), 3), [2, 1, 0]);
  assert.deepEqual(layerOrder(makeCamera(view({ pitch: -1.2, yaw: Math.PI }), scene, viewport), 3), [2, 1, 0]);
});

test('picking takes the nearest layer holding the point, the last in paint order on it', () => {
  const layers = [
    [{ id: 'root', rect: [0, 0, 100, 100] }],
    [{ id: 'under', rect: [30, 30, 40, 40] }, { id: 'over', rect: [40, 40, 20, 20] }],
    undefined,
  ];
  const front = makeCamera(view({ perspective: true, yaw: 0.2 }), scene, viewport);
  const at = (camera, id) => {
    const [x, y, w, h] = [layers[0], layers[1]].flat().find((l) => l.id === id).rect;
    return applyHomography(layerHomography(camera, id === 'root' ? 0 : 1), x + w / 2, y + h / 2);
  };
  assert.equal(pickLayer(layers, front, ...at(front, 'over')), 'over');
  assert.equal(pickLayer(layers, front, ...applyHomography(layerHomography(front, 1), 32, 32)), 'under');
  assert.equal(pickLayer(layers, front, ...applyHomography(layerHomography(front, 0), 5, 5)), 'root');
  assert.equal(pickLayer(layers, front, 1, 1), null);
  // From behind, the root is the nearest layer: it covers its children.
  const behind = makeCamera(view({ perspective: true, yaw: Math.PI - 0.2 }), scene, viewport);
  assert.equal(pickLayer(layers, behind, ...at(behind, 'over')), 'root');
});

test('fitView fits the whole stack with the margin, centred', () => {
  for (const v of [view({ yaw: 0.6, pitch: 0.4, perspective: true }), view({ yaw: -0.5, pitch: -0.2 })]) {
    const fitted = { ...v, ...fitView(v, scene, viewport, [0, 0, 100, 100], 0.1) };
    const camera = makeCamera(fitted, scene, viewport);
    const corners = [0, 2].flatMap((depth) => projectRect(layerHomography(camera, depth), [0, 0, 100, 100]));
    const xs = corners.map((c) => c[0]); const ys = corners.map((c) => c[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    assert.ok(x0 >= 60 - 1e-6 && x1 <= 540 + 1e-6 && y0 >= 40 - 1e-6 && y1 <= 360 + 1e-6, `${[x0, x1, y0, y1]}`);
    assert.ok(Math.abs(x1 - x0 - 480) < 1e-6 || Math.abs(y1 - y0 - 320) < 1e-6, 'one axis fills the room');
    assert.ok(Math.abs((x0 + x1) / 2 - 300) < 1e-6 && Math.abs((y0 + y1) / 2 - 200) < 1e-6);
  }
});

test('labels never overlap: the higher priority wins, up to the limit', () => {
  const placed = placeLabels([
    { id: 'a', rect: [0, 0, 50, 10], priority: 1 },
    { id: 'b', rect: [40, 5, 50, 10], priority: 5 },
    { id: 'c', rect: [0, 20, 50, 10], priority: 0 },
    { id: 'd', rect: [100, 0, 10, 10], priority: 2 },
  ]);
  assert.deepEqual(placed.map((l) => l.id), ['b', 'd', 'c']);
  assert.deepEqual(placeLabels(placed, 2).map((l) => l.id), ['b', 'd']);
});

test('affineAt is the layer\'s map where it is taken: exact orthographically, to first order in perspective', () => {
  const apply = ([a, b, c, d, e, f], [x, y]) => [a * x + c * y + e, b * x + d * y + f];
  const ortho = layerHomography(makeCamera(view({ yaw: 0.5, pitch: 0.3 }), scene, viewport), 1);
  for (const point of [[0, 0], [80, 20]]) assert.ok(close(apply(affineAt(ortho, 40, 40), point), applyHomography(ortho, ...point)));
  const persp = layerHomography(makeCamera(view({ yaw: 0.5, pitch: 0.3, perspective: true }), scene, viewport), 2);
  const m = affineAt(persp, 40, 40);
  assert.ok(close(apply(m, [40, 40]), applyHomography(persp, 40, 40)));
  const error = (d) => Math.hypot(...apply(m, [40 + d, 40 + d]).map((v, i) => v - applyHomography(persp, 40 + d, 40 + d)[i]));
  assert.ok(error(0.01) < 1e-5 && error(10) > error(1) * 10, 'the error grows with the square of the distance');
});
