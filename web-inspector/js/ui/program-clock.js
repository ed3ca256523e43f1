// Whether the program's own clock is paused (Drive's Pause program), per process: the pill says
// so and an edit says it waits for a step. The protocol reports no pause state, so this is the
// pauses this page sent: one from another tab or the CLI is not seen (docs/web-inspector.md).

import { PerProcess } from './per-process.js';

export class ProgramClock {
  constructor(state, live) {
    this.state = state;
    this.live = live;
    this.clocks = new PerProcess(() => ({ paused: false }));
  }

  /** Whether the live process's clock is paused (as far as this page knows). */
  get paused() { return !!this.live.appKey() && this.clocks.of(this.live.appKey()).paused; }

  /** Notes a Runtime request the live process accepted. */
  accepted(method) {
    if (method !== 'Runtime.pause' && method !== 'Runtime.resume') return;
    this.clocks.of(this.live.appKey()).paused = method === 'Runtime.pause';
    this.state.emit('program-clock', this.paused);
  }
}
