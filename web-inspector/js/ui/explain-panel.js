// The Explain tab: why the selected element has its frame (Layout.explain, docs/web-inspector.md
// "Explain"). The chain from the root lists every ancestor with what its parent decided about it,
// the range it was given, its own style and decisions; clicking a step selects that ancestor and
// keeps the chain, and the screen view highlights the numbers of the focused step.

import { h } from './dom.js';
import { elementName } from '../tree-model.js';
import { chainRows, highlights, linkIndex, sentenceParts, verdict, formatNumber } from '../explain-chain.js';

export class ExplainPanel {
  constructor(state, container, live) {
    this.state = state;
    this.container = container;
    this.live = live;
    this.answer = null; // the last answer, for the element `answer.id`
    this.focusId = null; // the chain element in focus (highlighted on screen)
    this.error = null;
    this.request = 0;
    this.dirty = true;
    state.on('selection', ({ id }) => this.#selected(id));
    state.on('document', () => { this.answer = null; this.invalidate(); });
    // A relayout may change any number of the chain: ask again when an element of it changed.
    state.on('update', (changes) => {
      if (!this.answer) return;
      if (changes.structure || this.answer.chain.some((link) => changes.changed.has(link.id))) this.invalidate();
    });
    state.on('tab', (name) => {
      if (name !== 'explain') { this.state.setHighlights([]); return; }
      if (this.dirty) this.render(); else this.#highlight();
    });
    this.render();
  }

  /** Asks again now when the tab is shown, else when it is selected. */
  invalidate() {
    this.dirty = true;
    if (!this.container.hidden) this.render();
  }

  #selected(id) {
    // A step of the chain on show: keep the chain and focus that step.
    if (this.answer && id && (linkIndex(this.answer, id) >= 0 || (this.answer.above || []).some((a) => a.id === id))) {
      this.focusId = id;
      if (!this.container.hidden) { this.#show({ reveal: true }); this.#highlight(); }
      return;
    }
    this.answer = null;
    this.invalidate();
  }

  async render() {
    this.dirty = false;
    const { model, selectedId } = this.state;
    const el = model && selectedId ? model.get(selectedId) : null;
    const targetId = this.answer?.id ?? el?.id;
    if (!targetId) { this.#empty('Select an element to see why it has its frame.'); return; }
    if (!this.live.canEdit()) {
      this.#empty('Explanations come from the live program\'s layout engine (Layout.explain): attach a device to see why an element has its frame.');
      return;
    }
    const ticket = ++this.request;
    if (!this.answer) this.#empty(`Explaining ${el ? elementName(el) : targetId}…`);
    try {
      const answer = await this.live.call('Layout.explain', { id: targetId });
      if (ticket !== this.request) return;
      chainRows(answer); // throws on an answer without a chain
      this.answer = answer;
      this.error = null;
      if (!this.focusId || linkIndex(answer, this.focusId) < 0) this.focusId = answer.id;
    } catch (error) {
      if (ticket !== this.request) return;
      this.answer = null;
      this.error = error.message || String(error);
    }
    this.#show();
    this.#highlight();
  }

  #empty(text) {
    this.state.setHighlights([]);
    this.container.replaceChildren(h('div.empty', {}, text));
  }

  /** Lists the chain; `reveal` scrolls the focused step into view (a step was chosen), else the
   * panel starts at the top, where the verdict is. */
  #show({ reveal = false } = {}) {
    if (!this.answer) {
      this.container.replaceChildren(h('div.error-text', { role: 'alert' }, `Cannot explain this element: ${this.error}`));
      return;
    }
    const answer = this.answer;
    const target = answer.chain[answer.chain.length - 1];
    const focus = linkIndex(answer, this.focusId);
    const found = verdict(answer);
    const focusVerdict = focus >= 0 && focus !== answer.chain.length - 1 ? verdict(answer, focus) : null;
    const notice = (v, name) => v && h('div.explain-verdict', { role: 'note' },
      h('strong', {}, `No visible effect on ${name}. `), sentence(v.sentence),
      v.cause ? h('div', {}, `${v.parent} decided: `, sentence(v.cause)) : null);
    const rows = chainRows(answer).map((row) => this.#linkRow(row, row.id === this.focusId));
    this.container.replaceChildren(
      h('div.muted', {}, `Why ${target.name} is ${formatNumber(target.frame[2])} x ${formatNumber(target.frame[3])}: `
        + 'the chain from the root (Layout.explain). Click a step to select that ancestor.'),
      ...[notice(found, target.name), focusVerdict && notice(focusVerdict, answer.chain[focus].name)].filter(Boolean),
      h('ol.explain-chain', { 'aria-label': 'Layout explanation' }, rows),
    );
    if (reveal) this.container.querySelector('.explain-row[aria-current="step"]')?.scrollIntoView({ block: 'nearest' });
  }

  #stepButton(id, name) {
    const known = !!this.state.model?.get(id);
    return h('button.explain-step', {
      type: 'button', dataset: { id }, disabled: !known, title: known ? 'Select this element' : 'Not an element of the document',
      onclick: () => { this.focusId = id; this.state.select(id, { origin: 'explain' }); },
    }, name);
  }

  #linkRow(row, focused) {
    const [x, y, w, hgt] = row.frame;
    const item = (cls, step) => h(`li.${cls}`, { dataset: { rule: step.rule } }, sentence(step.sentence));
    return h(row.outer ? 'li.explain-row.outer' : 'li.explain-row', { 'aria-current': focused ? 'step' : false },
      this.#stepButton(row.id, row.name),
      h('span.explain-frame', {}, ` ${formatNumber(w)} x ${formatNumber(hgt)} at (${formatNumber(x)}, ${formatNumber(y)})`),
      h('span.muted', {}, ` · ${row.place}`),
      h('ul.explain-steps', {},
        row.sections.parent.map((s) => item('from-parent', s)),
        h('li.given', {}, 'given ', sentence(row.given)),
        row.sections.style.map((s) => item('style', s)),
        row.sections.own.map((s) => item('own', s)),
        row.sections.rounding.map((s) => item('rounding', s))));
  }

  #highlight() {
    if (!this.answer || this.container.hidden) { this.state.setHighlights([]); return; }
    const index = linkIndex(this.answer, this.focusId);
    const rootRect = this.state.boxes?.rect(this.answer.passRoot) ?? null;
    if (index >= 0) { this.state.setHighlights(rootRect ? highlights(this.answer, index, rootRect) : []); return; }
    // A step of an enclosing pass: its box (the numbers are those of another pass).
    const rect = this.state.boxes?.rect(this.focusId);
    const link = (this.answer.above || []).find((l) => l.id === this.focusId);
    this.state.setHighlights(rect && link ? [{ kind: 'element', rect, label: `${formatNumber(link.frame[2])} x ${formatNumber(link.frame[3])}` }] : []);
  }
}

/** A sentence with its numbers in <b class="num">. */
function sentence(text) {
  return h('span.sentence', {}, sentenceParts(text).map((part) => (part.number ? h('b.num', {}, part.text) : part.text)));
}
