// Draws the Explain tab's highlight boxes (explain-chain.js `highlights`) on the screen view's
// overlay, in root coordinates: the element, what it measured first, free space, inset bands
// and the parent range that won, each with its label.

const STYLES = {
  element: { stroke: 'rgba(200, 40, 120, 0.95)', fill: null, dash: [] },
  measured: { stroke: 'rgba(120, 60, 200, 0.95)', fill: null, dash: [4, 3] },
  free: { stroke: 'rgba(20, 140, 60, 0.9)', fill: 'rgba(20, 160, 70, 0.22)', dash: [3, 2] },
  overflow: { stroke: 'rgba(210, 40, 30, 0.95)', fill: 'rgba(210, 40, 30, 0.12)', dash: [] },
  inset: { stroke: null, fill: 'rgba(230, 150, 20, 0.3)', dash: [] },
  'inset-label': { stroke: null, fill: null, dash: [] },
  clamp: { stroke: 'rgba(210, 40, 30, 0.95)', fill: null, dash: [6, 3] },
};

/** Paints `boxes` ({kind, rect, label}) with `px` the size of one screen pixel in root units. */
export function paintExplainHighlights(ctx, boxes, px) {
  ctx.save();
  ctx.font = `bold ${11 * px}px system-ui, sans-serif`;
  ctx.textBaseline = 'top';
  let labelOffset = 0;
  for (const box of boxes) {
    const style = STYLES[box.kind] || STYLES.element;
    const [x, y, w, hgt] = box.rect;
    if (![x, y, w, hgt].every(Number.isFinite)) continue;
    if (style.fill) { ctx.fillStyle = style.fill; ctx.fillRect(x, y, w, hgt); }
    if (style.stroke) {
      ctx.setLineDash(style.dash.map((d) => d * px));
      ctx.strokeStyle = style.stroke;
      ctx.lineWidth = 2 * px;
      ctx.strokeRect(x, y, w, hgt);
      ctx.setLineDash([]);
    }
    if (box.label) {
      // Labels of boxes sharing a corner would overlap: each goes one line further down.
      const width = ctx.measureText(box.label).width + 6 * px;
      const ly = y + labelOffset * 14 * px;
      ctx.fillStyle = 'rgba(255, 255, 255, 0.9)';
      ctx.fillRect(x, ly, width, 14 * px);
      ctx.fillStyle = style.stroke || 'rgba(150, 90, 0, 1)';
      ctx.fillText(box.label, x + 3 * px, ly + 1.5 * px);
      labelOffset += 1;
    }
  }
  ctx.restore();
}
