/// When a session's streamed captures run (`CaptureSession`): the update rate, on program time;
/// the capture budget, on the loop's wall clock; and the stream's state. It decides, it does not
/// capture: the session asks it after each frame (`decide`) and tells it what happened.
/// Pure, so its tests drive it with a manual clock.
struct StreamScheduler {
    /// A stream: from the first update after someone started listening until nobody listens.
    enum State: Equatable {
        /// Nothing streamed since someone started listening (or since the session started):
        /// the next capture is the stream's first, free, and not held back by the rate limit.
        case idle
        /// Updates streamed; `firstCaptureTaken` once the stream's first capture ran (it may be
        /// left for the loop's sleep, then dropped for a document: the next one is the first).
        case streaming(firstCaptureTaken: Bool)
    }

    /// What a running frame with a listener does with its changes.
    enum Decision: Equatable {
        /// Nothing now (nothing to capture, or the rate or the budget does not allow it yet).
        case wait
        /// Frames back to back, and the worker has not taken the last capture: a capture now
        /// would replace that one unpublished, so the changes wait for the first frame after.
        case holdForWorker
        /// The capture left for the loop's sleep was not taken there: take it now, a frame late.
        case takeWaitingCapture
        /// Stream the frame's changes: capture here, or leave the capture for the sleep after
        /// this frame when the loop slept before it (`mayWaitForSleep`).
        case stream(mayWaitForSleep: Bool)
    }

    private(set) var state = State.idle
    /// At most this many updates per second of program time (0: no limit).
    var updateRate: Double
    var budget: CaptureBudget
    /// Program time of the last update streamed.
    private(set) var lastUpdateTime: Double?
    /// What streamed captures took, wherever they ran (not a stream's first, which reads
    /// everything): one starts in the loop's sleep only if the sleep has `sleepLeftPerCapture`
    /// times the mean left.
    private(set) var captureTimes = CaptureTimes()
    /// How long this session's captures in the loop's sleeps ran past the sleep's end, to be
    /// charged to the budget after the next frame (not a stream's first, nor one in a paused
    /// loop's sleep: the budget limits running frames only).
    private(set) var loopWaitToCharge = 0.0

    /// How many of its mean captures a sleep must still hold for the worker to start one: the
    /// loop should almost never wake to wait for it. A paused loop's sleep holds any capture.
    static let sleepLeftPerCapture = 4.0

    init(updateRate: Double, captureBudget: Double) {
        self.updateRate = updateRate
        budget = CaptureBudget(fraction: captureBudget)
    }

    /// After a running frame with a listener. `frameSeconds`: the wall time the frame took, read
    /// only when the budget is in debt (a clock read is a twentieth of a cheap frame);
    /// `workerHasWaitingCapture`, asked only when it matters.
    mutating func decide(
        frameTime: Double, frameSeconds: () -> Double, hasChanges: Bool, captureWaitsForSleep: Bool,
        sleptBeforeFrame: Bool, workerHasWaitingCapture: () -> Bool
    ) -> Decision {
        if budget.fraction > 0 {
            // A frame only pays off debt (the credit never grows above zero).
            if budget.credit < 0 { budget.frameRan(seconds: frameSeconds()) }
            // A capture in the loop's sleep is free unless the loop woke while it ran.
            budget.loopWaited(seconds: loopWaitToCharge)
        }
        loopWaitToCharge = 0
        guard budget.allowsCapture, captureWaitsForSleep || (hasChanges && rateAllows(at: frameTime)) else { return .wait }
        // The host then captures no more often than the worker publishes, however fast its
        // frames run (a manual clock runs program time far faster than the wall clock).
        if !sleptBeforeFrame, workerHasWaitingCapture() { return .holdForWorker }
        return captureWaitsForSleep ? .takeWaitingCapture : .stream(mayWaitForSleep: sleptBeforeFrame)
    }

    /// Whether a running frame whose changes are held for the worker since an earlier frame
    /// (`Decision.holdForWorker`) needs no decision: frames back to back, the worker still
    /// holds that capture, and the budget has no debt to pay off nor loop wait to charge.
    /// `decide` would hold the changes again or wait, and both leave everything as it is. Most
    /// frames back to back end here, and this asks far less than `decide`.
    func stillHoldsForWorker(sleptBeforeFrame: Bool, workerHasWaitingCapture: () -> Bool) -> Bool {
        !sleptBeforeFrame && loopWaitToCharge == 0 && (budget.fraction <= 0 || budget.credit >= 0)
            && workerHasWaitingCapture()
    }

    /// Program time, not wall time: a deterministic run streams the same updates on every machine.
    func rateAllows(at time: Double) -> Bool {
        guard updateRate > 0, let last = lastUpdateTime else { return true }
        return time - last >= 1 / updateRate - 1e-9
    }

    /// An update streams at program time `time` (counted even when its capture turns out
    /// unchanged: at worst the next change waits one rate interval).
    mutating func updateStreamed(at time: Double) {
        lastUpdateTime = time
        if state == .idle { state = .streaming(firstCaptureTaken: false) }
    }

    /// A streamed capture starts; returns whether it is the stream's first (free, and left out
    /// of the mean).
    mutating func captureStarts() -> Bool {
        guard case .streaming(firstCaptureTaken: true) = state else {
            state = .streaming(firstCaptureTaken: true)
            return true
        }
        return false
    }

    /// A streamed capture took `seconds`, wherever it ran (`first`: see `captureStarts`).
    mutating func captureTook(seconds: Double, first: Bool) {
        if !first { captureTimes.add(seconds) }
    }

    /// Charges a capture a running frame took on the loop's thread to the budget.
    mutating func chargeCapture(seconds: Double, first: Bool) {
        budget.captured(seconds: seconds, first: first)
    }

    /// A capture in the loop's sleep ran `seconds - sleepLeft` past the sleep's end: charged to
    /// the budget after the next frame (not a stream's first, nor one in a paused loop's sleep).
    mutating func chargeLoopWait(captureSeconds seconds: Double, sleepLeft: Double, first: Bool, paused: Bool) {
        if !first, !paused { loopWaitToCharge += max(0, seconds - sleepLeft) }
    }

    /// Whether a sleep with `secondsLeft` has room for a capture left for it.
    func sleepHasRoom(secondsLeft: Double, paused: Bool) -> Bool {
        paused || secondsLeft >= Self.sleepLeftPerCapture * (captureTimes.mean ?? 0)
    }

    /// Nobody listens any more, or the session stopped: the next stream starts afresh, its
    /// first capture free, its credit whole, its first update not held back by the rate limit.
    mutating func endStream() {
        state = .idle
        budget.reset()
        loopWaitToCharge = 0
        lastUpdateTime = nil
    }
}
