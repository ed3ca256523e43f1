import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layerTransform, unproject, pickLayer } from '../js/exploded-projection.js';

const flat = { yaw: 0, pitch: 0, spacing: 20, zoom: 2, centre: [50, 50], origin: [300, 200] };
const apply = ([a, b, c, d, e, f], [x, y]) => [a * x + c * y + e, b * x + d * y + f];
const close = (p, q) => p.every((v, i) => Math.abs(v - q[i]) < 1e-9);

test('seen head-on, every layer is the flat screen, scaled about the centre', () => {
  for (const depth of [0, 3]) {
    assert.ok(close(apply(layerTransform(flat, depth), [50, 50]), [300, 200]));
    assert.ok(close(apply(layerTransform(flat, depth), [60, 50]), [320, 200]));
  }
});

test('turned, deeper layers shift sideways by depth x spacing x sin(yaw)', () => {
  const view = { ...flat, yaw: Math.PI / 6 };
  const shallow = apply(layerTransform(view, 0), [50, 50]);
  const deep = apply(layerTransform(view, 2), [50, 50]);
  assert.ok(Math.abs(deep[0] - shallow[0] - 2 * 20 * Math.sin(Math.PI / 6) * 2) < 1e-9);
});

test('unproject inverts a layer\'s map', () => {
  const view = { ...flat, yaw: 0.4, pitch: -0.3 };
  const m = layerTransform(view, 4);
  assert.ok(close(unproject(m, ...apply(m, [12, 34])), [12, 34]));
  assert.equal(unproject([0, 0, 0, 0, 0, 0], 1, 1), null);
});

test('picking takes the front-most layer holding the point', () => {
  const layers = [{ id: 'root', depth: 0, rect: [0, 0, 100, 100] }, { id: 'child', depth: 1, rect: [40, 40, 20, 20] }];
  assert.equal(pickLayer(layers, flat, 300, 200), 'child');
  assert.equal(pickLayer(layers, flat, 210, 110), 'root');
  assert.equal(pickLayer(layers, flat, 10, 10), null);
});
