// What the page keeps per live process: edits and their errors, tuning errors, the Drive
// panel's replies, the tap probe's report, the Playground's result. Each lives in (or came
// from) one run of one program, so the page keeps it under that process's key (identity and
// pid, `live.appKey()`): another device, the same app restarted, or a file shows none of it.

export class PerProcess {
  /** @param {() => object} create makes a process's record the first time it is asked for */
  constructor(create) {
    this.create = create;
    this.records = new Map(); // appKey -> record
    this.onShow = null; // {key, record}: the record shown last
  }

  /** The record of the process `key`; for null (no live process) a new one, kept nowhere. */
  of(key) {
    if (!key) return this.create();
    if (!this.records.has(key)) this.records.set(key, this.create());
    return this.records.get(key);
  }

  /**
   * The record to show for the process `key`: the process's, or for null (no process) the
   * page's own, kept while no process is shown, so what the page says with no process (a
   * request it could not send) stays on show until one is.
   */
  shown(key) {
    if (!this.onShow || this.onShow.key !== key) this.onShow = { key, record: this.of(key) };
    return this.onShow.record;
  }
}

/** The key of the process whose document the views show: null for a file (or nothing). */
export function shownProcessKey(state, live) {
  return state.source?.kind === 'live' ? live.appKey() : null;
}
