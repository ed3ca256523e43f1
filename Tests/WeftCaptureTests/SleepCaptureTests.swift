import Dispatch
import Foundation
import Synchronization
import Testing
import WeftLayout
import WeftNodes
import WeftSnapshot

@testable import WeftCapture

/// Streamed captures taken while the loop sleeps between frames (`IdleGate`,
/// `CaptureSession.captureWhileLoopSleeps`), and on the loop's thread when it does not sleep:
/// either way receivers see the same thing, consecutive revisions that rebuild the document.
///
/// The loops run on a manual wall clock (`ManualWallClock`): a sleep runs the capture the worker
/// would take in it, on the sleeping thread, and a capture takes the time the test says
/// (`SlowToRead` advances the clock), so nothing here depends on how loaded the machine is.
/// One test (`lateWorkerKeepsTheOrder`) needs the real worker, on the real clock.
@Suite("Captures in the loop's sleeps")
struct SleepCaptureTests {
    typealias Outbox = WorkerPublishingTests.Outbox

    /// A table loop on a manual wall clock, with the clock.
    static func manualLoop(rows: Int = 100, clock: LoopClock = .manual, framesPerSecond: Double = 60)
        -> (MainLoop, TableNode, Rows, ManualWallClock)
    {
        let wallClock = ManualWallClock()
        let (loop, table, source) = tableLoop(
            rows: rows, clock: clock, framesPerSecond: framesPerSecond,
            wallClock: .manual(wallClock))
        return (loop, table, source, wallClock)
    }

    /// A streaming session on `loop`, with the document it started from. `preparing` runs
    /// before the session's worker does.
    static func streaming(
        _ loop: MainLoop, roots: (() -> [DisplayNode])? = nil, updateRate: Double = 30,
        preparing: (CaptureSession) -> Void = { _ in }
    ) throws -> (CaptureSession, Outbox, Snapshot) {
        let session = CaptureSession(loop: loop, roots: roots, updateRate: updateRate, publishing: .worker)
        preparing(session)
        let outbox = Outbox()
        outbox.install(on: session)
        session.isListening = { true }
        session.start()
        let document = try Snapshot(json: try WorkerPublishingTests.call(session, "Tree.getDocument").jsonBytes)
        return (session, outbox, document)
    }

    /// `copy` brought up to date with every update sent, then compared with a fresh document.
    static func expectUpdatesRebuild(_ copy: Snapshot, session: CaptureSession, outbox: Outbox) throws {
        var copy = copy
        let fresh = session.document()  // waits for the worker
        for update in outbox.updates { try applyUpdate(update, to: &copy) }
        #expect(copy.revision == fresh.revision)
        #expect(
            copy.roots == fresh.roots && copy.rangeControllers == fresh.rangeControllers,
            "\(firstDifference(copy, fresh) ?? "range controllers differ")")
    }

    /// The last document published is the trees as they are now (`missing` says what is not
    /// otherwise), and the updates sent rebuild it from `document`.
    static func expectPublishedIsCurrent(
        _ session: CaptureSession, _ loop: MainLoop, from document: Snapshot,
        outbox: Outbox, _ missing: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let published = try #require(session.publisher.flush().published, sourceLocation: sourceLocation)
        let isCurrent = published.roots == Capture.snapshot(of: loop.roots).roots
        #expect(isCurrent, missing, sourceLocation: sourceLocation)
        try expectUpdatesRebuild(document, session: session, outbox: outbox)
    }

    /// Frames paced as a program paces them: each followed by a sleep until the next is due.
    static func runInRealTime(_ loop: MainLoop, frames: Int, each: (Int) -> Void = { _ in }) {
        var deadline = loop.wallClock.now
        for frame in 0..<frames {
            each(frame)
            loop.tick()
            deadline += loop.frameDuration
            loop.sleep(until: deadline)
        }
    }

    @Test("a loop that sleeps between frames has its updates captured in its sleeps")
    func capturedInSleeps() throws {
        let (loop, table, _, _) = Self.manualLoop()
        let (session, outbox, document) = try Self.streaming(loop)
        table.drag(by: Point(x: 0, y: 900), duration: 0.4)
        Self.runInRealTime(loop, frames: 40) { frame in
            _ = session.publisher.flush()  // the worker keeps up, as it does in real time
            // Changes the drag does not make: the text of a row on screen, every tenth frame.
            if frame % 10 == 5, let label = table.subnodes.last?.subnodes.first as? TextNode {
                label.text = "renamed \(frame)"
            }
        }
        _ = session.publisher.flush()
        // 30 updates per second over 40 frames at 60: every other frame's, each in the sleep
        // after it but the first (no sleep came before its frame).
        #expect(session.streamedCaptures == 20)
        #expect(
            session.capturesWhileLoopSlept == session.streamedCaptures - 1,
            "\(session.capturesWhileLoopSlept) of \(session.streamedCaptures) captures in the loop's sleeps")
        #expect(outbox.updates.count == session.streamedCaptures)
        try Self.expectUpdatesRebuild(document, session: session, outbox: outbox)
        session.stop()
    }

    @Test("at 120 frames per second the captures are taken in the shorter sleeps too")
    func capturedInShortSleeps() throws {
        let (loop, table, _, _) = Self.manualLoop(framesPerSecond: 120)
        let (session, outbox, document) = try Self.streaming(loop)
        table.drag(by: Point(x: 0, y: 900), duration: 0.9)
        Self.runInRealTime(loop, frames: 120) { _ in _ = session.publisher.flush() }
        #expect(session.streamedCaptures == 30)  // 30 per second of 120 frames: every fourth
        #expect(
            session.capturesWhileLoopSlept == 29,  // all but the first
            "\(session.capturesWhileLoopSlept) of \(session.streamedCaptures) captures in the loop's sleeps")
        try Self.expectUpdatesRebuild(document, session: session, outbox: outbox)
        session.stop()
    }

    @Test(
        "a live loop on its own thread, paced by its wall clock, changing its trees every few frames, streams updates that rebuild the document"
    )
    func liveLoopOnItsOwnThread() throws {
        struct Outcome: Sendable {
            var rebuilt = false
            var difference: String?
            var captures = 0
            var capturesInSleeps = 0
            var updates = 0
        }
        let outcome = Mutex<Outcome?>(nil)
        let finished = DispatchSemaphore(value: 0)
        // Everything touching the loop runs on its thread, as in a program.
        let program = Thread {
            defer { finished.signal() }
            let (loop, table, source, _) = Self.manualLoop(clock: .real)
            guard let (session, outbox, start) = try? Self.streaming(loop) else { return }
            loop.addFrameCallback(.animation) { loop in
                _ = session.publisher.flush()  // the worker keeps up, as it does in real time
                switch loop.frame % 12 {
                case 1: table.drag(by: Point(x: 0, y: loop.frame % 24 == 1 ? 300 : -250), duration: 0.15)
                case 5: (table.subnodes.last?.subnodes.first as? TextNode)?.text = "frame \(loop.frame)"
                case 9:
                    source.count += 1
                    try? table.insertItems(at: [0])
                default: break
                }
                if loop.frame >= 90 { loop.stop() }
            }
            loop.run()
            var copy = start
            let fresh = session.document()
            var result = Outcome(
                captures: session.streamedCaptures, capturesInSleeps: session.capturesWhileLoopSlept,
                updates: outbox.updates.count)
            do {
                for update in outbox.updates { try applyUpdate(update, to: &copy) }
                result.rebuilt = copy.roots == fresh.roots && copy.rangeControllers == fresh.rangeControllers
                result.difference = firstDifference(copy, fresh)
            } catch {
                result.difference = "\(error)"
            }
            session.stop()
            outcome.withLock { $0 = result }
        }
        program.start()
        #expect(finished.wait(timeout: .now() + 30) == .success)
        let result = try #require(outcome.withLock { $0 })
        #expect(result.rebuilt, "\(result.difference ?? "range controllers differ")")
        // 90 frames at 60 per second, 30 updates per second: 45 captures, all in the sleeps.
        // 90 frames, the trees changing in about 80 of them, at most 30 updates per second of 60
        // frames: about 40 captures, every one in the sleep after its frame.
        #expect(
            result.captures >= 30 && result.updates >= result.captures - 1,
            "\(result.captures) captures, \(result.updates) updates")
        #expect(result.capturesInSleeps == result.captures, "\(result.capturesInSleeps) of \(result.captures) in sleeps")
    }

    /// Keeps the session's worker busy, from when this returns until the returned closure is
    /// called: what the loop submits meanwhile waits, untaken.
    static func holdWorker(of session: CaptureSession) -> () -> Void {
        let (entered, busy) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        session.publisher.afterPublishing { _ in
            entered.signal()
            busy.wait()
        }
        entered.wait()
        return { busy.signal() }
    }

    @Test("frames back to back leave no sleep: the captures run on the loop's thread, no faster than the worker takes them")
    func backToBack() throws {
        let (loop, table, _, _) = Self.manualLoop()
        let (session, outbox, document) = try Self.streaming(loop, updateRate: 0)
        let releaseWorker = Self.holdWorker(of: session)
        table.drag(by: Point(x: 0, y: 600), duration: 0.25)
        loop.run(frames: 30)
        #expect(session.streamedCaptures == 1, "a frame replaced a capture the worker had not taken yet")
        #expect(session.changes == .heldForWorker(pending: true))
        releaseWorker()
        _ = session.publisher.flush()
        loop.run(frames: 1)
        #expect(session.streamedCaptures == 2, "the first frame after the worker took the capture takes the next")
        #expect(session.changes == .captured && session.scheduler.state == .streaming(firstCaptureTaken: true))
        #expect(session.capturesWhileLoopSlept == 0)
        try Self.expectUpdatesRebuild(document, session: session, outbox: outbox)
        session.stop()
    }

    @Test("what frames back to back left for the worker is captured before the accessors that wait for it answer")
    func deferredChangesCapturedForAccessors() throws {
        let (loop, table, _, _) = Self.manualLoop()
        let (session, outbox, document) = try Self.streaming(loop, updateRate: 0)
        let releaseWorker = Self.holdWorker(of: session)
        table.drag(by: Point(x: 0, y: 600), duration: 0.25)
        loop.run(frames: 10)
        releaseWorker()
        let revision = session.revision
        try Self.expectPublishedIsCurrent(
            session, loop, from: document, outbox: outbox,
            "the changes of the frames after the first were not captured")
        #expect(session.revision == revision, "the accessor left changes to capture")
        session.stop()
    }

    @Test("a capture no sleep leaves room for is taken on the loop's thread at the next frame, at the update rate")
    func sleepsTooShort() throws {
        let (loop, table, _, _) = Self.manualLoop()
        let (session, outbox, document) = try Self.streaming(loop)
        let revisionAtStart = session.revision
        table.drag(by: Point(x: 0, y: 900), duration: 0.4)
        // Each sleep is over before it starts: the gate opens with no time left in it. Every
        // frame moves the feed, so every capture taken publishes a revision (the flush after
        // each frame keeps the worker from merging them).
        var lastFrames: [[Snapshot.Element]] = []
        for frame in 0..<40 {
            loop.tick()
            loop.sleep(until: loop.wallClock.now - 1)
            _ = session.revision
            if frame >= 38 { lastFrames.append(Capture.snapshot(of: loop.roots).roots) }
        }
        #expect(session.capturesWhileLoopSlept == 0)
        // 30 updates per second at 60 frames: one left for the sleep every second frame, each
        // taken here at the frame after it. (Taken only when the next was due, every other
        // update was lost in the wait: 10 captures for 20 updates.)
        #expect(session.revision - revisionAtStart >= 19, "\(session.revision - revisionAtStart) captures taken")
        let published = try #require(session.publisher.flush().published)
        let publishedIsRecent = lastFrames.contains(published.roots)
        #expect(publishedIsRecent, "the last update published is older than the last two frames")
        try Self.expectUpdatesRebuild(document, session: session, outbox: outbox)
        session.stop()
    }

    @Test("the last change of a burst, left for a sleep that never has room, goes out at the next frame")
    func lastChangeIsNotStranded() throws {
        let (loop, table, _, _) = Self.manualLoop()
        let (session, outbox, document) = try Self.streaming(loop)
        let label = try #require(table.subnodes.last?.subnodes.first as? TextNode)
        loop.run(frames: 4)  // past the rate interval of the document's capture
        label.text = "the last change"
        loop.sleep(until: loop.wallClock.now - 1)
        loop.tick()  // its capture waits for the next sleep...
        loop.tick()  // ...which never comes: the next frame, which changes nothing, takes it
        try Self.expectPublishedIsCurrent(session, loop, from: document, outbox: outbox, "the change still waits for a sleep")
        session.stop()
    }

    @Test("Runtime.step with a capture still waiting for a sleep is answered after that update")
    func stepAfterWaitingCapture() throws {
        let (loop, table, _, _) = Self.manualLoop()
        let (session, outbox, _) = try Self.streaming(loop)
        table.drag(by: Point(x: 0, y: 300), duration: 0.2)
        // The loop slept before this frame, so its update waits for the next sleep...
        loop.sleep(until: loop.wallClock.now - 1)
        loop.tick()
        let revisionBefore = session.revision
        // ...which does not come: a step runs the next frames at once.
        let stepped = try WorkerPublishingTests.call(session, "Runtime.step", ["frames": 2])
        let revision = try #require(stepped["revision"]?.number)
        #expect(Int(revision) > revisionBefore, "the step's reply carries the frames' changes")
        #expect(outbox.updates.last?["revision"]?.number == revision)
        session.stop()
    }

    @Test(
        "a capture the loop submitted before a worker late for its poll is not published after the newer one it takes in a sleep")
    func lateWorkerKeepsTheOrder() throws {
        let (loop, table, _) = tableLoop(rows: 100)
        // The worker stops once in a poll, just before it tries a capture in the loop's sleep
        // (as a worker the system preempted would), until the loop ran on and sleeps again.
        let (workerStopped, workerGoes) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let stopsOnce = Mutex(false)
        let (session, outbox, document) = try Self.streaming(loop, updateRate: 0) { session in
            let takeCapture = session.publisher.captureWhileLoopSleeps
            session.publisher.captureWhileLoopSleeps = { [gate = loop.idleGate] in
                if stopsOnce.withLock({ $0 }) {
                    stopsOnce.withLock { $0 = false }
                    workerStopped.signal()
                    workerGoes.wait()
                    while gate.whileOpen({ _ in true }) == nil { Thread.sleep(forTimeInterval: 0.001) }
                }
                return takeCapture()
            }
        }
        stopsOnce.withLock { $0 = true }
        let label = try #require(table.subnodes.last?.subnodes.first as? TextNode)
        label.text = "left for a sleep"
        loop.sleep(until: loop.wallClock.now - 1)
        loop.tick()  // its capture waits for a sleep, and the worker's poll starts
        #expect(workerStopped.wait(timeout: .now() + 5) == .success)
        label.text = "captured on the loop"
        loop.tick()  // no sleep before it: the waiting capture is taken here, and waits for the worker
        label.text = "left for the next sleep"
        loop.sleep(until: loop.wallClock.now - 1)
        loop.tick()  // a newer capture is wanted in a sleep
        workerGoes.signal()
        Self.sleepUntilCapturedInASleep(loop, session)
        try Self.expectPublishedIsCurrent(
            session, loop, from: document, outbox: outbox, "an older capture was published after the newer one")
        session.stop()
    }

    @Test("a capture left for a sleep when the loop pauses goes out in the paused loop's sleeps, however long it takes")
    func pausedLoopTakesTheWaitingCapture() throws {
        let (loop, table, _, clock) = Self.manualLoop()
        // Captures here take 5 ms (the roots are slow to come), so no sleep of a frame holds
        // four of them.
        let slowRoots = {
            clock.advance(by: 0.005)
            return loop.roots
        }
        let (session, outbox, document) = try Self.streaming(loop, roots: slowRoots, updateRate: 0)
        let label = try #require(table.subnodes.last?.subnodes.first as? TextNode)
        for text in ["first", "second"] {  // captured on the loop's thread: their mean is known
            label.text = text
            loop.tick()
        }
        label.text = "the last change before the pause"
        loop.sleep(until: loop.wallClock.now - 1)
        loop.tick()  // its capture waits for the next sleep
        loop.pause()
        // The paused program: no frame, a sleep of one.
        loop.tick()
        loop.sleep(until: loop.wallClock.now + loop.frameDuration)
        #expect(session.capturesWhileLoopSlept == 1)
        try Self.expectPublishedIsCurrent(
            session, loop, from: document, outbox: outbox, "the last change before the pause still waits for a sleep")
        session.stop()
    }

    /// A node whose reads take `delay` seconds of its clock (a capture reads its class name): a
    /// capture of it outlasts the loop's sleep.
    final class SlowToRead: DisplayNode {
        let delay = Mutex(0.0)
        let clock: ManualWallClock
        init(clock: ManualWallClock) {
            self.clock = clock
        }
        override var textureClassName: String {
            clock.advance(by: delay.withLock { $0 })
            return "SlowToRead"
        }
    }

    /// A table loop with a `SlowToRead` root below the table.
    static func loopWithSlowRoot() throws -> (MainLoop, TextNode, SlowToRead) {
        let (loop, table, _, clock) = Self.manualLoop()
        let slow = SlowToRead(clock: clock)
        loop.addRoot(slow, frame: Rect(x: 0, y: 220, width: 375, height: 10))
        return (loop, try #require(table.subnodes.last?.subnodes.first as? TextNode), slow)
    }

    /// Sleeps until the worker took a capture in a sleep (one of 20 ms is enough for its poll;
    /// on the manual clock the first sleep takes it).
    static func sleepUntilCapturedInASleep(_ loop: MainLoop, _ session: CaptureSession) {
        let before = session.capturesWhileLoopSlept
        for _ in 0..<100 where session.capturesWhileLoopSlept == before {
            loop.sleep(until: loop.wallClock.now + 0.02)
        }
    }

    @Test("the first capture of a stream is free in a sleep too: the loop's wait for it is not charged to the budget")
    func firstCaptureInASleepIsFree() throws {
        let (loop, label, slow) = try Self.loopWithSlowRoot()
        let (session, _, _) = try Self.streaming(loop, updateRate: 0) { $0.captureBudget = 0.25 }
        label.text = "the stream's first change"
        loop.sleep(until: loop.wallClock.now - 1)
        loop.tick()  // the stream's first capture waits for a sleep, which it outlasts by far
        slow.delay.withLock { $0 = 0.2 }
        Self.sleepUntilCapturedInASleep(loop, session)
        slow.delay.withLock { $0 = 0 }
        #expect(session.capturesWhileLoopSlept == 1)
        let before = session.streamedCaptures
        label.text = "the next change"
        loop.run(frames: 3)
        #expect(session.streamedCaptures > before, "the next change waits for the budget to pay off the first capture")
        session.stop()
    }

    /// The stream's first capture, left for a sleep, is not taken there (`leaveUntaken` drops or
    /// replaces it); the capture that then reads everything (slowly: the cache is cold) is free,
    /// as a stream's first is, so the next change goes out at once.
    static func expectFirstCaptureFree(leaveUntaken: (MainLoop, CaptureSession) -> Void) throws {
        let (loop, label, slow) = try Self.loopWithSlowRoot()
        let (session, _, _) = try Self.streaming(loop, updateRate: 0) { $0.captureBudget = 0.25 }
        label.text = "the stream's first change"
        loop.sleep(until: loop.wallClock.now - 1)
        loop.tick()  // the stream's first capture waits for a sleep
        slow.delay.withLock { $0 = 0.1 }
        leaveUntaken(loop, session)
        label.text = "the second change"
        loop.tick()  // captured here, reading everything
        slow.delay.withLock { $0 = 0 }
        _ = session.publisher.flush()  // taken by the worker: the next frames' captures need not wait for it
        #expect(session.capturesWhileLoopSlept == 0)
        let before = session.streamedCaptures
        label.text = "the next change"
        loop.run(frames: 3)
        #expect(session.streamedCaptures > before, "the next change waits for the budget to pay off the stream's first capture")
        session.stop()
    }

    @Test("a stream's first capture left for a sleep and dropped for a document: the next is the first, and free")
    func firstCaptureDroppedForADocument() throws {
        try Self.expectFirstCaptureFree { _, session in _ = session.document() }
    }

    @Test("a stream's first capture left for a sleep and taken on the loop's thread at the next frame: free")
    func firstCaptureTakenOnTheLoop() throws {
        try Self.expectFirstCaptureFree { _, _ in }  // the next frame follows without a sleep
    }

    @Test("two sessions on one loop: the loop's wait for one's capture in its sleep is charged to that one's budget only")
    func waitChargedToItsSessionOnly() throws {
        let (loop, label, slow) = try Self.loopWithSlowRoot()
        let (waitedFor, _, _) = try Self.streaming(loop, updateRate: 0) { $0.captureBudget = 0.25 }
        // Its updates are due once a second: none while the other takes its capture in a sleep.
        let (other, _, _) = try Self.streaming(loop, updateRate: 1) { $0.captureBudget = 0.25 }
        label.text = "first"
        loop.tick()  // both streams' first capture, on the loop's thread
        slow.alpha = 0.5
        loop.sleep(until: loop.wallClock.now - 1)
        loop.tick()  // `waitedFor`'s capture waits for a sleep, which it outlasts by far
        slow.delay.withLock { $0 = 0.2 }
        Self.sleepUntilCapturedInASleep(loop, waitedFor)
        slow.delay.withLock { $0 = 0 }
        #expect(waitedFor.capturesWhileLoopSlept == 1)
        let before = other.streamedCaptures
        label.text = "a change a second later"
        // Charged to the other session, the wait (0.18 s) would hold its captures back for good:
        // frames take no time on this clock, so they never pay a debt off.
        _ = other.publisher.flush()
        loop.run(frames: 60)
        #expect(other.streamedCaptures > before, "the other session paid for a wait it did not cause")
        waitedFor.stop()
        other.stop()
    }

    @Test("a capture in a paused loop's sleep is not charged to the budget, which limits running frames only")
    func pausedLoopsWaitIsFree() throws {
        let (loop, label, slow) = try Self.loopWithSlowRoot()
        let (session, _, _) = try Self.streaming(loop, updateRate: 0) { $0.captureBudget = 0.25 }
        label.text = "first"
        loop.tick()  // the stream's first capture, on the loop's thread
        slow.alpha = 0.5
        loop.sleep(until: loop.wallClock.now - 1)
        loop.tick()  // the next waits for a sleep
        loop.pause()
        slow.delay.withLock { $0 = 0.2 }
        Self.sleepUntilCapturedInASleep(loop, session)  // taken in the paused loop's sleep, which it outlasts
        slow.delay.withLock { $0 = 0 }
        #expect(session.capturesWhileLoopSlept == 1)
        loop.resume()
        let before = session.streamedCaptures
        label.text = "a change after the pause"
        loop.run(frames: 3)
        #expect(session.streamedCaptures > before, "the change waits for the budget to pay off the paused loop's wait")
        session.stop()
    }

    @Test("a stream that ends drops the capture waiting for a sleep")
    func endedStreamDropsTheWaitingCapture() throws {
        let (loop, table, _, _) = Self.manualLoop()
        let listening = Mutex(true)
        let (session, outbox, _) = try Self.streaming(loop)
        session.isListening = { listening.withLock { $0 } }
        table.drag(by: Point(x: 0, y: 300), duration: 0.2)
        loop.sleep(until: loop.wallClock.now - 1)
        loop.tick()  // its update now waits for a sleep
        listening.withLock { $0 = false }
        loop.tick()  // nobody listens: the stream ends
        loop.sleep(until: loop.wallClock.now + 0.1)
        #expect(session.capturesWhileLoopSlept == 0)
        #expect(outbox.updates.count == 0)
        session.stop()
    }
}
