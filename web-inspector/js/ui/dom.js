// Small DOM helpers shared by the panels: element creation and definition lists. Values from
// documents and devices are printed with displayText: String() of a list nested thousands deep
// (a file may hold one anywhere) overflows the stack.

import { displayText } from '../json-values.js';

/**
 * h('div.class', {attrs}, ...children): creates an element; strings and other values become text
 * (displayText). Lists among the children are flattened one level: pass a document's value
 * through displayText first.
 */
export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split('.');
  const el = document.createElement(name);
  if (classes.length) el.className = classes.join(' ');
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key in el && typeof value !== 'string') el[key] = value;
    else el.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : displayText(child));
  }
  return el;
}

/** Replaces an element's children, skipping null/false entries. */
export function setChildren(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

/** A titled section with a definition list of [label, value] pairs (values may be nodes). */
export function section(title, pairs, ...extra) {
  const list = h('dl.props');
  for (const [label, value] of pairs) {
    if (value === undefined) continue;
    list.append(h('dt', {}, label), h('dd', {}, value));
  }
  return h('div.section', {}, h('h3', {}, title), list, ...extra);
}

/** Numbers shown short: at most 3 decimals. */
export function num(v) {
  if (v === 'inf' || v === Infinity) return '∞';
  if (typeof v !== 'number') return displayText(v);
  return String(Math.round(v * 1000) / 1000);
}

export function rectText(r) { return r ? `${num(r[0])}, ${num(r[1])}  ${num(r[2])} × ${num(r[3])}` : '—'; }
export function sizeText(s) { return s ? `${num(s[0])} × ${num(s[1])}` : '—'; }

/** Copies text to the clipboard, falling back to a hidden textarea when the API is missing. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h('textarea', { style: 'position:fixed;left:-9999px' });
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}
