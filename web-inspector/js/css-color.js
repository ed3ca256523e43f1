// Snapshot colours as the canvas reads them (the flat screen and the 3D view paint with them).

/**
 * A snapshot colour: a CSS string, or [r, g, b, a] with components 0...1. Anything else (a file
 * may hold any JSON) gives a colour the canvas cannot read, which paints nothing.
 */
export function cssColor(value) {
  if (Array.isArray(value)) {
    const [r, g, b, a = 1] = value.map((component) => (typeof component === 'number' ? component : NaN));
    return `rgba(${Math.round(r * 255)}, ${Math.round(g * 255)}, ${Math.round(b * 255)}, ${a})`;
  }
  return typeof value === 'string' ? value : '';
}
