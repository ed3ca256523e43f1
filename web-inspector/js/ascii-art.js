// Texture's asciiArtString for snapshot elements (texture-semantics.md section 2).
// A node prints its name only; a spec draws a box around its children's art: a stack in the
// box of its direction, every other spec in a horizontal box. The quirks of Texture's padding
// (zero-dash borders when L <= T < L + 4) are kept on purpose so the output matches the device.

const PADDING = 2;

/** Texture's name for an element: class name, plus " (debugName)"; a ratio spec shows its ratio. */
export function asciiName(element) {
  if (element.type === 'ratio') {
    const ratio = element.props && typeof element.props.ratio === 'number' ? element.props.ratio : 1;
    return `${element.className || 'ASRatioLayoutSpec'} (${ratio.toFixed(1)})`;
  }
  const name = element.className || element.type || '?';
  return element.debugName ? `${name} (${element.debugName})` : name;
}

/** The element's asciiArtString, exactly as Texture prints it. */
export function asciiArt(element) {
  const name = asciiName(element);
  if (element.kind !== 'spec') return name;
  const children = element.children || [];
  if (children.length === 0) return name;
  const vertical = element.type === 'stack' && element.props && element.props.direction === 'vertical';
  return asciiBox(name, children.map(asciiArt), vertical ? 'vertical' : 'horizontal');
}

/**
 * The box named `name` around the children's art (Texture's ASAsciiArtBoxCreator): no
 * children -> the bare name.
 */
export function asciiBox(name, childArts, direction = 'horizontal') {
  if (!childArts.length) return name;
  return direction === 'vertical' ? verticalBox(name, childArts) : horizontalBox(name, childArts);
}

/** For a node laid out by a spec (its first child), that spec's art: Layout.getAsciiArt's `layoutText`. */
export function layoutAsciiArt(element) {
  if (element.kind === 'spec') return undefined; // kind defaults to "node" (snapshot-format.md)
  const first = element.children && element.children[0];
  return first && first.kind === 'spec' ? asciiArt(first) : undefined;
}

function spaces(n) { return n > 0 ? ' '.repeat(n) : ''; }
function dashes(n) { return n > 0 ? '-'.repeat(n) : ''; }

function horizontalBox(name, childArts) {
  const children = childArts.map((art) => art.split('\n'));
  const lineCount = Math.max(...children.map((lines) => lines.length));
  const padded = children.map((lines) => {
    const missing = lineCount - lines.length;
    const blank = spaces(lines[0].length);
    const top = Math.ceil(missing / 2);
    return [...Array(top).fill(blank), ...lines, ...Array(missing - top).fill(blank)];
  });
  const pad = spaces(PADDING);
  let rows = [];
  for (let i = 0; i < lineCount; i++) {
    rows.push('|' + pad + padded.map((lines) => lines[i] + pad).join('') + '|');
  }
  const rowWidth = rows[0].length;
  if (rowWidth < name.length) {
    const d = name.length + 2 * PADDING - rowWidth;
    const left = spaces(Math.ceil(d / 2));
    const right = spaces(Math.floor(d / 2));
    rows = rows.map((row) => '|' + left + row.slice(1, -1) + right + '|');
  }
  return withBorders(name, rows);
}

function verticalBox(name, childArts) {
  const children = childArts.map((art) => art.split('\n'));
  const widest = Math.max(...children.map((lines) => lines[0].length));
  let leftPad = 0;
  let rightPad = 0;
  if (widest < name.length) {
    const d = name.length + 2 * PADDING - widest;
    leftPad = Math.ceil(d / 2);
    rightPad = Math.floor(d / 2);
  }
  const rows = [];
  for (const lines of children) {
    const w = lines[0].length;
    const before = spaces(Math.ceil((widest - w) / 2) + leftPad + PADDING);
    const after = spaces(Math.floor((widest - w) / 2) + rightPad + PADDING);
    for (const line of lines) rows.push('|' + before + line + after + '|');
  }
  return withBorders(name, rows);
}

function withBorders(name, rows) {
  const width = rows[0].length;
  const spare = width - name.length;
  const top = dashes(Math.ceil(spare / 2)) + name + dashes(Math.floor(spare / 2));
  return [top, ...rows, dashes(width)].join('\n');
}
