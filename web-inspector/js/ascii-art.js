// Texture's asciiArtString for snapshot elements (docs/texture-semantics.md section 2).
// A node prints its name only; a spec draws a box around its children's art: a stack in the
// box of its direction, every other spec in a horizontal box. The quirks of Texture's padding
// (zero-dash borders when L <= T < L + 4) are kept on purpose so the output matches the device.
// Without recursion, since specs may nest thousands deep: the boxes are measured bottom-up
// (every box's art is a rectangle: its size and its children's places are all a parent needs),
// then drawn line by line. A nested box adds two lines and six columns, so the art of a chain
// of n specs is about 12 n² characters: it is drawn in time and memory in proportion to that,
// and refused past MAX_ART_LENGTH.

import { displayText } from './json-values.js';

const PADDING = 2;
const SPACE = 0x20;
const DASH = 0x2d;
const BAR = 0x7c;
/**
 * The longest art drawn, in UTF-16 code units: about 134 million. The page shows art of
 * 100 million in some seconds; far longer would not fit in a string (V8 stops at 2^29) or the
 * page's memory.
 */
export const MAX_ART_LENGTH = 2 ** 27;

/** Art that would be longer than MAX_ART_LENGTH: its size, not the art. */
export class AsciiArtTooLargeError extends RangeError {
  constructor({ width, height }) {
    super(`The ASCII art would be ${height} lines of ${width} characters: too large to draw`);
    this.name = 'AsciiArtTooLargeError';
  }
}

/** Texture's name for an element: class name, plus " (debugName)"; a ratio spec shows its ratio. */
export function asciiName(element) {
  if (element.type === 'ratio') {
    const ratio = element.props && typeof element.props.ratio === 'number' ? element.props.ratio : 1;
    return `${displayText(element.className || 'ASRatioLayoutSpec')} (${ratio.toFixed(1)})`;
  }
  const name = displayText(element.className || element.type || '?');
  return element.debugName ? `${name} (${displayText(element.debugName)})` : name;
}

/**
 * The element's asciiArtString, exactly as Texture prints it.
 * @throws {AsciiArtTooLargeError} when it would be longer than MAX_ART_LENGTH
 */
export function asciiArt(element) {
  return draw(measure(element));
}

/**
 * The box named `name` around the children's art (Texture's ASAsciiArtBoxCreator): no
 * children -> the bare name.
 */
export function asciiBox(name, childArts, direction = 'horizontal') {
  if (!childArts.length) return name;
  return draw(box(name, childArts.map((art) => textPiece(art.split('\n'))), direction));
}

/** For a node laid out by a spec (its first child), that spec's art: Layout.getAsciiArt's `layoutText`. */
export function layoutAsciiArt(element) {
  if (element.kind === 'spec') return undefined; // kind defaults to "node" (docs/snapshot-format.md)
  const first = element.children && element.children[0];
  return first && first.kind === 'spec' ? asciiArt(first) : undefined;
}

// ---- Measuring: pieces of art, {width, height} and either `lines` (text) or a box's `name`
// and `children` [{piece, x, y}] (their places in the box). ----

function textPiece(lines) {
  return { width: lines[0].length, height: lines.length, lines };
}

/** The element's art measured: its specs with children are boxes, everything else its name. */
function measure(element) {
  const drawsBox = (el) => el.kind === 'spec' && el.children && el.children.length > 0;
  const order = []; // parents before their children
  for (const stack = [element]; stack.length;) {
    const el = stack.pop();
    order.push(el);
    if (drawsBox(el)) for (const child of el.children) stack.push(child);
  }
  const pieces = new Map(); // element -> its piece, children first
  for (let i = order.length - 1; i >= 0; i--) {
    const el = order[i];
    if (!drawsBox(el)) { pieces.set(el, textPiece([asciiName(el)])); continue; }
    const vertical = el.type === 'stack' && el.props && el.props.direction === 'vertical';
    pieces.set(el, box(asciiName(el), el.children.map((child) => pieces.get(child)), vertical ? 'vertical' : 'horizontal'));
  }
  return pieces.get(element);
}

function box(name, children, direction) {
  return direction === 'vertical' ? verticalBox(name, children) : horizontalBox(name, children);
}

/**
 * Children side by side, each centred vertically (the extra blank line below when the
 * difference is odd), PADDING apart and from the bars; widened around them to the name plus
 * padding when the row is narrower than the name.
 */
function horizontalBox(name, children) {
  let rows = 0;
  for (const piece of children) rows = Math.max(rows, piece.height);
  let x = 1 + PADDING;
  const placed = children.map((piece) => {
    const place = { piece, x, y: 1 + Math.ceil((rows - piece.height) / 2) };
    x += piece.width + PADDING;
    return place;
  });
  const rowWidth = x + 1;
  if (rowWidth >= name.length) return { name, width: rowWidth, height: rows + 2, children: placed };
  const widen = name.length + 2 * PADDING - rowWidth;
  for (const place of placed) place.x += Math.ceil(widen / 2);
  return { name, width: rowWidth + widen, height: rows + 2, children: placed };
}

/**
 * Children one under the other, each centred horizontally on the widest (the extra space on
 * the right), PADDING from the bars; widened around them when the widest is narrower than
 * the name.
 */
function verticalBox(name, children) {
  let widest = 0;
  for (const piece of children) widest = Math.max(widest, piece.width);
  const widen = widest < name.length ? name.length + 2 * PADDING - widest : 0;
  let y = 1;
  const placed = children.map((piece) => {
    const place = { piece, x: 1 + Math.ceil((widest - piece.width) / 2) + Math.ceil(widen / 2) + PADDING, y };
    y += piece.height;
    return place;
  });
  return { name, width: widest + widen + 2 * PADDING + 2, height: y + 1, children: placed };
}

// ---- Drawing ----

/** The measured art as text: every piece at its place, drawn line by line. */
function draw(art) {
  if (art.height * (art.width + 1) - 1 > MAX_ART_LENGTH) throw new AsciiArtTooLargeError(art);
  const starting = Array.from({ length: art.height }, () => []); // line -> the pieces whose first line it is
  for (const stack = [{ piece: art, x: 0, y: 0 }]; stack.length;) {
    const place = stack.pop();
    starting[place.y].push(place);
    for (const child of place.piece.children || []) stack.push({ piece: child.piece, x: place.x + child.x, y: place.y + child.y });
  }
  const line = new Uint16Array(art.width);
  const lines = [];
  let crossing = []; // the pieces the line crosses
  for (let y = 0; y < art.height; y++) {
    crossing = crossing.filter((place) => place.y + place.piece.height > y);
    for (const place of starting[y]) crossing.push(place);
    line.fill(SPACE);
    for (const place of crossing) drawLine(line, place, y - place.y);
    lines.push(lineText(line));
  }
  return lines.join('\n');
}

/** Line `row` of a piece into `line`: a text's line, or a box's top border, bars or bottom. */
function drawLine(line, { piece, x }, row) {
  if (piece.lines) { write(line, x, piece.lines[row]); return; }
  const right = x + piece.width - 1;
  if (row === 0 || row === piece.height - 1) line.fill(DASH, x, right + 1);
  else { line[x] = BAR; line[right] = BAR; }
  if (row === 0) write(line, x + Math.ceil((piece.width - piece.name.length) / 2), piece.name);
}

function write(line, x, text) {
  for (let i = 0; i < text.length; i++) line[x + i] = text.charCodeAt(i);
}

/** The code units as a string, in chunks (a call takes only so many arguments). */
function lineText(codes) {
  let text = '';
  for (let i = 0; i < codes.length; i += 8192) text += String.fromCharCode.apply(null, codes.subarray(i, i + 8192));
  return text;
}
