// Resizable, collapsible side panes that remember their sizes (localStorage): a splitter between
// the tree and the screen, and one between the screen and the side panel. Drag a splitter, or
// focus it and use the arrow keys (Shift: larger steps); Enter or a double click collapses the
// pane beside it and brings it back. The screen takes what is left.

const STORED = 'weft.panes';
const MIN = { tree: 180, side: 260 };
const STEP = 16;

export class Panes {
  /**
   * @param {HTMLElement} layout the grid holding the panes
   * @param {object} splitters {tree, side}: the separator elements
   */
  constructor(layout, splitters) {
    this.layout = layout;
    this.splitters = splitters;
    this.sizes = { tree: null, side: null, treeCollapsed: false, sideCollapsed: false, ...load() };
    for (const [pane, splitter] of Object.entries(splitters)) this.#bind(pane, splitter);
    this.#apply();
  }

  #bind(pane, splitter) {
    splitter.addEventListener('pointerdown', (e) => {
      e.preventDefault();
      splitter.setPointerCapture(e.pointerId);
      const move = (m) => this.resize(pane, this.#widthAt(pane, m.clientX));
      const up = () => { splitter.removeEventListener('pointermove', move); splitter.removeEventListener('pointerup', up); this.#save(); };
      splitter.addEventListener('pointermove', move);
      splitter.addEventListener('pointerup', up);
    });
    splitter.addEventListener('dblclick', () => this.toggle(pane));
    splitter.addEventListener('keydown', (e) => {
      const grow = pane === 'tree' ? 1 : -1; // the side pane is on the right: left arrow widens it
      const step = (e.shiftKey ? 4 : 1) * STEP;
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        this.resize(pane, this.width(pane) + (e.key === 'ArrowRight' ? grow : -grow) * step);
        this.#save();
      } else if (e.key === 'Enter') {
        e.preventDefault();
        this.toggle(pane);
      }
    });
  }

  /** The pane's width now, in CSS px. */
  width(pane) {
    const element = this.layout.querySelector(pane === 'tree' ? '.tree-pane' : '.side-pane');
    return element.getBoundingClientRect().width;
  }

  #widthAt(pane, x) {
    const bounds = this.layout.getBoundingClientRect();
    return pane === 'tree' ? x - bounds.left : bounds.right - x;
  }

  /** Sets a pane's width (kept so the screen keeps at least 200 px), showing it if collapsed. */
  resize(pane, width) {
    const room = this.layout.getBoundingClientRect().width - 200 - (pane === 'tree' ? this.width('side') : this.width('tree'));
    this.sizes[pane] = Math.round(Math.max(MIN[pane], Math.min(width, room)));
    this.sizes[`${pane}Collapsed`] = false;
    this.#apply();
  }

  toggle(pane) {
    this.sizes[`${pane}Collapsed`] = !this.sizes[`${pane}Collapsed`];
    this.#apply();
    this.#save();
  }

  #apply() {
    const column = (pane, fallback) => (this.sizes[`${pane}Collapsed`] ? '0px' : this.sizes[pane] ? `${this.sizes[pane]}px` : fallback);
    this.layout.style.setProperty('--tree-column', column('tree', 'minmax(260px, 28%)'));
    this.layout.style.setProperty('--side-column', column('side', 'minmax(320px, 30%)'));
    for (const [pane, splitter] of Object.entries(this.splitters)) {
      const collapsed = this.sizes[`${pane}Collapsed`];
      this.layout.querySelector(pane === 'tree' ? '.tree-pane' : '.side-pane').hidden = collapsed;
      splitter.setAttribute('aria-expanded', String(!collapsed));
      splitter.setAttribute('aria-valuenow', String(collapsed ? 0 : Math.round(this.width(pane))));
    }
  }

  #save() {
    try { localStorage.setItem(STORED, JSON.stringify(this.sizes)); } catch { /* private mode: sizes last this page */ }
  }
}

function load() {
  try {
    const stored = JSON.parse(localStorage.getItem(STORED) || '{}');
    const size = (v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
    return { tree: size(stored.tree), side: size(stored.side), treeCollapsed: stored.treeCollapsed === true, sideCollapsed: stored.sideCollapsed === true };
  } catch {
    return {};
  }
}
