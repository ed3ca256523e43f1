// The layout-json vocabulary (docs/layout-json.md) the properties panel edits, with strict parsing of
// what the user types (a malformed dimension is an error, not "auto"), and Texture's style
// description (docs/texture-semantics.md section 1) for display. A document may hold any JSON where a
// number or a name belongs: such a value is printed with displayText, never read as a number or
// written with String() (a list nested thousands deep overflows the stack there).

import { displayText } from './json-values.js';

const ALIGN_SELF = ['auto', 'start', 'end', 'center', 'stretch'];

/** Editable style keys and their value kinds. */
export const STYLE_FIELDS = {
  width: 'dimension', height: 'dimension', minWidth: 'dimension', minHeight: 'dimension',
  maxWidth: 'dimension', maxHeight: 'dimension', flexBasis: 'dimension',
  flexGrow: 'number', flexShrink: 'number', ascender: 'number', descender: 'number',
  spacingBefore: 'number', spacingAfter: 'number', alignSelf: ALIGN_SELF, layoutPosition: 'point',
};

/** Editable spec keys per layout-json type. */
export const SPEC_FIELDS = {
  stack: {
    direction: ['horizontal', 'vertical'], spacing: 'number',
    justifyContent: ['start', 'center', 'end', 'spaceBetween', 'spaceAround'],
    alignItems: ['start', 'end', 'center', 'stretch', 'baselineFirst', 'baselineLast'],
    flexWrap: ['noWrap', 'wrap'],
    alignContent: ['start', 'end', 'center', 'spaceBetween', 'spaceAround', 'stretch'],
    lineSpacing: 'number',
  },
  inset: { insets: 'insets' },
  center: { centeringOptions: ['none', 'x', 'y', 'xy'], sizingOptions: ['default', 'minimumX', 'minimumY', 'minimumXY'] },
  ratio: { ratio: 'number' },
  relative: {
    horizontalPosition: ['none', 'start', 'center', 'end'], verticalPosition: ['none', 'start', 'center', 'end'],
    sizingOption: ['default', 'minimumWidth', 'minimumHeight', 'minimumSize'],
  },
  absolute: { sizing: ['default', 'sizeToFit'] },
  corner: { location: ['topLeft', 'topRight', 'bottomLeft', 'bottomRight'], offset: 'point', wrapsCorner: 'boolean' },
};

/** Texture's defaults of the editable keys (docs/texture-semantics.md sections 1, 3, 4), shown as hints. */
export const DEFAULTS = {
  style: { width: 'auto', height: 'auto', minWidth: 'auto', minHeight: 'auto', maxWidth: 'auto', maxHeight: 'auto',
    flexBasis: 'auto', flexGrow: 0, flexShrink: 0, ascender: 0, descender: 0, spacingBefore: 0, spacingAfter: 0,
    alignSelf: 'auto', layoutPosition: '0, 0' },
  stack: { direction: 'horizontal', spacing: 0, justifyContent: 'start', alignItems: 'stretch', flexWrap: 'noWrap',
    alignContent: 'start', lineSpacing: 0 },
  inset: { insets: '0, 0, 0, 0' },
  center: { centeringOptions: 'none', sizingOptions: 'default' },
  relative: { horizontalPosition: 'none', verticalPosition: 'none', sizingOption: 'default' },
  absolute: { sizing: 'default' },
  corner: { offset: '0, 0', wrapsCorner: false },
};

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function parseNumber(text) {
  const t = String(text).trim();
  if (!NUMBER.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

function parseList(text, count, allowInf) {
  const parts = String(text).replace(/^\s*\[|\]\s*$/g, '').split(/[\s,]+/).filter(Boolean);
  if (parts.length !== count) return null;
  const values = parts.map((p) => (allowInf && p.replace(/"/g, '') === 'inf' ? 'inf' : parseNumber(p)));
  return values.includes(null) ? null : values;
}

/**
 * Parses typed text into a layout-json value of the given kind. Returns {value} or {error}.
 * Dimensions: a number (points), "12pt", "50%", or "auto".
 */
export function parseValue(kind, text) {
  const t = String(text).trim();
  if (Array.isArray(kind)) {
    return kind.includes(t) ? { value: t } : { error: `expected one of ${kind.join(', ')}` };
  }
  switch (kind) {
    case 'number': {
      const n = parseNumber(t);
      return n === null ? { error: `expected a number, got "${t}"` } : { value: n };
    }
    case 'dimension': {
      if (t === 'auto') return { value: 'auto' };
      const n = parseNumber(t);
      if (n !== null) return { value: n };
      const m = /^(.+?)(pt|%)$/.exec(t);
      if (m && parseNumber(m[1]) !== null) return { value: `${parseNumber(m[1])}${m[2]}` };
      return { error: `expected a dimension (12, 12pt, 50% or auto), got "${t}"` };
    }
    case 'point': {
      const v = parseList(t, 2, false);
      return v ? { value: v } : { error: `expected two numbers "x, y", got "${t}"` };
    }
    case 'insets': {
      const v = parseList(t, 4, true);
      return v ? { value: v } : { error: `expected four numbers "top, left, bottom, right" (or inf), got "${t}"` };
    }
    case 'boolean':
      if (t === 'true' || t === 'false') return { value: t === 'true' };
      return { error: `expected true or false, got "${t}"` };
    default:
      return { error: `cannot edit values of kind ${kind}` };
  }
}

/** A value shown in an edit field (the inverse of parseValue). */
export function formatValue(value) {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return roundedNumber(value);
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) return value.map(formatValue).join(', ');
  return displayText(value);
}

/**
 * A copy of a value with every number in it rounded as roundedNumber does, for display. The
 * value is one a document's checks let in (json-values.js tooDeepNotice is asked first).
 */
export function roundedNumbers(value) {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 1000) / 1000 : value;
  if (Array.isArray(value)) return value.map(roundedNumbers);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundedNumbers(v)]));
  return value;
}

/** A number as people read it: at most 3 decimals (12.9951171875 reads 12.995). */
export function roundedNumber(v) {
  return Number.isFinite(v) ? String(Math.round(v * 1000) / 1000) : String(v);
}

/** printf's %.0f: rounds half to even, as the C library does for exact halves. */
function fixed0(v) {
  const r = Math.round(v);
  return String(Math.abs(v % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r);
}

/** Texture's description of a Dimension: `10pt`, `50%`, `Auto`. */
export function describeDimension(value) {
  if (value === undefined || value === null || value === 'auto' || value === '') return 'Auto';
  if (typeof value === 'number') return `${fixed0(value)}pt`;
  if (typeof value !== 'string') return 'Auto';
  const m = /^(-?[\d.]+)(pt|%)$/.exec(value);
  if (!m) return 'Auto';
  return m[2] === '%' ? `${fixed0(Number(m[1]))}%` : `${fixed0(Number(m[1]))}pt`;
}

const isAuto = (v) => v === undefined || v === 'auto';

/**
 * Texture's style description: only non-default entries, in Texture's order, joined by "; ".
 * `<ASLayoutElementStyle: minLayoutSize = {414pt, 414pt}; preferredSize = {20%, 50%}>`
 */
export function describeStyle(style = {}) {
  const parts = [];
  const pair = (w, h) => `{${describeDimension(w)}, ${describeDimension(h)}}`;
  if (!isAuto(style.minWidth) || !isAuto(style.minHeight)) parts.push(`minLayoutSize = ${pair(style.minWidth, style.minHeight)}`);
  if (!isAuto(style.width) || !isAuto(style.height)) parts.push(`preferredSize = ${pair(style.width, style.height)}`);
  if (!isAuto(style.maxWidth) || !isAuto(style.maxHeight)) parts.push(`maxLayoutSize = ${pair(style.maxWidth, style.maxHeight)}`);
  if (style.alignSelf && style.alignSelf !== 'auto') parts.push(`alignSelf = ${displayText(style.alignSelf)}`);
  for (const key of ['ascender', 'descender']) if (style[key]) parts.push(`${key} = ${displayText(style[key])}`);
  if (!isAuto(style.flexBasis)) parts.push(`flexBasis = ${describeDimension(style.flexBasis)}`);
  for (const key of ['flexGrow', 'flexShrink', 'spacingAfter', 'spacingBefore']) if (style[key]) parts.push(`${key} = ${displayText(style[key])}`);
  const position = style.layoutPosition;
  if (position && (position[0] || position[1])) parts.push(`layoutPosition = {${displayText(position[0])}, ${displayText(position[1])}}`);
  return parts.length ? `<ASLayoutElementStyle: ${parts.join('; ')}>` : '<ASLayoutElementStyle>';
}

/** Interface-state bit names (measureLayout 1, preload 2, display 4, visible 8). */
export function describeInterfaceState(mask = 0) {
  if (typeof mask !== 'number') return 'none'; // a file's own value: `mask & bit` would read it as a number
  const names = [[1, 'measureLayout'], [2, 'preload'], [4, 'display'], [8, 'visible']]
    .filter(([bit]) => mask & bit).map(([, name]) => name);
  return names.length ? names.join(' | ') : 'none';
}

const SIZE_AXES = { width: 0, minWidth: 0, maxWidth: 0, height: 1, minHeight: 1, maxHeight: 1 };

/**
 * Why a size edit of `key` shows no change on `element`, or null: its parent passes it an exact
 * size on that axis (constrainedSize min = max), and Texture clamps what the element's style
 * asks for into the range its parent passes, so the style's width or height cannot change it.
 */
export function sizeEditHint(element, key) {
  const axis = SIZE_AXES[key];
  const range = element && element.constrainedSize;
  if (axis === undefined || !range || !Array.isArray(range.min) || !Array.isArray(range.max)) return null;
  const min = range.min[axis];
  const max = range.max[axis];
  if (typeof min !== 'number' || min !== max) return null;
  const dimension = axis === 0 ? 'width' : 'height';
  return `No visible effect here: the parent gives this element an exact ${dimension} (min = max = ${roundedNumber(min)} pt), `
    + `and Texture keeps a child inside the range its parent passes, whatever its own ${key}. Edit the parent, or a child of a stack that is not stretched.`;
}
