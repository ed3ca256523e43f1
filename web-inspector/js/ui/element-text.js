// The text the screen canvases draw: a text node's text as the app lays it out (its font's size
// and weight, its lines, its alpha), clipped to what shows of its box, which the flat screen draws
// in root coordinates and the 3D view through its layer's map; and the line an empty canvas shows.

const FONT_WEIGHTS = { ultraLight: 100, thin: 200, light: 300, regular: 400, medium: 500, semibold: 600, bold: 700, heavy: 800, black: 900 };
const TEXT_COLOR = '#202124';

/** The element's font size in points (17 when its font has none). */
export function fontSize(el) {
  const font = el.props?.font || {};
  // A file may hold any JSON here: only a number is a size (a list would be read through its text).
  return (typeof font.size === 'number' && font.size) || 17;
}

/** Draws the text of `el`, whose box starts at `origin` ([x, y]), clipped to `visible` ([x, y, w, h]). */
export function paintElementText(ctx, el, [x, y], visible) {
  const font = el.props.font || {};
  const size = fontSize(el);
  const weight = typeof font.weight === 'number' ? font.weight : (typeof font.weight === 'string' && FONT_WEIGHTS[font.weight]) || 400;
  ctx.save();
  ctx.beginPath();
  ctx.rect(visible[0], visible[1], visible[2], visible[3]);
  ctx.clip();
  if (typeof el.props.alpha === 'number') ctx.globalAlpha = el.props.alpha;
  ctx.font = `${weight} ${size}px system-ui, sans-serif`;
  ctx.fillStyle = TEXT_COLOR;
  ctx.textBaseline = 'top';
  const lines = el.props.lines || [el.props.text]; // a list of strings where present (checked as documents enter)
  const lineHeight = size * 1.2;
  lines.forEach((line, n) => ctx.fillText(line, x, y + n * lineHeight + (lineHeight - size) / 2));
  ctx.restore();
}

/** The line a canvas `width` x `height` shows while it has no document to draw. */
export function paintPlaceholder(ctx, text, width, height) {
  ctx.fillStyle = '#6b7280';
  ctx.font = '13px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.fillText(text, width / 2, height / 2);
  ctx.textAlign = 'start';
}
