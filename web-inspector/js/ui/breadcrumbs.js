// The breadcrumb bar under the panes: the selection's ancestors from its root down, each a
// button that selects it, and Copy path, which copies the structural path (`weft ascii
// --element` and deep links take it). A selection that went away shows its last path, marked.

import { h, copyText } from './dom.js';
import { ancestry } from '../element-path.js';

export class Breadcrumbs {
  constructor(state, container) {
    this.state = state;
    this.container = container;
    this.list = h('ol.crumbs');
    this.copy = h('button', { type: 'button', id: 'copy-path', title: 'Copy the structural path (weft ascii --element takes it)', onclick: () => this.#copy() }, 'Copy path');
    container.replaceChildren(this.list, this.copy);
    state.on('selection', () => this.render());
    state.on('document', () => this.render());
    state.on('update', (changes) => { if (changes.structure) this.render(); });
    this.render();
  }

  render() {
    const { model, selectedId, lostSelection } = this.state;
    const crumbs = selectedId ? ancestry(model, selectedId) : [];
    const items = crumbs.map(({ id, name }, i) => h('li', {},
      h('button.crumb', { type: 'button', dataset: { id }, 'aria-current': i === crumbs.length - 1 ? 'location' : false,
        title: id, onclick: () => this.state.select(id, { origin: 'breadcrumbs' }) }, name)));
    if (!crumbs.length && lostSelection) items.push(h('li.lost', {}, `${lostSelection.path || lostSelection.id} (gone)`));
    if (!items.length) items.push(h('li.muted', {}, 'No selection'));
    this.list.replaceChildren(...items);
    this.copy.disabled = !this.#path();
    this.container.scrollLeft = this.container.scrollWidth; // the selection's end in sight
  }

  #path() { return this.state.selectedPath || this.state.lostSelection?.path || null; }

  async #copy() {
    const ok = await copyText(this.#path());
    this.copy.textContent = ok ? 'Copied' : 'Copy failed';
    setTimeout(() => { this.copy.textContent = 'Copy path'; }, 1200);
  }
}
