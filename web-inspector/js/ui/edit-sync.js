// The page's tabs attached to the same program share its live edits: an edit, undo or revert in
// one tab is sent (BroadcastChannel, same origin) as the process's whole log, which the other
// tabs take as theirs, so each marks the fields and lists the edits the program holds. A tab
// that opens asks the others for what they know.

import { EditLog } from '../edit-log.js';

const CHANNEL = 'weft.edits';

export class EditSync {
  /** @param {PropertiesPanel} properties its `apps` (per-process logs) and render() */
  constructor(properties) {
    this.properties = properties;
    if (typeof BroadcastChannel !== 'function') return; // one tab only: nothing to share
    this.channel = new BroadcastChannel(CHANNEL);
    this.channel.addEventListener('message', (e) => this.#receive(e.data));
    properties.onLogChanged = (key) => this.#send(key);
    this.channel.postMessage({ hello: true });
  }

  #send(key) {
    if (!key || !this.channel) return;
    this.channel.postMessage({ key, log: this.properties.apps.of(key).log.toJSON() });
  }

  #receive(message) {
    if (!message || typeof message !== 'object') return;
    if (message.hello) {
      for (const [key, app] of this.properties.apps.records) if (app.log.size || app.log.history.length) this.#send(key);
      return;
    }
    if (typeof message.key !== 'string') return;
    this.properties.apps.of(message.key).log = EditLog.fromJSON(message.log);
    this.properties.render();
  }
}
