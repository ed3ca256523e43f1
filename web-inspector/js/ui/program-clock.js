// Whether the program's own clock is paused (Drive's Pause program, or the program itself), per
// process, as the program reports it (docs/protocol.md: Runtime.getState when a document comes,
// Runtime.stateChanged on every pause, resume and step): every inspector attached to it shows the
// same state, one that attaches while it is paused too. The pill says so and edits say they
// wait for a step. The program's application state (active, background) comes with it: Drive
// says it.

import { PerProcess } from './per-process.js';

export class ProgramClock {
  constructor(state, live) {
    this.state = state;
    this.live = live;
    this.clocks = new PerProcess(() => ({ paused: false, frame: null, applicationState: null }));
  }

  /** Whether the live process's clock is paused. */
  get paused() { return !!this.live.appKey() && this.clocks.of(this.live.appKey()).paused; }
  /** The live process's frame at its last reported pause, resume or step (null before one). */
  get frame() { return this.live.appKey() ? this.clocks.of(this.live.appKey()).frame : null; }

  /** The live process's application state (`active`, `background`...), null until it says. */
  get applicationState() { return this.live.appKey() ? this.clocks.of(this.live.appKey()).applicationState : null; }

  /** The program's run state (Runtime.getState's result, Runtime.stateChanged's params); a state that does not read is refused. */
  take(params) {
    if (!params || typeof params.paused !== 'boolean') throw new Error('the program\'s run state does not read: no "paused" flag');
    const key = this.live.appKey();
    if (!key) return;
    const clock = this.clocks.of(key);
    clock.paused = params.paused;
    clock.frame = Number.isInteger(params.frame) ? params.frame : null;
    // An older program leaves it out: the state is then not known, rather than guessed.
    clock.applicationState = typeof params.applicationState === 'string' ? params.applicationState : null;
    this.state.emit('program-clock', clock.paused);
  }
}
