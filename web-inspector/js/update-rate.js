// How many Tree.updated the live document received per second, over the last two seconds. The
// status bar shows it: a program keeps its captures within a share of its frame time (its
// capture budget, docs/client.md), so a stream slower than its 30 per second is the program
// protecting itself, which the rate makes visible instead of looking like a stall.

export class UpdateRate {
  /** @param {number} windowMs the span the rate is counted over */
  constructor(windowMs = 2000) {
    this.windowMs = windowMs;
    this.times = [];
  }

  /** An update arrived at `nowMs` (any monotonic milliseconds, as `performance.now()`). */
  note(nowMs) {
    this.times.push(nowMs);
    this.#forgetBefore(nowMs - this.windowMs);
  }

  /** Updates per second over the window that ends at `nowMs`. */
  perSecond(nowMs) {
    this.#forgetBefore(nowMs - this.windowMs);
    return (this.times.length * 1000) / this.windowMs;
  }

  #forgetBefore(startMs) {
    let stale = 0;
    while (stale < this.times.length && this.times[stale] <= startMs) stale++;
    if (stale) this.times.splice(0, stale);
  }
}
