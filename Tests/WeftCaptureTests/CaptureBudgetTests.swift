import Testing
import WeftLayout
import WeftNodes
import WeftSnapshot

@testable import WeftCapture

@Suite("the capture budget: captures take at most a share of the frames' time")
struct CaptureBudgetTests {
    @Test("without a budget every capture is allowed")
    func unlimited() {
        var budget = CaptureBudget(fraction: 0)
        budget.captured(seconds: 1, first: false)
        #expect(budget.allowsCapture)
    }

    @Test("after a capture, frames worth its cost divided by the share run before the next")
    func repayment() {
        var budget = CaptureBudget(fraction: 0.1)
        #expect(budget.allowsCapture)
        budget.captured(seconds: 0.001, first: false)  // 1 ms: 10 ms of frames at a tenth
        var frames = 0
        while !budget.allowsCapture {
            budget.frameRan(seconds: 0.001)
            frames += 1
        }
        #expect(frames == 10)
    }

    @Test("the loop's wait for a capture in its sleep is charged as it is, without touching the mean")
    func loopWaits() {
        var budget = CaptureBudget(fraction: 0.1)
        budget.loopWaited(seconds: 0)
        #expect(budget.allowsCapture, "a capture in the sleep the loop did not wait for is free")
        budget.loopWaited(seconds: 0.002)
        #expect(!budget.allowsCapture && budget.credit == -0.002 && budget.meanCapture == nil)
        var unlimited = CaptureBudget(fraction: 0)
        unlimited.loopWaited(seconds: 1)
        #expect(unlimited.allowsCapture)
    }

    @Test("the first capture of a stream is free and sets no mean")
    func firstCaptureIsFree() {
        var budget = CaptureBudget(fraction: 0.1)
        budget.captured(seconds: 0.5, first: true)
        #expect(budget.allowsCapture && budget.meanCapture == nil)
    }

    @Test("quiet frames do not bank captures: the credit never grows above zero")
    func noBanking() {
        var budget = CaptureBudget(fraction: 0.1)
        for _ in 0..<1_000 { budget.frameRan(seconds: 0.01) }
        #expect(budget.credit == 0)
        budget.captured(seconds: 0.001, first: false)
        #expect(!budget.allowsCapture)
    }

    @Test("over a long run the captures take the share, whatever they cost")
    func share() {
        for (fraction, captureCost) in [(0.05, 40e-6), (0.2, 2e-3), (0.5, 100e-6)] {
            var budget = CaptureBudget(fraction: fraction)
            var (frameTime, captureTime) = (0.0, 0.0)
            for frame in 0..<20_000 {
                let cost = 15e-6 * (1 + Double(frame % 7) / 7)  // frames of 15-30 us
                budget.frameRan(seconds: cost)
                frameTime += cost
                if budget.allowsCapture {
                    budget.captured(seconds: captureCost, first: false)
                    captureTime += captureCost
                }
            }
            // At most the share, give or take the last capture, and not far below it (a frame
            // that brings the credit above zero loses the rest of its part).
            #expect(captureTime <= fraction * frameTime + captureCost)
            #expect(captureTime >= fraction * frameTime * 0.8 - captureCost)
        }
    }

    @Test("a capture that reads long (the thread was interrupted) is charged at most four times the mean")
    func spike() {
        var budget = CaptureBudget(fraction: 0.1)
        for _ in 0..<8 {
            budget.captured(seconds: 10e-6, first: false)
            while !budget.allowsCapture { budget.frameRan(seconds: 20e-6) }
        }
        budget.captured(seconds: 0.05, first: false)
        #expect(budget.credit >= -40e-6 - 1e-12)
        // A tree that really grew is followed: the mean grows by up to 1.75 times per capture.
        for _ in 0..<40 {
            while !budget.allowsCapture { budget.frameRan(seconds: 1) }
            budget.captured(seconds: 0.05, first: false)
        }
        #expect(abs(budget.meanCapture! - 0.05) < 0.001)
    }

    @Test("a stream that stopped starts afresh")
    func reset() {
        var budget = CaptureBudget(fraction: 0.1)
        budget.captured(seconds: 0.01, first: false)
        budget.reset()
        #expect(budget.allowsCapture && budget.meanCapture == nil)
    }

    /// Hundreds of labels fading every frame: a frame only sets their alphas, a capture reads
    /// every one of them again. Unlimited, it would capture 30 times a second whatever that
    /// cost the loop.
    @Test("a session within a budget captures less often than its rate when captures cost more than frames")
    func sessionWithinBudget() throws {
        func run(budget: Double) throws -> (captures: Int, copyMatches: Bool) {
            let (loop, labels) = fadingLabels(count: 300)
            let recorder = RecordingSession(loop: loop, updateRate: 30, captureBudget: budget)
            var copy = try Snapshot(json: try recorder.result("Tree.getDocument").jsonBytes)
            loop.run(frames: 240)
            // The changes of the frames not captured go out with a later one: nothing is lost.
            for label in labels { label.alpha = 0.5 }
            let capturesBefore = recorder.session.streamedCaptures
            while recorder.session.streamedCaptures == capturesBefore { loop.run(frames: 1) }
            for update in recorder.updates { try applyUpdate(update, to: &copy) }
            let fresh = recorder.session.document()
            return (capturesBefore, copy.roots == fresh.roots && copy.revision == fresh.revision)
        }
        let unlimited = try run(budget: 0)
        let budgeted = try run(budget: 0.05)
        #expect(unlimited.captures == 120)  // 30 per second for 4 s
        #expect(budgeted.captures >= 2 && budgeted.captures <= unlimited.captures / 4)
        #expect(unlimited.copyMatches && budgeted.copyMatches)
    }

    /// Captures of 300 labels cost far more than 1 % of the frames that fade them, so once one
    /// was charged the credit stays in debt for many frames. A session stopped and started again
    /// (a listener gone and back) must not inherit that debt.
    @Test("a session stopped and started again streams afresh: its first capture is not held back")
    func restartedSession() throws {
        let (loop, recorder) = try sessionInDebt()
        recorder.session.stop()
        recorder.session.start()
        loop.run(frames: 1)
        #expect(recorder.session.streamedCaptures == 3)
    }

    /// The same debt as above, but the listener leaves while the program is paused and a frame
    /// is stepped with nobody listening: the session saw that frame without a listener, so the
    /// next one to come starts a new stream (docs/client.md, The capture budget: its first
    /// capture is not held back).
    @Test("a listener gone while paused: the next stream after resume starts afresh")
    func listenerGoneWhilePaused() throws {
        let (loop, recorder) = try sessionInDebt()
        _ = try recorder.result("Runtime.pause")
        recorder.session.isListening = { false }
        _ = try recorder.result("Runtime.step", ["frames": 1])
        #expect(recorder.session.streamedCaptures == 2, "nobody listens: no capture")
        recorder.session.isListening = { true }
        _ = try recorder.result("Runtime.resume")
        loop.run(frames: 1)
        #expect(recorder.session.streamedCaptures == 3)
    }

    @Test("stepped frames are not limited by the budget")
    func steppedFrames() throws {
        let (loop, _) = fadingLabels(count: 300)
        let recorder = RecordingSession(loop: loop, updateRate: 30, captureBudget: 0.01)
        _ = try recorder.result("Tree.getDocument")
        loop.run(frames: 30)
        _ = try recorder.result("Runtime.pause")
        let before = recorder.updates.count
        var updatesAtReply = 0
        recorder.session.handle(method: "Runtime.step", params: Array(#"{"frames":5}"#.utf8)) { _ in
            updatesAtReply = recorder.updates.count
        }
        #expect(updatesAtReply - before == 5)
    }

    /// 300 fading labels streamed within 1 % of the frames' time, after two captures: the first
    /// is free, the second charged, so the credit is in debt for many frames (checked: four more
    /// frames capture nothing).
    private func sessionInDebt() throws -> (MainLoop, RecordingSession) {
        let (loop, _) = fadingLabels(count: 300)
        let recorder = RecordingSession(loop: loop, updateRate: 30, captureBudget: 0.01)
        _ = try recorder.result("Tree.getDocument")
        while recorder.session.streamedCaptures < 2 { loop.run(frames: 1) }
        loop.run(frames: 4)
        #expect(recorder.session.streamedCaptures == 2, "the budget holds captures back while in debt")
        return (loop, recorder)
    }

    /// A root of `count` labels whose alphas change every frame (a frame callback).
    private func fadingLabels(count: Int) -> (MainLoop, [TextNode]) {
        let root = DisplayNode()
        root.automaticallyManagesSubnodes = true
        let labels = (0..<count).map { TextNode("Label \($0)", font: .system(13)) }
        root.layoutSpecBlock = { _, _ in StackLayoutSpec(direction: .vertical, children: labels) }
        let loop = MainLoop(clock: .manual)
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 375, height: Double(count) * 20))
        loop.run(frames: 1)
        loop.addFrameCallback(.animation) { loop in
            let alpha = 0.2 + 0.8 * Double(loop.frame % 60) / 60
            for label in labels { label.alpha = alpha }
        }
        return (loop, labels)
    }
}
