// The element tree: an ARIA tree whose DOM holds only the rows in view (plus overscan), reused
// from a pool as the list scrolls, so 100 000 elements scroll as smoothly as 100. Keyboard:
// arrows move and expand/collapse, Enter toggles, Home/End, `/` jumps to the search box.
// A row is indented by its depth (INDENT a level): the tree scrolls sideways, as well as up and
// down, to show the selected row's label.

import { scrollToShow } from '../tree-rows.js';
import { displayText } from '../json-values.js';

const ROW_HEIGHT = 20;
const ROW_PADDING = 4; // px before a root row's twisty
const INDENT = 14; // px per level
const OVERSCAN = 12;

export class TreeView {
  constructor(state, { container, spacer, empty, search, searchCount, expandAll, collapseAll }) {
    this.state = state;
    this.container = container;
    this.spacer = spacer;
    this.empty = empty;
    this.search = search;
    this.searchCount = searchCount;
    this.pool = [];
    this.matches = [];
    this.matchSet = new Set();
    this.matchIndex = -1;
    this.frame = 0;

    container.addEventListener('scroll', () => this.schedule());
    new ResizeObserver(() => this.schedule()).observe(container);
    container.addEventListener('click', (e) => this.#click(e));
    container.addEventListener('mousemove', (e) => {
      const row = e.target.closest('.tree-row');
      state.hover(row ? row.dataset.id : null, 'tree');
    });
    container.addEventListener('mouseleave', () => state.hover(null, 'tree'));
    container.addEventListener('keydown', (e) => this.#key(e));
    search.addEventListener('input', () => this.#runSearch());
    search.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') { e.preventDefault(); this.#nextMatch(e.shiftKey ? -1 : 1); }
      if (e.key === 'Escape') { search.value = ''; this.#runSearch(); container.focus(); }
    });
    expandAll.addEventListener('click', () => this.#expandAll(true));
    collapseAll.addEventListener('click', () => this.#expandAll(false));
    document.addEventListener('keydown', (e) => {
      const typing = e.target.closest && e.target.closest('input, textarea, select, [contenteditable]');
      if (e.key === '/' && !typing) { e.preventDefault(); search.focus(); search.select(); }
    });

    state.on('document', () => { this.#runSearch(false); this.render(); });
    state.on('edits', () => this.render()); // the program's edited elements are marked
    state.on('update', (changes) => {
      // Elements come and go, and a set op may change a class name, debugName or text.
      if (changes.structure || (this.search.value.trim() && changes.changed.size)) this.#runSearch(false);
      this.schedule();
    });
    state.on('selection', () => {
      this.scrollToSelection();
      this.render();
      this.#scrollToSelectedLabel();
      // A deep row just rendered may have widened the list: its horizontal scrollbar takes from
      // the height the row was scrolled into.
      this.scrollToSelection();
    });
    state.on('hover', () => this.#paintHover());
    state.on('diff', () => this.render());
  }

  /** Live DOM rows (the benchmark reports it: bounded whatever the tree size). */
  get liveRowCount() { return this.container.querySelectorAll('.tree-row').length; }

  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.render(); });
  }

  render() {
    const { rows, model } = this.state;
    this.empty.hidden = !!model;
    // A tree needs tree items: while there is no document the list is plain text.
    if (model) this.container.setAttribute('role', 'tree'); else this.container.removeAttribute('role');
    this.#sizeSpacer();
    if (!rows) { for (const el of this.pool) el.hidden = true; return; }
    const { start, end } = rows.window(this.container.scrollTop, this.container.clientHeight || 600, ROW_HEIGHT, OVERSCAN);
    const needed = end - start;
    while (this.pool.length < needed) this.pool.push(this.#makeRow());
    const changed = this.state.diff ? this.state.diff.changedIds : null;
    for (let i = 0; i < this.pool.length; i++) {
      const row = this.pool[i];
      if (i >= needed) { if (!row.hidden) { row.hidden = true; row.removeAttribute('id'); } continue; }
      const index = start + i;
      this.#fill(row, rows.ids[index], rows.depths[index], index, changed);
    }
  }

  /** Gives the list the height of all its rows, so it scrolls as far as the last one. */
  #sizeSpacer() {
    const { rows } = this.state;
    this.spacer.style.height = `${rows ? rows.length * ROW_HEIGHT : 0}px`;
  }

  scrollToSelection() {
    const { rows, selectedId } = this.state;
    if (!rows || !selectedId) return;
    const index = rows.indexOf(selectedId);
    if (index < 0) return;
    // Selecting may have expanded its ancestors: a list still sized for fewer rows would stop
    // the scroll short of the selection's row.
    this.#sizeSpacer();
    const top = index * ROW_HEIGHT;
    const view = this.container;
    if (top < view.scrollTop) view.scrollTop = top;
    else if (top + ROW_HEIGHT > view.scrollTop + view.clientHeight) view.scrollTop = top + ROW_HEIGHT - view.clientHeight;
  }

  /**
   * Scrolls sideways, when it must, to show the selected row's label (its twisty and class
   * name, with the padding a root row has before it, so a root row goes back to where it
   * starts): a deep row's is thousands of pixels to the right. Measured on the row as rendered.
   */
  #scrollToSelectedLabel() {
    const row = this.pool.find((r) => !r.hidden && r.dataset.id === this.state.selectedId);
    if (!row) return;
    const [twisty, label] = row.children;
    const view = this.container;
    const contentLeft = view.getBoundingClientRect().left + view.clientLeft - view.scrollLeft;
    const start = twisty.getBoundingClientRect().left - contentLeft - ROW_PADDING;
    const end = Math.ceil(label.getBoundingClientRect().right - contentLeft);
    view.scrollLeft = scrollToShow(view.scrollLeft, view.clientWidth, start, end);
  }

  #makeRow() {
    const row = document.createElement('div');
    row.className = 'tree-row';
    row.setAttribute('role', 'treeitem');
    row.innerHTML = '<span class="twisty" aria-hidden="true"></span><span class="class"></span><span class="badge" hidden>spec</span>' +
      '<span class="debug"></span><span class="text"></span><span class="id"></span><span class="badge edited-badge" hidden>edited</span>';
    this.container.appendChild(row);
    return row;
  }

  #fill(row, id, depth, index, changed) {
    const el = this.state.model.get(id);
    row.hidden = false;
    row.id = `tree-item-${index}`;
    row.dataset.id = id;
    row.style.top = `${index * ROW_HEIGHT}px`;
    row.style.paddingLeft = `${ROW_PADDING + depth * INDENT}px`;
    row.setAttribute('aria-level', String(depth + 1));
    row.setAttribute('aria-posinset', String(this.state.rows.positions[index]));
    row.setAttribute('aria-setsize', String(this.state.rows.setSizes[index]));
    const isSpec = el.kind === 'spec';
    row.classList.toggle('spec', isSpec);
    row.classList.toggle('match', this.matchSet.has(id));
    row.classList.toggle('changed', !!(changed && changed.has(id)));
    row.classList.toggle('hovered', this.state.hoveredId === id);
    const edited = !!this.state.edited?.has(id);
    row.classList.toggle('edited', edited);
    const parts = row.children;
    parts[6].hidden = !edited;
    if (el.children && el.children.length) row.setAttribute('aria-expanded', String(this.state.rows.isExpanded(id)));
    else row.removeAttribute('aria-expanded');
    row.setAttribute('aria-selected', String(this.state.selectedId === id));
    parts[1].textContent = displayText(el.className || el.type || '?');
    parts[2].hidden = !isSpec;
    parts[3].textContent = el.debugName ? `(${displayText(el.debugName)})` : '';
    const text = el.props && typeof el.props.text === 'string' ? `“${el.props.text}”` : '';
    parts[4].textContent = text;
    parts[5].textContent = id;
    if (this.state.selectedId === id) this.container.setAttribute('aria-activedescendant', row.id);
  }

  #paintHover() {
    const hovered = this.state.hoveredId;
    for (const row of this.pool) if (!row.hidden) row.classList.toggle('hovered', row.dataset.id === hovered);
  }

  #click(e) {
    const row = e.target.closest('.tree-row');
    if (!row) return;
    const id = row.dataset.id;
    if (e.target.classList.contains('twisty')) {
      if (e.altKey) this.state.rows.setSubtreeExpanded(id, !this.state.rows.isExpanded(id));
      else this.state.rows.toggle(id);
      this.render();
      return;
    }
    this.state.select(id, { origin: 'tree' });
    this.container.focus({ preventScroll: true });
  }

  #key(e) {
    const { rows } = this.state;
    if (!rows || !rows.length) return;
    const current = this.state.selectedId && rows.indexOf(this.state.selectedId) >= 0 ? this.state.selectedId : null;
    if (e.key === 'Enter' || e.key === ' ') {
      if (current) { rows.toggle(current); this.render(); }
      e.preventDefault();
      return;
    }
    const keys = ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageDown', 'PageUp'];
    if (!keys.includes(e.key)) return;
    e.preventDefault();
    const page = Math.max(1, Math.floor(this.container.clientHeight / ROW_HEIGHT) - 1);
    const next = current ? rows.move(current, e.key, page) : rows.ids[0];
    this.state.select(next, { origin: 'tree' });
  }

  #expandAll(expanded) {
    const rows = this.state.rows;
    if (!rows) return;
    for (const root of this.state.model.roots) rows.setSubtreeExpanded(root.id, expanded);
    this.render();
  }

  /**
   * Finds the matches of the query. A new query (jump) goes to its first match; the same query
   * run again on a changed document keeps the match it was at, when that still matches, so
   * Enter goes on from there.
   */
  #runSearch(jump = true) {
    const rows = this.state.rows;
    const query = this.search.value;
    const current = jump ? undefined : this.matches[this.matchIndex];
    this.matches = rows && query.trim() ? rows.search(query) : [];
    this.matchSet = new Set(this.matches);
    this.matchIndex = current === undefined ? -1 : this.matches.indexOf(current);
    this.#showCount(query);
    if (jump && this.matches.length) this.#nextMatch(1);
    else this.render();
  }

  #nextMatch(step) {
    if (!this.matches.length) return;
    this.matchIndex = (this.matchIndex + step + this.matches.length) % this.matches.length;
    this.#showCount(this.search.value);
    this.state.select(this.matches[this.matchIndex], { origin: 'search' });
  }

  /** `n found`, or `i / n` while at a match. */
  #showCount(query) {
    const total = this.matches.length >= 1000 ? '1000+' : this.matches.length;
    this.searchCount.textContent = !query.trim() ? '' : this.matchIndex >= 0 ? `${this.matchIndex + 1} / ${total}` : `${total} found`;
  }
}
