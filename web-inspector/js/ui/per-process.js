// What the page keeps per live process: edits and their errors, tuning errors, the Drive
// panel's replies. Each lives in (or came from) one run of one program, so the page keeps it
// under that process's key (identity and pid, `live.appKey()`): another device, the same app
// restarted, or a file shows none of it.

export class PerProcess {
  /** @param {() => object} create makes a process's record the first time it is asked for */
  constructor(create) {
    this.create = create;
    this.records = new Map(); // appKey -> record
  }

  /** The record of the process `key`; for null (no live process) a new one, kept nowhere. */
  of(key) {
    if (!key) return this.create();
    if (!this.records.has(key)) this.records.set(key, this.create());
    return this.records.get(key);
  }
}

/** The key of the process whose document the views show: null for a file (or nothing). */
export function shownProcessKey(state, live) {
  return state.source?.kind === 'live' ? live.appKey() : null;
}
