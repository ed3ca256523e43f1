// Synthetic snapshots of any size for the benchmark and the browser tests: a feed (a table node
// with a range controller) of cells shaped like TextureGram's, 7 elements per cell:
//   ASCellNode > ASInsetLayoutSpec > ASStackLayoutSpec(h) > [ASNetworkImageNode,
//   ASStackLayoutSpec(v) > [ASTextNode (name), ASButtonNode (like)]]
// plus the window and table nodes. Frames follow the cell layout by hand (no layout engine).

const CELL_HEIGHT = 64;
const WIDTH = 375;

function cell(i) {
  const id = `n${10 + i * 8}`;
  const n = (k) => `n${10 + i * 8 + k}`;
  return {
    id, kind: 'node', type: 'node', className: 'ASCellNode', debugName: `cell ${i}`,
    frame: [0, i * CELL_HEIGHT, WIDTH, CELL_HEIGHT], calculatedSize: [WIDTH, CELL_HEIGHT],
    constrainedSize: { min: [WIDTH, 0], max: [WIDTH, 'inf'] }, interfaceState: i < 12 ? 15 : i < 30 ? 7 : 1,
    children: [{
      id: `${id}/0`, kind: 'spec', type: 'inset', className: 'ASInsetLayoutSpec', frame: [0, 0, WIDTH, CELL_HEIGHT],
      props: { insets: [8, 8, 8, 8] },
      children: [{
        id: `${id}/0.0`, kind: 'spec', type: 'stack', className: 'ASStackLayoutSpec', frame: [8, 8, WIDTH - 16, 48],
        props: { direction: 'horizontal', spacing: 8, alignItems: 'center' },
        children: [
          { id: n(1), kind: 'node', type: 'node', className: 'ASNetworkImageNode', debugName: 'avatar', frame: [0, 0, 48, 48],
            style: { width: 48, height: 48 },
            props: { image: i % 10 === 3 ? { pixelWidth: 288, pixelHeight: 288, scale: 1, scalingRatio: 9, decodedBytes: 331776 }
              : { pixelWidth: 96, pixelHeight: 96, scale: 1, scalingRatio: 1, decodedBytes: 36864 } } },
          { id: `${id}/0.0.1`, kind: 'spec', type: 'stack', className: 'ASStackLayoutSpec', frame: [56, 4, WIDTH - 72, 40],
            style: { flexGrow: 1, flexShrink: 1 }, props: { direction: 'vertical', spacing: 4 },
            children: [
              { id: n(2), kind: 'node', type: 'node', className: 'ASTextNode', debugName: 'name', frame: [0, 0, 120, 18],
                props: { text: `user${i}`, font: { size: 15, weight: 'bold' } } },
              { id: n(3), kind: 'node', type: 'node', className: 'ASButtonNode', debugName: 'like', frame: [0, 22, 60, 18],
                props: { text: 'Like', font: { size: 13 }, hitTestSlop: [-10, -10, -10, -10],
                  control: { enabled: true, targets: [{ event: 'touchUpInside', action: 'like:' }] } },
                tappable: { rect: [-10, -10, 80, 38], restricted: i % 2 ? ['top'] : [], clipped: [] } },
            ],
          },
        ],
      }],
    }],
  };
}

/** A snapshot with about `elements` elements (rounded to whole cells). */
export function syntheticSnapshot(elements, { revision = 1 } = {}) {
  const cells = Math.max(1, Math.round((elements - 2) / 7));
  const table = {
    id: 'n2', kind: 'node', type: 'node', className: 'ASTableNode', debugName: 'feed', frame: [0, 0, WIDTH, 667],
    props: { clipsToBounds: true }, interfaceState: 15,
    children: Array.from({ length: cells }, (_, i) => cell(i)),
  };
  return {
    format: 'weft.snapshot', version: 1, revision,
    meta: { appId: 'org.weft.Synthetic', appName: 'Synthetic', instance: 'bench', host: 'localhost', pid: 1,
      capturedAt: '2026-11-30T08:00:00Z', protocolVersion: 1, screen: { width: WIDTH, height: 667, scale: 2 } },
    roots: [{ id: 'n1', kind: 'node', type: 'node', className: 'ASDisplayNode', debugName: 'window', frame: [0, 0, WIDTH, 667], children: [table] }],
    rangeControllers: [{
      id: 'r1', owner: 'n2', dataSource: 'FeedDataSource', orientation: 'vertical', scrollDirection: ['down'], mode: 'full',
      tuning: { full: { display: [1, 0.5], preload: [2.5, 1.5] }, minimum: { display: [0.25, 0.25], preload: [0.5, 0.25] },
        visibleOnly: { display: [0, 0], preload: [0, 0] }, lowMemory: { display: [0, 0], preload: [0, 0] } },
      viewport: [0, 0, WIDTH, 667], contentSize: [WIDTH, cells * CELL_HEIGHT], contentOffset: [0, 0], itemCount: cells,
      visible: [[0, 10]], display: [[0, 20]], preload: [[0, 40]],
      itemStates: [[0, 10, 15], [11, 20, 7], [21, 40, 3], [41, cells - 1, 1]].filter(([a, b]) => a <= b),
    }],
  };
}

/** A Tree.updated's ops changing the frames of `count` text nodes spread through the document. */
export function frameUpdateOps(snapshot, count, delta = 10) {
  const cells = snapshot.roots[0].children[0].children;
  const ops = [];
  const step = Math.max(1, Math.floor(cells.length / count));
  for (let i = 0; i < cells.length && ops.length < count; i += step) {
    const text = cells[i].children[0].children[0].children[1].children[0];
    const [x, y, w, h] = text.frame;
    ops.push({ op: 'set', id: text.id, fields: { frame: [x, y, w + delta, h] } });
  }
  return ops;
}
