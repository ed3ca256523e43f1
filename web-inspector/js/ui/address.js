// Keeps the page's address in step with what it shows (deep-link.js): the device bound, the
// selection's structural path, the tab and the zoom, written with history.replaceState (no
// history entries), and on load opens what the address names: binds the first listed device
// that matches, selects the element at the path once its document is in, shows the tab, and
// zooms once the screen is fitted.

import { parseDeepLink, formatDeepLink, identityMatches } from '../deep-link.js';
import { findByPath } from '../element-path.js';

export class AddressSync {
  /**
   * @param {object} page {state, tabs, screenView, bind(identity), identity(): the bound one}
   */
  constructor({ state, tabs, screenView, bind, identity }) {
    this.state = state;
    this.tabs = tabs;
    this.screenView = screenView;
    this.bind = bind;
    this.identity = identity;
    this.link = parseDeepLink(location.hash);
    this.pending = { device: this.link.device, element: this.link.element, zoom: this.link.zoom };
    this.writeFrame = 0;
    if (this.link.tab) tabs.select(this.link.tab);
    // A link pasted over this page's address changes only the hash: open it as a new page.
    // (replaceState, which write() uses, fires no hashchange.)
    window.addEventListener('hashchange', () => location.reload());
    state.on('document', () => this.#openElement());
    state.on('selection', () => this.schedule());
    state.on('tab', () => this.schedule());
    state.on('view', () => { if (!this.pending.zoom) this.schedule(); });
  }

  /** The device the address names, when nothing says otherwise (the remembered one is second). */
  get linkedDevice() { return this.pending.device; }

  /** The gateway's list changed: binds the first device matching the address, once. */
  devices(list) {
    if (!this.pending.device) return;
    const match = list.find((d) => identityMatches(this.pending.device, d.identity));
    if (!match) return;
    this.pending.device = null;
    this.bind(match.identity);
  }

  #openElement() {
    const { model } = this.state;
    if (!model) return;
    if (this.pending.element && !this.pending.device) {
      const id = findByPath(model, this.pending.element);
      if (id) { this.pending.element = null; this.state.select(id, { origin: 'address' }); }
    }
    if (this.pending.zoom && this.screenView.fitted) {
      const zoom = this.pending.zoom;
      this.pending.zoom = null;
      this.screenView.zoomTo(zoom);
    }
  }

  schedule() {
    if (this.writeFrame) return;
    this.writeFrame = requestAnimationFrame(() => { this.writeFrame = 0; this.write(); });
  }

  /** Writes the address of what the page shows now (the link's own parts still to open stay). */
  write() {
    const identity = this.identity() || this.pending.device;
    const hash = formatDeepLink({
      token: this.link.token,
      device: identity,
      element: this.state.selectedPath || this.state.lostSelection?.path || this.pending.element,
      tab: this.tabs.current,
      zoom: this.state.model ? this.screenView.view.zoom : this.pending.zoom,
    });
    if (hash !== location.hash) history.replaceState(null, '', hash || location.pathname + location.search);
  }
}
