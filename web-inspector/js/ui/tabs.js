// The side pane's tabs, as the ARIA tabs pattern has them: one tab in the Tab order (roving
// tabindex), arrows move between tabs (wrapping) and show the one they reach, Home and End go to
// the first and last. `tab` is emitted on the state so panels render only when shown.

const MOVES = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export class Tabs {
  constructor(state, list) {
    this.state = state;
    this.tabs = [...list.querySelectorAll('[role="tab"]')];
    this.current = this.tabs.find((t) => t.getAttribute('aria-selected') === 'true')?.dataset.tab ?? this.tabs[0].dataset.tab;
    for (const tab of this.tabs) tab.addEventListener('click', () => this.select(tab.dataset.tab));
    list.addEventListener('keydown', (e) => this.#key(e));
  }

  select(name, { focus = false } = {}) {
    for (const tab of this.tabs) {
      const selected = tab.dataset.tab === name;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      document.getElementById(tab.getAttribute('aria-controls')).hidden = !selected;
      if (selected && focus) tab.focus();
    }
    this.current = name;
    this.state.emit('tab', name);
  }

  #key(e) {
    const index = this.tabs.findIndex((t) => t.dataset.tab === this.current);
    let next = null;
    if (e.key in MOVES) next = (index + MOVES[e.key] + this.tabs.length) % this.tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = this.tabs.length - 1;
    if (next === null) return;
    e.preventDefault();
    this.select(this.tabs[next].dataset.tab, { focus: true });
  }
}
