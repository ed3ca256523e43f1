// The context menu of an element, on tree rows and on the screen (right click, or Shift+F10 /
// the context-menu key on the tree's selection): select its parent, scroll to it, copy its path,
// frame, style (layout-json's style object) or ASCII art, revert its live edits. An ARIA menu:
// arrows move, Enter acts, Escape closes and gives focus back.

import { h, copyText, rectText } from './dom.js';
import { elementPath } from '../element-path.js';
import { asciiArt, layoutAsciiArt } from '../ascii-art.js';
import { stringifyJSON } from '../json-values.js';

export class ContextMenu {
  /** @param {object} page {state, properties: its revert(id) and hasEdits(id)} */
  constructor({ state, properties }) {
    this.state = state;
    this.properties = properties;
    this.menu = h('div.context-menu', { role: 'menu', id: 'context-menu', hidden: true, tabindex: '-1' });
    // Inside the page's main landmark (it is fixed-positioned: where it sits in the DOM does not move it).
    (document.querySelector('main') || document.body).append(this.menu);
    this.menu.addEventListener('keydown', (e) => this.#key(e));
    document.addEventListener('pointerdown', (e) => { if (!this.menu.contains(e.target)) this.close(); });
  }

  /** Opens the menu of element `id` at client point (x, y); `returnFocus` gets focus back on close. */
  open(id, x, y, returnFocus) {
    const { model } = this.state;
    const el = model?.get(id);
    if (!el) return;
    this.returnFocus = returnFocus;
    const parent = model.parentOf(id);
    const copy = (label, text) => [label, () => copyText(text())];
    const items = [
      ['Select parent', parent ? () => this.state.select(parent.id, { origin: 'menu' }) : null],
      // Selecting scrolls the tree to its row and pans the screen to it when it is out of view.
      ['Scroll to it', () => this.state.select(id, { origin: 'menu' })],
      copy('Copy path', () => elementPath(model, id)),
      copy('Copy frame', () => rectText(el.frame)),
      copy('Copy style (layout-json)', () => stringifyJSON(el.style || {})),
      copy('Copy ASCII art', () => (el.kind === 'spec' ? layoutAsciiArt(el) : asciiArt(el))),
      ['Revert edits of this element', this.properties.hasEdits(id) ? () => this.properties.revert(id) : null],
    ];
    this.menu.replaceChildren(...items.map(([label, act]) => h('button.menu-item', { type: 'button', role: 'menuitem', tabindex: '-1', disabled: !act,
      onclick: async () => { this.close(); await act(); } }, label)));
    this.menu.hidden = false;
    const { innerWidth, innerHeight } = window;
    const box = this.menu.getBoundingClientRect();
    this.menu.style.left = `${Math.min(x, innerWidth - box.width - 4)}px`;
    this.menu.style.top = `${Math.min(y, innerHeight - box.height - 4)}px`;
    this.#items()[0]?.focus();
  }

  close() {
    if (this.menu.hidden) return;
    this.menu.hidden = true;
    this.returnFocus?.focus();
  }

  #items() { return [...this.menu.querySelectorAll('.menu-item:not(:disabled)')]; }

  #key(e) {
    const items = this.#items();
    const index = items.indexOf(document.activeElement);
    if (e.key === 'Escape') { e.preventDefault(); this.close(); return; }
    const moves = { ArrowDown: 1, ArrowUp: -1 };
    if (e.key in moves) { e.preventDefault(); items[(index + moves[e.key] + items.length) % items.length]?.focus(); }
    if (e.key === 'Home') { e.preventDefault(); items[0]?.focus(); }
    if (e.key === 'End') { e.preventDefault(); items[items.length - 1]?.focus(); }
  }
}
