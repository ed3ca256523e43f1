// Semantic diff of two snapshots (the live document or files), by the rules of `weft diff`.
// The "after" side is shown in the tree and on the screen with its changed elements
// highlighted (or the "before" side, on request); the list shows before/after side by side and
// selects the element on click. The options are `weft diff`'s: a tolerance, the fields and kinds
// to ignore (a comma list checked against the same names, prefilled with the default list) and
// interface state. An error (a bad tolerance, an unknown ignore name) replaces the result and
// marks its field.

import { h, setChildren } from './dom.js';
import {
  semanticDiff, describeChange, valueText, rectText, CHANGE_KINDS, DEFAULT_IGNORE, parseIgnoreList, UnknownIgnoreNameError,
} from '../semantic-diff.js';
import { ignoreErrorView } from './ignore-error.js';
import { tooDeepNotice } from '../json-values.js';
import { roundedNumbers } from '../layout-vocabulary.js';

const LIVE = '\u0000live';

export class DiffPanel {
  /**
   * @param {object} documents {list(): [name], get(name): snapshot, liveModel(): TreeModel|null,
   *   liveLabel(): string, show(name|LIVE)}: the page's snapshot files and the live document
   */
  constructor(state, container, documents) {
    this.state = state;
    this.container = container;
    this.documents = documents;
    this.result = null;
    this.showing = 'after';
    this.timer = 0;
    this.beforeSelect = h('select', { id: 'diff-before', 'aria-label': 'Before' });
    this.afterSelect = h('select', { id: 'diff-after', 'aria-label': 'After' });
    this.tolerance = h('input', { type: 'text', id: 'diff-tolerance', value: '0', 'aria-label': 'Tolerance in points', style: 'width:48px' });
    this.ignore = h('input', {
      type: 'text', id: 'diff-ignore', value: DEFAULT_IGNORE.join(', '), spellcheck: 'false', placeholder: 'nothing',
      'aria-label': 'Fields and kinds to ignore, comma separated', style: 'flex:1; min-width:0',
      title: 'Fields and kinds to leave out, as weft diff --ignore: frame, style.flexGrow, text, moved…',
      onkeydown: (event) => { if (event.key === 'Enter') this.run(); },
    });
    this.interfaceState = h('input', { type: 'checkbox', id: 'diff-interface-state' });
    this.output = h('div', { id: 'diff-output' });
    this.build();
  }

  static get LIVE() { return LIVE; }

  build() {
    const fileInput = h('input', { type: 'file', id: 'diff-files', accept: '.json,application/json', multiple: true, hidden: true, 'aria-label': 'Snapshot files to compare' });
    fileInput.addEventListener('change', async () => {
      const names = await this.documents.openFiles(fileInput.files);
      fileInput.value = '';
      this.refreshChoices();
      if (names.length >= 2) { this.beforeSelect.value = names[0]; this.afterSelect.value = names[1]; }
      // One file: what changed since it was taken, the file before and the live app after.
      else if (names.length === 1 && this.documents.liveModel()) { this.beforeSelect.value = names[0]; this.afterSelect.value = LIVE; }
      else if (names.length === 1) this.afterSelect.value = names[0];
    });
    this.container.replaceChildren(
      h('div.section', {}, h('h3', {}, 'Compare'),
        h('div.row-actions', {}, h('button', { type: 'button', id: 'diff-open-button', onclick: () => fileInput.click() }, 'Open files…'), fileInput, h('span.muted', {}, 'two snapshot files, or one to compare with the live app')),
        h('div.row-actions', {}, 'before', this.beforeSelect),
        h('div.row-actions', {}, 'after', this.afterSelect),
        h('div.row-actions', {}, h('label', { for: 'diff-ignore' }, 'ignore'), this.ignore),
        h('div.row-actions', {}, 'tolerance', this.tolerance, 'pt', h('label', {}, this.interfaceState, ' interface state'),
          h('button', { type: 'button', id: 'diff-run', onclick: () => this.run() }, 'Compare'),
          h('button', { type: 'button', id: 'diff-clear', onclick: () => this.clear() }, 'Clear'))),
      this.output);
    this.refreshChoices();
  }

  /** Re-lists the documents that can be compared. */
  refreshChoices() {
    const options = [];
    if (this.documents.liveModel()) options.push([LIVE, this.documents.liveLabel()]);
    for (const name of this.documents.list()) options.push([name, name]);
    for (const select of [this.beforeSelect, this.afterSelect]) {
      const previous = select.value;
      select.replaceChildren(...options.map(([value, label]) => h('option', { value }, label)));
      if (options.some(([value]) => value === previous)) select.value = previous;
    }
    if (!this.beforeSelect.value && options.length) this.beforeSelect.value = options[0][0];
    if (options.length > 1 && this.afterSelect.value === this.beforeSelect.value) this.afterSelect.value = options[1][0];
  }

  #snapshot(choice) {
    if (choice === LIVE) { const model = this.documents.liveModel(); return model ? model.toSnapshot() : null; }
    return this.documents.get(choice);
  }

  run() {
    this.clear(); // an error must leave neither the previous result nor its highlights
    const before = this.#snapshot(this.beforeSelect.value);
    const after = this.#snapshot(this.afterSelect.value);
    if (!before || !after) { this.#fail('Choose two documents (open snapshot files first).'); return; }
    const tolerance = Number(this.tolerance.value);
    if (!Number.isFinite(tolerance) || tolerance < 0) {
      this.#fail('Tolerance is a number of points ≥ 0.', this.tolerance);
      return;
    }
    let ignore;
    try {
      ignore = parseIgnoreList(this.ignore.value);
    } catch (error) {
      if (!(error instanceof UnknownIgnoreNameError)) throw error;
      this.#fail(ignoreErrorView(error), this.ignore);
      return;
    }
    const options = { tolerance, ignore, interfaceState: this.interfaceState.checked };
    const changes = semanticDiff(before, after, options);
    this.result = { changes, before: this.beforeSelect.value, after: this.afterSelect.value, options };
    this.showing = 'after';
    this.documents.show(this.result.after);
    this.#highlight();
    this.#renderResult();
  }

  clear() {
    this.result = null;
    this.state.setDiff(null);
    this.output.replaceChildren();
    for (const field of [this.tolerance, this.ignore]) field.removeAttribute('aria-invalid');
  }

  /** An error (text, or a view of it) in place of the result, its field (if any) marked invalid. */
  #fail(message, field = null) {
    this.output.replaceChildren(h('div.error-text', { id: 'diff-error', role: 'alert' }, message));
    if (field) field.setAttribute('aria-invalid', 'true');
  }

  #highlight() {
    if (!this.result) return;
    const key = this.showing === 'after' ? 'idAfter' : 'idBefore';
    const changedIds = new Set();
    const model = this.state.model;
    for (const change of this.result.changes) if (change[key] && model && model.get(change[key])) changedIds.add(change[key]);
    this.state.setDiff({ changes: this.result.changes, changedIds });
  }

  #renderResult() {
    const { changes } = this.result;
    const counts = new Map();
    for (const c of changes) counts.set(c.kind, (counts.get(c.kind) || 0) + 1);
    const summary = changes.length
      ? CHANGE_KINDS.filter((kind) => counts.has(kind)).map((kind) => `${counts.get(kind)} ${kind}`).join(', ')
      : 'No differences.';
    const toggle = h('button', { type: 'button', id: 'diff-show-side', onclick: () => {
      this.showing = this.showing === 'after' ? 'before' : 'after';
      this.documents.show(this.showing === 'after' ? this.result.after : this.result.before);
      this.#highlight();
      this.#renderResult();
    } }, this.showing === 'after' ? 'Show before' : 'Show after');
    const rows = changes.slice(0, 2000).map((change) => {
      const id = this.showing === 'after' ? change.idAfter : change.idBefore;
      const parts = change.path ? change.path.split(' > ') : [];
      return h('tr.diff-row', { dataset: { kind: change.kind, id: id || '' }, title: describeChange(change), onclick: () => { if (id) this.state.select(id, { origin: 'diff' }); } },
        h('td', { class: `kind-${change.kind}` }, change.kind),
        h('td', {}, parts.slice(-2).join(' > ') || '(document)', change.field ? h('span.muted', {}, ` ${change.field}`) : ''),
        h('td.before', {}, sideText(change, 'before')),
        h('td.after', {}, sideText(change, 'after')));
    });
    setChildren(this.output,
      h('div.row-actions', {}, h('b', { id: 'diff-summary' }, summary), changes.length ? toggle : null, h('span.muted', {}, `showing ${this.showing}`)),
      changes.length ? h('table.grid', { id: 'diff-table' },
        h('thead', {}, h('tr', {}, h('th', {}, 'change'), h('th', {}, 'element'), h('th', {}, 'before'), h('th', {}, 'after'))),
        h('tbody', {}, rows)) : null,
      changes.length > 2000 ? h('div.muted', {}, `…and ${changes.length - 2000} more`) : null);
  }

  /**
   * The live document changed (an update, or a new document). A result with the live app on
   * either side is computed again, at most every 250 ms. The page calls this for every change
   * of the live document, whichever document the views show: a diff that shows its file side
   * (the file as "after", or "Show before") must still follow the app, and the views' own
   * update events only come while they show the live document.
   */
  liveChanged() {
    if (!this.result || (this.result.before !== LIVE && this.result.after !== LIVE) || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = 0;
      if (!this.result) return;
      const before = this.#snapshot(this.result.before);
      const after = this.#snapshot(this.result.after);
      if (!before || !after) return;
      this.result.changes = semanticDiff(before, after, this.result.options);
      this.#highlight();
      this.#renderResult();
    }, 250);
  }
}

/** One side of a change for the table: frames as `x,y w×h`, absent as —. */
function sideText(change, side) {
  const value = change[side];
  if (value === undefined) return '—';
  if (change.kind === 'added' || change.kind === 'removed') return `at ${rectText(roundedNumbers(value)).replace('x', '×')}`;
  // The row's title keeps the CLI's line, the whole value; the cell, a value too deep to read as the notice.
  // Numbers rounded to 3 decimals (the title has them whole): a raw float wraps over lines.
  return tooDeepNotice(value) ?? valueText(roundedNumbers(value), change.field).replace(/^(-?[\d.]+,-?[\d.]+ -?[\d.]+)x/, '$1×');
}
