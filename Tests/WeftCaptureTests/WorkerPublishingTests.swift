import Dispatch
import Foundation
import Synchronization
import Testing
import WeftJSON
import WeftLayout
import WeftNodes
import WeftSnapshot
import WeftSynthetic

@testable import WeftCapture

/// Publishing on the worker (what `Inspector` uses): the host only captures; comparing,
/// diffing, encoding and sending happen on the publisher's queue. What receivers see must be
/// what inline publishing gives them: consecutive revisions whose ops rebuild the document, and
/// `Runtime.step` answered after the updates of its frames.
@Suite("Publishing on a worker queue")
struct WorkerPublishingTests {
    /// Records what the session sends from the worker queue.
    final class Outbox: Sendable {
        let events = Mutex<[(method: String, params: JSONValue)]>([])

        var updates: [JSONValue] {
            events.withLock { $0.filter { $0.method == "Tree.updated" }.map(\.params) }
        }

        func install(on session: CaptureSession) {
            session.sendEvent = { [self] method, params in
                let value = (try? JSONReader.parse(params)) ?? .null
                events.withLock { $0.append((method, value)) }
            }
        }
    }

    /// Calls a method and waits for its reply, which comes from the worker.
    static func call(_ session: CaptureSession, _ method: String, _ params: JSONValue = [:]) throws -> JSONValue {
        let answer = Mutex<Result<[UInt8], CommandError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        session.handle(method: method, params: params.jsonBytes) { result in
            answer.withLock { $0 = result }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success, "no reply to \(method)")
        let result = try #require(answer.withLock { $0 })
        return try JSONReader.parse(try result.get())
    }

    @Test("updates while dragging rebuild the document revision by revision, without gaps")
    func dragging() throws {
        let (loop, table, _) = tableLoop(rows: 100)
        let session = CaptureSession(loop: loop, updateRate: 0, publishing: .worker)
        let outbox = Outbox()
        outbox.install(on: session)
        session.isListening = { true }
        session.start()
        var copy = try Snapshot(json: try Self.call(session, "Tree.getDocument").jsonBytes)
        table.drag(by: Point(x: 0, y: 600), duration: 0.25)
        loop.run(frames: 40)
        let fresh = session.document()  // waits for the worker
        let updates = outbox.updates
        // 15 frames of drag, then deceleration: every changed frame is captured; the worker may
        // have merged captures that queued up, but never leaves a gap (applyUpdate checks
        // that each base revision is the copy's revision).
        #expect(updates.count >= 1)
        for update in updates { try applyUpdate(update, to: &copy) }
        #expect(copy.revision == fresh.revision)
        #expect(copy.roots == fresh.roots && copy.rangeControllers == fresh.rangeControllers)
        session.stop()
    }

    @Test("Runtime.step is answered after the update its frames produced")
    func stepOrdering() throws {
        let (loop, table, _) = tableLoop(rows: 100)
        let session = CaptureSession(loop: loop, updateRate: 30, publishing: .worker)
        let outbox = Outbox()
        outbox.install(on: session)
        session.isListening = { true }
        session.start()
        _ = try Self.call(session, "Tree.getDocument")
        _ = try Self.call(session, "Runtime.pause")
        _ = try Self.call(session, "Scroll.drag", ["id": .string(table.id), "dx": 0, "dy": 100, "duration": 0.1])
        let updatesAtReply = Mutex(-1)
        let reply = Mutex<JSONValue?>(nil)
        let done = DispatchSemaphore(value: 0)
        let frameBefore = loop.frame
        session.handle(method: "Runtime.step", params: Array(#"{"frames":3}"#.utf8)) { result in
            updatesAtReply.withLock { $0 = outbox.updates.count }
            reply.withLock { $0 = try? JSONReader.parse(result.get()) }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        // Paused: each stepped frame is published; the worker may merge the first two captures
        // if they queued up, but the last frame's update is always sent before the reply.
        let sent = outbox.updates
        #expect(updatesAtReply.withLock { $0 } == sent.count)
        #expect((1...3).contains(sent.count))
        let answer = try #require(reply.withLock { $0 })
        #expect(answer["frame"]?.number == Double(frameBefore + 3))
        #expect(answer["revision"]?.number == sent.last?["revision"]?.number)
        #expect(answer["revision"]?.number == Double(session.revision))
        session.stop()
    }

    @Test("captures queued behind a busy worker are merged into one update against the last published revision")
    func supersededCaptures() throws {
        let publisher = UpdatePublisher(mode: .worker)
        let outbox = Mutex<[[UInt8]]>([])
        publisher.sendEvent = { _, params in outbox.withLock { $0.append(params) } }
        let a = SyntheticFeed.snapshot(elementCount: 200, seed: 1)
        publisher.submit(sendUpdate: true, at: .init(frame: 0, time: 0)) { .document(a) }
        #expect(publisher.flush().revision == 1)  // the first capture is published, not sent
        // Hold the worker, queue three captures, release it: only the newest is published.
        let release = DispatchSemaphore(value: 0)
        publisher.afterPublishing { _ in release.wait() }
        var b = a
        b.roots[0].children.removeLast()
        var c = b
        c.roots[0].frame.y += 10
        let d = SyntheticFeed.snapshot(elementCount: 150, seed: 2)
        for capture in [b, c, d] { publisher.submit(sendUpdate: true, at: .init(frame: 0, time: 0)) { .document(capture) } }
        release.signal()
        let state = publisher.flush()
        #expect(state.revision == 2 && state.updatesSent == 1)
        let update = try JSONReader.parse(try #require(outbox.withLock { $0.first }))
        var copy = a
        copy.revision = 1
        try applyUpdate(update, to: &copy)
        #expect(copy.revision == 2)
        #expect(copy.roots == d.roots && copy.rangeControllers == d.rangeControllers)
    }

    /// Why: the capture a newer one replaced is freed by the host, before its next capture, so
    /// that the capture's allocations take that memory back (freed after it, the memory went to
    /// the next frame's allocations and frames ran 5 % slower: docs/benchmarks.md, back-to-back
    /// streaming). A reference to it kept past that point, even by the optimizer, breaks this.
    @Test("a superseded capture is freed before the next capture is taken")
    func supersededCaptureFreedBeforeTheNext() throws {
        let publisher = UpdatePublisher(mode: .worker)
        let snapshot = SyntheticFeed.snapshot(elementCount: 20, seed: 4)
        let release = DispatchSemaphore(value: 0)
        publisher.afterPublishing { _ in release.wait() }  // holds the worker: nothing is taken
        weak var first: PendingCapture?
        publisher.submit(sendUpdate: false, at: .init(frame: 0, time: 0)) {
            let capture = PendingCapture.document(snapshot)
            first = capture
            return capture
        }
        publisher.submit(sendUpdate: false, at: .init(frame: 0, time: 0)) { .document(snapshot) }  // supersedes the first
        #expect(first != nil, "kept until the host's next capture")
        var firstAliveDuringCapture: Bool?
        publisher.submit(sendUpdate: false, at: .init(frame: 0, time: 0)) {
            firstAliveDuringCapture = first != nil
            return .document(snapshot)
        }
        release.signal()
        _ = publisher.flush()
        #expect(firstAliveDuringCapture == false)
    }

    @Test("the worker takes captures by itself, and a capture after the poll went idle starts it again")
    func pollTakesCapturesWithoutBeingWoken() throws {
        let publisher = UpdatePublisher(mode: .worker)
        let sent = Mutex(0)
        publisher.sendEvent = { _, _ in sent.withLock { $0 += 1 } }
        func waitUntil(_ condition: () -> Bool) -> Bool {
            let deadline = ContinuousClock.now + .seconds(10)
            while !condition() {
                if ContinuousClock.now > deadline { return false }
                Thread.sleep(forTimeInterval: 0.005)
            }
            return true
        }
        var capture = SyntheticFeed.snapshot(elementCount: 40, seed: 3)
        publisher.submit(sendUpdate: true, at: .init(frame: 0, time: 0)) { .document(capture) }  // starts the poll
        #expect(publisher.flush().revision == 1)  // the first document is published, not sent
        // Nobody flushes: each change reaches the receiver through the running poll.
        for step in 1...3 {
            capture.roots[0].frame.y += 1
            publisher.submit(sendUpdate: true, at: .init(frame: 0, time: 0)) { .document(capture) }
            #expect(waitUntil { sent.withLock { $0 } == step })
        }
        // Idle for longer than the poll keeps going, then one more change.
        let idle = publisher.pollInterval * Double(publisher.idlePollsBeforeStopping)
        Thread.sleep(forTimeInterval: idle * 2)
        capture.roots[0].frame.y += 1
        publisher.submit(sendUpdate: true, at: .init(frame: 0, time: 0)) { .document(capture) }
        #expect(waitUntil { sent.withLock { $0 } == 4 })
        #expect(publisher.flush().revision == 5)
    }

    @Test("the poll comes a little more often than the loop's frames, within 2 and 16 ms")
    func pollIntervalFollowsTheFrames() {
        #expect(UpdatePublisher.pollInterval(for: 1.0 / 10) == 0.016)
        #expect(abs(UpdatePublisher.pollInterval(for: 1.0 / 60) - 0.015) < 1e-12)
        #expect(abs(UpdatePublisher.pollInterval(for: 1.0 / 120) - 0.0075) < 1e-12)
        #expect(UpdatePublisher.pollInterval(for: 1e-6) == 0.002)
        let loop = MainLoop(framesPerSecond: 1e6)
        #expect(CaptureSession(loop: loop, publishing: .worker).publisher.pollInterval == 0.002)
    }

    @Test("a stopped session's worker stops polling at once, and starts again with the next stream")
    func stoppedSessionStopsThePoll() throws {
        let (loop, table, _) = tableLoop(rows: 100)
        let session = CaptureSession(loop: loop, updateRate: 0, publishing: .worker)
        session.isListening = { true }
        session.start()
        table.drag(by: Point(x: 0, y: 300), duration: 0.1)
        loop.run(frames: 3)
        #expect(session.publisher.isPolling)
        // Nothing more can come: half a second of waking every poll interval would be for
        // nothing (and a program's frames would pay for it, as a stopped inspector's should not).
        session.stop()
        #expect(!session.publisher.isPolling)
        session.start()
        table.drag(by: Point(x: 0, y: 300), duration: 0.1)
        loop.run(frames: 3)
        #expect(session.publisher.isPolling)
        session.stop()
    }

    @Test("an unchanged capture publishes nothing")
    func unchanged() throws {
        let publisher = UpdatePublisher(mode: .worker)
        let sent = Mutex(0)
        publisher.sendEvent = { _, _ in sent.withLock { $0 += 1 } }
        let a = SyntheticFeed.snapshot(elementCount: 50)
        publisher.submit(sendUpdate: true, at: .init(frame: 0, time: 0)) { .document(a) }
        publisher.submit(sendUpdate: true, at: .init(frame: 0, time: 0)) { .document(a) }
        _ = publisher.flush()
        publisher.submit(sendUpdate: true, at: .init(frame: 0, time: 0)) { .document(a) }
        // Equal, sharing no storage with it: a capture read afresh that found nothing new.
        let copy = try Snapshot(json: a.encoded())
        publisher.submit(sendUpdate: true, at: .init(frame: 0, time: 0)) { .document(copy) }
        _ = publisher.flush()
        publisher.submit(sendUpdate: false, at: .init(frame: 0, time: 0)) { .document(copy) }
        #expect(publisher.flush().revision == 1)
        #expect(sent.withLock { $0 } == 0)
    }
}
