// The page's benchmark, run inside the real page (window.weft) by bench.py in headless Chromium.
// Figures: time from receiving a snapshot's text to a painted tree and screen; time to apply an
// incremental update of 100 changed elements (model, derived views, tree and screen repainted);
// live DOM rows of the tree with every row expanded.

import { syntheticSnapshot, frameUpdateOps } from './synthetic-snapshot.js';
import { TreeModel } from '../js/tree-model.js';

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

/** ms from the text of a snapshot to the first frame presented with tree and screen painted. */
async function receiveToPaint(text, name) {
  const started = performance.now();
  const model = new TreeModel(JSON.parse(text));
  window.weft.state.setDocument(model, { kind: 'file', name });
  await frame(); // the scheduled scene and overlay paint run here
  await frame(); // ...and this frame starts after they were presented
  return performance.now() - started;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** ms to apply one Tree.updated of `count` frame changes and repaint (median of `runs`). */
function updateTime(snapshot, count, runs) {
  const { state, treeView, screenView } = window.weft;
  const times = [];
  for (let run = 0; run < runs; run++) {
    const ops = frameUpdateOps(snapshot, count, run % 2 ? -10 : 10);
    const started = performance.now();
    const changes = state.model.applyOps(ops);
    state.applyChanges(changes);
    treeView.render();
    screenView.paintScene();
    screenView.paintOverlay();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Runs the figures for `sizes` (elements); resolves with [figure, value, unit] rows. */
export async function runBench(sizes, { updateRuns = 21 } = {}) {
  const rows = [];
  // Warm-up (not recorded): the first document and updates pay for JIT compilation and first paints.
  await receiveToPaint(JSON.stringify(syntheticSnapshot(1000)), 'warm-up');
  updateTime(window.weft.state.model.toSnapshot(), 100, updateRuns);
  for (const size of sizes) {
    const snapshot = syntheticSnapshot(size);
    const text = JSON.stringify(snapshot);
    const label = size >= 1000 ? `${size / 1000}k` : String(size);
    const paint = await receiveToPaint(text, `bench-${size}`);
    rows.push([`snapshot to painted tree+screen, ${label} elements`, paint.toFixed(1), 'ms']);
    const live = window.weft.state.model.toSnapshot();
    rows.push([`update of 100 elements applied+painted, ${label} elements`, updateTime(live, 100, updateRuns).toFixed(2), 'ms']);
    const tree = document.getElementById('tree');
    document.getElementById('expand-all').click();
    tree.scrollTop = tree.scrollHeight / 2;
    await frame();
    await frame();
    rows.push([`live DOM tree rows, ${label} elements all expanded`, String(window.weft.treeView.liveRowCount), 'rows']);
    tree.scrollTop = 0;
  }
  return rows;
}

/**
 * Frames per second the page presents over `seconds` with the side tab `tab` shown, while the
 * attached program's updates arrive (TextureGram scrolling by itself), and the updates per
 * second that came meanwhile: [fps, updates per second].
 */
export async function liveTabFps(tab, seconds) {
  const { state, selectTab } = window.weft;
  selectTab(tab);
  // Settle first (the tab's first render, the page's JIT): a second not counted.
  const settled = performance.now();
  while (performance.now() - settled < 1000) await frame();
  let updates = 0;
  const stop = state.on('update', () => { updates++; });
  let frames = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) { await frame(); frames++; }
  const elapsed = (performance.now() - started) / 1000;
  stop();
  return [frames / elapsed, updates / elapsed];
}

/**
 * ms to draw the 3D exploded view of the document on show (median of `runs` paints), each timed
 * until its pixels are done: reading one back waits for the canvas to rasterise what it was told.
 */
export async function explodedPaint(runs) {
  const { exploded } = window.weft;
  exploded.setOn(true);
  await frame();
  const ctx = document.getElementById('screen-3d').getContext('2d');
  const times = [];
  for (let run = 0; run < runs; run++) {
    exploded.view.yaw += 0.01; // a turn, as while dragging: nothing cached from the paint before
    const started = performance.now();
    exploded.paint();
    ctx.getImageData(0, 0, 1, 1);
    times.push(performance.now() - started);
  }
  exploded.setOn(false);
  return median(times);
}
