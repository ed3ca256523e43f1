import Testing

@testable import WeftCapture

/// The session's scheduling (`StreamScheduler`) driven by hand: program times and wall-clock
/// durations are numbers the tests give, so no outcome depends on the machine's load.
@Suite("the stream's scheduling")
struct StreamSchedulerTests {
    /// A frame at program time `time` that took `seconds` of wall time, with the frame's facts.
    static func frame(
        _ scheduler: inout StreamScheduler, at time: Double, seconds: Double = 0.001, changed: Bool = true,
        waiting: Bool = false, slept: Bool = false, workerBusy: Bool = false
    ) -> StreamScheduler.Decision {
        scheduler.decide(
            frameTime: time, frameSeconds: { seconds }, hasChanges: changed, captureWaitsForSleep: waiting,
            sleptBeforeFrame: slept, workerHasWaitingCapture: { workerBusy })
    }

    /// Streams at `time` and captures on the loop's thread in `seconds`, charged as a running
    /// frame's capture is; returns whether it was the stream's first.
    @discardableResult
    static func streamAndCapture(_ scheduler: inout StreamScheduler, at time: Double, seconds: Double) -> Bool {
        scheduler.updateStreamed(at: time)
        let first = scheduler.captureStarts()
        scheduler.captureTook(seconds: seconds, first: first)
        scheduler.chargeCapture(seconds: seconds, first: first)
        return first
    }

    @Test("updates keep the rate on program time; the stream's first is not held back")
    func rateLimit() {
        var scheduler = StreamScheduler(updateRate: 30, captureBudget: 0)
        #expect(scheduler.state == .idle)
        #expect(Self.frame(&scheduler, at: 5) == .stream(mayWaitForSleep: false))
        Self.streamAndCapture(&scheduler, at: 5, seconds: 0.001)
        #expect(scheduler.state == .streaming(firstCaptureTaken: true))
        #expect(Self.frame(&scheduler, at: 5 + 1.0 / 60) == .wait)
        #expect(Self.frame(&scheduler, at: 5 + 2.0 / 60) == .stream(mayWaitForSleep: false))
        #expect(Self.frame(&scheduler, at: 6, changed: false) == .wait, "nothing to stream")
    }

    @Test(
        "a frame after a sleep leaves its capture for the next sleep; one left untaken is taken at the next frame, whatever the rate"
    )
    func sleepsAndWaitingCaptures() {
        var scheduler = StreamScheduler(updateRate: 30, captureBudget: 0)
        #expect(Self.frame(&scheduler, at: 1, slept: true) == .stream(mayWaitForSleep: true))
        scheduler.updateStreamed(at: 1)
        #expect(Self.frame(&scheduler, at: 1 + 1.0 / 60, changed: false, waiting: true) == .takeWaitingCapture)
    }

    @Test(
        "frames back to back hold their changes while the worker has not taken the last capture; a frame after a sleep does not")
    func holdForWorker() {
        var scheduler = StreamScheduler(updateRate: 0, captureBudget: 0)
        #expect(Self.frame(&scheduler, at: 1, workerBusy: true) == .holdForWorker)
        #expect(Self.frame(&scheduler, at: 1, slept: true, workerBusy: true) == .stream(mayWaitForSleep: true))
        var asked = 0
        _ = scheduler.decide(
            frameTime: 2, frameSeconds: { 0 }, hasChanges: false, captureWaitsForSleep: false,
            sleptBeforeFrame: false,
            workerHasWaitingCapture: {
                asked += 1
                return true
            })
        #expect(asked == 0, "the worker is not asked about a frame with nothing to stream")
    }

    /// The session skips `decide` where this holds: `decide` must then hold or wait, whatever
    /// the rate, and it must not hold while a debt is to be paid off, after a sleep or once the
    /// worker took the capture.
    @Test("changes held for the worker stay held without a decision only where decide would hold them or wait")
    func stillHoldsForWorker() {
        var scheduler = StreamScheduler(updateRate: 30, captureBudget: 0.25)
        Self.streamAndCapture(&scheduler, at: 0, seconds: 0.001)
        #expect(scheduler.stillHoldsForWorker(sleptBeforeFrame: false, workerHasWaitingCapture: { true }))
        for time in [0.01, 1] {
            var copy = scheduler
            #expect([.holdForWorker, .wait].contains(Self.frame(&copy, at: time, workerBusy: true)))
        }
        #expect(!scheduler.stillHoldsForWorker(sleptBeforeFrame: true, workerHasWaitingCapture: { true }))
        #expect(!scheduler.stillHoldsForWorker(sleptBeforeFrame: false, workerHasWaitingCapture: { false }))
        // A charged capture leaves a debt that frames pay off in `decide`.
        Self.streamAndCapture(&scheduler, at: 1, seconds: 0.001)
        #expect(!scheduler.stillHoldsForWorker(sleptBeforeFrame: false, workerHasWaitingCapture: { true }))
    }

    @Test("within a budget, a capture's cost is paid off by frames worth it divided by the share; the stream's first is free")
    func budget() {
        var scheduler = StreamScheduler(updateRate: 0, captureBudget: 0.25)
        #expect(Self.streamAndCapture(&scheduler, at: 0, seconds: 0.010), "the stream's first capture")
        #expect(Self.frame(&scheduler, at: 0.1) == .stream(mayWaitForSleep: false), "the first capture is free")
        #expect(!Self.streamAndCapture(&scheduler, at: 0.1, seconds: 0.001))
        // 1 ms of capture at a quarter: 4 ms of frames of 1 ms each, the fourth streaming.
        var frames = 1
        while Self.frame(&scheduler, at: 0.2) == .wait { frames += 1 }
        #expect(frames == 4)
        var readClock = false
        _ = scheduler.decide(
            frameTime: 0.3,
            frameSeconds: {
                readClock = true
                return 0
            }, hasChanges: true,
            captureWaitsForSleep: false, sleptBeforeFrame: false, workerHasWaitingCapture: { false })
        #expect(!readClock, "a frame without debt does not read the clock")
    }

    @Test(
        "the loop's wait for a capture in its sleep is charged after the next frame, unless the capture was the stream's first or the loop paused"
    )
    func loopWait() {
        var scheduler = StreamScheduler(updateRate: 0, captureBudget: 0.25)
        Self.streamAndCapture(&scheduler, at: 0, seconds: 0.001)
        scheduler.chargeLoopWait(captureSeconds: 0.2, sleepLeft: 0.02, first: true, paused: false)
        scheduler.chargeLoopWait(captureSeconds: 0.2, sleepLeft: 0.02, first: false, paused: true)
        scheduler.chargeLoopWait(captureSeconds: 0.01, sleepLeft: 0.02, first: false, paused: false)
        #expect(scheduler.loopWaitToCharge == 0)
        #expect(Self.frame(&scheduler, at: 1, seconds: 0) != .wait)
        scheduler.chargeLoopWait(captureSeconds: 0.2, sleepLeft: 0.02, first: false, paused: false)
        #expect(abs(scheduler.loopWaitToCharge - 0.18) < 1e-12)
        #expect(Self.frame(&scheduler, at: 1, seconds: 0) == .wait, "0.18 s of debt, which frames of no time never pay off")
        #expect(scheduler.loopWaitToCharge == 0, "charged once")
    }

    @Test("a sleep takes a capture only with four mean captures left, a paused loop's any")
    func sleepRoom() {
        var scheduler = StreamScheduler(updateRate: 0, captureBudget: 0)
        #expect(scheduler.sleepHasRoom(secondsLeft: 0.000_001, paused: false), "no mean yet")
        Self.streamAndCapture(&scheduler, at: 0, seconds: 0.5)  // the first: left out of the mean
        Self.streamAndCapture(&scheduler, at: 1, seconds: 0.002)
        #expect(!scheduler.sleepHasRoom(secondsLeft: 0.007, paused: false))
        #expect(scheduler.sleepHasRoom(secondsLeft: 0.008, paused: false))
        #expect(scheduler.sleepHasRoom(secondsLeft: 0.001, paused: true))
    }

    @Test("a stream that ends starts afresh: its first capture free, its credit whole, its first update not held back")
    func endStream() {
        var scheduler = StreamScheduler(updateRate: 1, captureBudget: 0.25)
        Self.streamAndCapture(&scheduler, at: 0, seconds: 0.001)
        Self.streamAndCapture(&scheduler, at: 1, seconds: 0.001)
        #expect(Self.frame(&scheduler, at: 1.5) == .wait)
        scheduler.endStream()
        #expect(scheduler.state == .idle)
        #expect(Self.frame(&scheduler, at: 1.5) == .stream(mayWaitForSleep: false))
        #expect(Self.streamAndCapture(&scheduler, at: 1.5, seconds: 0.001), "the new stream's first capture")
    }
}
