// ASCII art of the selected element exactly as Texture prints it: from the device
// (Layout.getAsciiArt) when live, else computed from the snapshot by the same algorithm. Art
// too large to draw (specs nested thousands deep) is said so, with its size, in its place; art the
// program leaves out as too long for its loop (textOmitted) is the page's own, with the program's note.

import { h, copyText } from './dom.js';
import { asciiArt, layoutAsciiArt, AsciiArtTooLargeError } from '../ascii-art.js';
import { elementName } from '../tree-model.js';
import { displayText } from '../json-values.js';

export class AsciiPanel {
  constructor(state, container, live) {
    this.state = state;
    this.container = container;
    this.live = live;
    this.request = 0;
    this.dirty = false;
    state.on('selection', () => this.invalidate());
    state.on('document', () => this.invalidate());
    // The art depends on the element's subtree: redraw on structural changes or its own change.
    state.on('update', (changes) => { if (changes.structure || changes.changed.has(this.state.selectedId)) this.invalidate(); });
    state.on('tab', (name) => { if (name === 'ascii' && this.dirty) this.render(); });
    this.render();
  }

  /** Renders now when the panel is shown, else when its tab is selected (no requests while hidden). */
  invalidate() {
    if (this.container.hidden) { this.dirty = true; return; }
    this.render();
  }

  async render() {
    this.dirty = false;
    const { model, selectedId } = this.state;
    const el = model && selectedId ? model.get(selectedId) : null;
    if (!el) { this.container.replaceChildren(h('div.empty', {}, 'Select an element to see its ASCII art.')); return; }
    let art = { text: computed(() => asciiArt(el)), layoutText: computed(() => layoutAsciiArt(el)), origin: 'computed from the snapshot' };
    this.#show(el, art);
    if (!this.live.canEdit()) return;
    const ticket = ++this.request;
    try {
      const result = await this.live.call('Layout.getAsciiArt', { id: el.id });
      if (ticket !== this.request) return;
      const part = (key, computedArt) => {
        if (typeof result[key] === 'string') return { art: result[key] };
        // Too long for the program to draw on its loop: the page's own drawing, said so.
        const omitted = result[`${key}Omitted`];
        if (typeof omitted === 'string') return { art: computedArt ?? { tooLarge: 'No art from the snapshot' }, note: `Computed from the snapshot: the program did not draw it (${displayText(omitted)})` };
        return null;
      };
      const text = part('text', art.text);
      if (!text) return; // not an answer this page reads: keep the computed art
      const layoutText = part('layoutText', art.layoutText);
      art = { text: text.art, textNote: text.note, layoutText: layoutText?.art, layoutTextNote: layoutText?.note, origin: 'from the device (Layout.getAsciiArt)' };
      this.#show(el, art);
    } catch {
      // keep the computed art; the device may not know a spec id that just changed shape
    }
  }

  #show(el, art) {
    const block = (title, text, note) => (text.tooLarge
      ? h('div.section', {}, h('h3', {}, title), note ? h('div.muted.art-note', {}, note) : null, h('div.error-text', { 'aria-label': title }, text.tooLarge))
      : h('div.section', {},
        h('h3', {}, title, h('button.revert', { type: 'button', onclick: async (e) => {
          const ok = await copyText(text);
          e.target.textContent = ok ? 'Copied' : 'Copy failed';
          setTimeout(() => { e.target.textContent = 'Copy'; }, 1200);
        } }, 'Copy')),
        note ? h('div.muted.art-note', {}, note) : null,
        h('pre.ascii', { 'aria-label': title, tabindex: '0' }, text)));
    const parts = [
      h('div.muted', {}, `${elementName(el)}: ${art.origin}`),
      block('ASCII art', art.text, art.textNote),
    ];
    if (art.layoutText) parts.push(block('Layout spec ASCII art', art.layoutText, art.layoutTextNote));
    this.container.replaceChildren(...parts);
  }
}

/** The art `draw` returns, or {tooLarge: why} when it is too large to draw. */
function computed(draw) {
  try {
    return draw();
  } catch (error) {
    if (!(error instanceof AsciiArtTooLargeError)) throw error;
    return { tooLarge: error.message };
  }
}
