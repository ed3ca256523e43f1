// Driving the app from the page: pause / step / resume its clock, drag or scroll a container,
// jump to an item, simulate a memory warning or background/foreground. Every reply (or error)
// is logged under the controls, newest first.

import { h } from './dom.js';

export class DrivePanel {
  constructor(state, container, live) {
    this.state = state;
    this.container = container;
    this.live = live;
    this.log = h('ol.muted', { id: 'drive-log', reversed: true, style: 'font-family: var(--mono); padding-left: 20px' });
    this.containerSelect = h('select', { id: 'drive-container', 'aria-label': 'Scroll container' });
    this.build();
    state.on('document', () => this.#fillContainers());
    state.on('update', (changes) => { if (changes.ranges || changes.structure) this.#fillContainers(); });
    state.on('selection', () => this.#fillContainers());
  }

  build() {
    const number = (id, value, label, width = 56) => h('input', { type: 'text', id, value: String(value), 'aria-label': label, style: `width:${width}px` });
    const frames = number('drive-frames', 1, 'frames to step', 44);
    const dx = number('drive-dx', 0, 'drag dx');
    const dy = number('drive-dy', 300, 'drag dy (points the content moves: positive scrolls down)');
    const duration = number('drive-duration', 0.3, 'drag duration in seconds', 44);
    const index = number('drive-index', 10, 'item index');
    const offX = number('drive-offset-x', 0, 'content offset x');
    const offY = number('drive-offset-y', 0, 'content offset y');
    const button = (id, text, fn) => h('button', { type: 'button', id, onclick: () => fn() }, text);
    const target = () => this.containerSelect.value;
    const n = (input) => Number(input.value);
    this.container.replaceChildren(
      h('div.section', {}, h('h3', {}, 'Runtime'),
        h('div.row-actions', {},
          button('drive-pause', 'Pause', () => this.#run('Runtime.pause', {})),
          button('drive-step', 'Step', () => this.#run('Runtime.step', { frames: Math.max(1, Math.floor(n(frames))) })), frames, 'frames',
          button('drive-resume', 'Resume', () => this.#run('Runtime.resume', {})))),
      h('div.section', {}, h('h3', {}, 'Scroll'),
        h('div.row-actions', {}, 'container', this.containerSelect),
        h('div.row-actions', {}, button('drive-drag', 'Drag', () => this.#run('Scroll.drag', { id: target(), dx: n(dx), dy: n(dy), duration: n(duration) })),
          'dx', dx, 'dy', dy, 'over', duration, 's'),
        h('div.row-actions', {}, button('drive-to-item', 'Scroll to item', () => this.#run('Scroll.toItem', { id: target(), index: Math.floor(n(index)) })), index),
        h('div.row-actions', {}, button('drive-offset', 'Set offset', () => this.#run('Scroll.setContentOffset', { id: target(), x: n(offX), y: n(offY), animated: false })), 'x', offX, 'y', offY)),
      h('div.section', {}, h('h3', {}, 'Application'),
        h('div.row-actions', {},
          button('drive-memory', 'Memory warning', () => this.#run('Runtime.simulateMemoryWarning', {})),
          button('drive-background', 'Background', () => this.#run('Runtime.setApplicationState', { state: 'background' })),
          button('drive-foreground', 'Foreground', () => this.#run('Runtime.setApplicationState', { state: 'active' })))),
      h('div.section', {}, h('h3', {}, 'Replies'), this.log),
    );
    this.#fillContainers();
  }

  #fillContainers() {
    const model = this.state.model;
    const options = [];
    const seen = new Set();
    if (model) {
      for (const c of model.controllers.values()) {
        if (seen.has(c.owner)) continue;
        seen.add(c.owner);
        const el = model.get(c.owner);
        options.push([c.owner, `${el ? el.className : 'container'} ${c.owner} (${c.dataSource || c.id})`]);
      }
      const selected = this.state.selectedId && model.get(this.state.selectedId);
      if (selected && selected.kind !== 'spec' && !seen.has(selected.id)) options.push([selected.id, `selected: ${selected.className} ${selected.id}`]);
    }
    const previous = this.containerSelect.value;
    this.containerSelect.replaceChildren(...options.map(([value, label]) => h('option', { value, selected: value === previous }, label)));
    if (!options.length) this.containerSelect.append(h('option', { value: '' }, 'no scroll container'));
  }

  async #run(method, params) {
    const entry = h('li', {}, `${method} ${JSON.stringify(params)} …`);
    this.log.prepend(entry);
    while (this.log.children.length > 50) this.log.lastChild.remove();
    try {
      const result = await this.live.call(method, params);
      entry.textContent = `${method} → ${JSON.stringify(result)}`;
      entry.dataset.ok = 'true';
    } catch (error) {
      entry.textContent = `${method} failed: ${error.message}`;
      entry.className = 'error-text';
    }
  }
}
