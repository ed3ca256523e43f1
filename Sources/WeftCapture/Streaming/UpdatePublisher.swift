import Dispatch
import Synchronization
import WeftJSON
import WeftSnapshot

/// Turns captures into revisions: compares each capture with the last published document and,
/// when they differ, gives it the next revision and (when asked) sends `Tree.updated` with the
/// ops between them. It also carries every other message of the session (replies, other events)
/// so that they leave in the order they were produced.
///
/// Why a worker: a capture is immutable, so assembling, diffing and encoding it runs on a serial
/// queue (`.worker`) and the host's frame pays only for reading its trees; at most one capture
/// waits, replaced by a newer one (diffs are against the last published document, so that leaves
/// no revision gap). `.inline` does the same work on the caller's thread (tools, tests).
///
/// Why a poll: waking the worker per capture would cost the host a system call, so while captures
/// keep coming the worker wakes itself every `pollInterval` (a little under a frame, so each
/// sleep between frames meets a round and can take `captureWhileLoopSleeps`), stopping after half
/// a second of empty rounds. Replies (`afterPublishing`) and `flush` publish the waiting capture
/// first.
final class UpdatePublisher: @unchecked Sendable {
    enum Mode: Sendable {
        /// Everything at once, on the caller's thread.
        case inline
        /// On a serial queue of its own, in submission order.
        case worker
    }

    /// What has been published so far. Touched only by the publishing context (the queue, or
    /// the caller's thread inline).
    struct State: Sendable {
        var published: Snapshot?
        var revision = 0
        var updatesSent = 0
        var updateBytesSent = 0
        /// The last revisions published and the frames their captures read.
        private var recent: [(revision: Int, frame: Int)] = []

        /// The revision a moment of the run belongs to (an event's and a marker's): the last
        /// published at or before `frame`. A moment on the loop's thread reaches the publishing
        /// context after the captures the loop submitted before it, and perhaps after later ones.
        func revision(atFrame frame: Int) -> Int {
            recent.last { $0.frame <= frame }?.revision ?? recent.first?.revision ?? revision
        }

        mutating func published(_ document: Snapshot, at moment: RecordingLine.Moment) {
            published = document
            revision = document.revision
            recent.append((revision, moment.frame))
            if recent.count > 64 { recent.removeFirst(32) }
        }
    }

    let mode: Mode
    /// Sends one event (method, params); called in the publishing context.
    var sendEvent: (String, [UInt8]) -> Void = { _, _ in }
    /// Told of every revision after the first (previous, current, and the ops when an update was
    /// sent), in the publishing context: DevTools' DOM events follow the same revisions.
    var onPublished: (Snapshot, Snapshot, [UpdateOp]?) -> Void = { _, _, _ in }
    /// Writes every published revision to a recording file; touched only in the publishing
    /// context (`CaptureSession.record(to:limitBytes:)` hands it over through `afterPublishing`).
    var recorder: SessionRecorder?

    private var state = State()
    /// Builds the elements of streamed captures; touched only by the publishing context.
    private var assembly = ElementAssembly()
    private let queue = DispatchQueue(label: "weft.capture.publisher", qos: .utility)

    /// What the host and the worker share.
    private struct Handoff {
        /// The capture waiting to be published (at most one: a newer one replaces it).
        var waiting: (capture: PendingCapture, sendUpdate: Bool, moment: RecordingLine.Moment)?
        /// Whether the worker's poll is running (it takes `waiting` without being woken).
        var isPolling = false
        /// The capture `waiting` last replaced, kept for the host to release before its next
        /// capture (`submit`); the worker never takes it. (Until then it holds little: a
        /// streamed capture shares its subtrees with the cache.)
        var superseded: PendingCapture?

        /// Marks the poll running; returns whether it was stopped (the caller then starts it).
        mutating func markPollRunning() -> Bool {
            guard !isPolling else { return false }
            isPolling = true
            return true
        }
    }
    private let handoff = Mutex(Handoff())
    /// Whether `handoff.waiting` holds a capture, written under its lock: the host asks after
    /// its frames (`hasWaitingCapture`), and a load costs it less than taking the lock, whose
    /// line the worker holds in its own cache.
    private let captureWaits = Atomic<Bool>(false)

    /// How often the running poll looks for a waiting capture, in seconds.
    let pollInterval: Double
    /// The longest interval: at the default 30 updates per second a capture waits half an update
    /// interval on average.
    static let longestPollInterval = 0.016
    /// The shortest interval: a loop asking for more than about 450 frames per second (a test's
    /// manual clock may) does not make the worker wake more than 500 times a second.
    static let shortestPollInterval = 0.002
    /// How long the poll runs without finding anything before it stops, in seconds.
    static let idleSecondsBeforeStopping = 0.5
    /// Empty rounds before the poll stops.
    var idlePollsBeforeStopping: Int { Int((Self.idleSecondsBeforeStopping / pollInterval).rounded(.up)) }

    /// The interval for a loop running `frameDuration`-second frames: 90 % of a frame (within
    /// the shortest and longest intervals), so that every sleep between two frames meets a round
    /// unless the frame itself takes a tenth of its time.
    static func pollInterval(for frameDuration: Double) -> Double {
        min(longestPollInterval, max(shortestPollInterval, frameDuration * 0.9))
    }
    /// The poll's timer and its count of empty rounds; touched only on `queue`.
    private var pollTimer: DispatchSourceTimer?
    private var idlePolls = 0

    init(mode: Mode, pollInterval: Double = longestPollInterval) {
        self.mode = mode
        self.pollInterval = pollInterval
    }

    deinit {
        pollTimer?.cancel()
    }

    /// Publishes what `capture` returns as the next revision if it differs from the last
    /// published document, sending the update when `sendUpdate` (someone listens). Returns at
    /// once with `.worker`: the capture replaces the one waiting for the worker, if any. Called
    /// on the host's thread, or on the worker while it holds the loop's idle gate (a capture in
    /// the loop's sleep: the host is asleep then, so the captures still arrive in order).
    /// `moment`: the loop's frame and program time the capture reads (for recordings).
    func submit(sendUpdate: Bool, at moment: RecordingLine.Moment, _ capture: () -> PendingCapture) {
        guard mode == .worker else {
            publish(capture().snapshot(assembling: &assembly), sendUpdate: sendUpdate, at: moment)
            return
        }
        // The superseded capture is released here, just before the next is taken, so the new
        // capture's allocations reuse its warm memory; released in place, not through a local
        // the optimizer could keep alive (docs/architecture.md, "Performance notes").
        handoff.withLock { handoff in handoff.superseded = nil }
        let next = capture()
        let startPolling = handoff.withLock { handoff in
            let replaced = handoff.waiting.take()
            // A superseded capture that was to be sent makes its successor be sent.
            handoff.waiting = (next, sendUpdate || (replaced?.sendUpdate ?? false), moment)
            handoff.superseded = replaced?.capture
            captureWaits.store(true, ordering: .releasing)
            return handoff.markPollRunning()
        }
        if startPolling { queue.async { self.startPolling() } }
    }

    /// Whether a submitted capture still waits for the worker (`.worker` only): a capture taken
    /// now would replace it unpublished, work the host did for nothing.
    var hasWaitingCapture: Bool {
        mode == .worker && captureWaits.load(ordering: .acquiring)
    }

    /// Takes a capture for an update while the loop sleeps, on the worker (`.worker` only), and
    /// submits it while the loop still sleeps (`submit`): the session's `captureWhileLoopSleeps`,
    /// which does nothing when none is wanted or the loop is not asleep.
    var captureWhileLoopSleeps: () -> Void = {}

    /// A capture is wanted while the loop sleeps: makes sure the poll runs, which then tries
    /// `captureWhileLoopSleeps` each round.
    func pollForCaptureWhileLoopSleeps() {
        if handoff.withLock({ $0.markPollRunning() }) { queue.async { self.startPolling() } }
    }

    /// On `queue`: publishes what waits now, then every poll interval until the captures stop.
    private func startPolling() {
        publishWaiting()
        idlePolls = 0
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let interval = DispatchTimeInterval.microseconds(Int(pollInterval * 1e6))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .microseconds(Int(pollInterval * 1e5)))
        // Weak: a publisher released while its poll runs (a session stopped) ends it in deinit.
        timer.setEventHandler { [weak self] in self?.poll() }
        pollTimer = timer
        timer.resume()
    }

    private func poll() {
        captureWhileLoopSleeps()
        if publishWaiting() {
            idlePolls = 0
            return
        }
        idlePolls += 1
        guard idlePolls >= idlePollsBeforeStopping else { return }
        stopPollingIfIdle()
    }

    /// On `queue`: stops the poll unless a capture arrived meanwhile. `submit` checks
    /// `isPolling` under the same lock, so a capture stored after this sees the poll stopped and
    /// starts it again. (A capture wanted while the loop sleeps may be left wanted: the session
    /// takes it on the loop's thread at the next frame.)
    private func stopPollingIfIdle() {
        let stopped = handoff.withLock { handoff in
            guard handoff.waiting == nil else { return false }
            handoff.isPolling = false
            return true
        }
        guard stopped else { return }
        pollTimer?.cancel()
        pollTimer = nil
    }

    /// In the publishing context: records from now on; `published`, the last published
    /// document, is the recording's first keyframe (else the next capture is).
    func startRecording(_ recorder: SessionRecorder, at moment: RecordingLine.Moment, published: Snapshot?) {
        self.recorder = recorder
        if let published { recorder.published(published, ops: nil, at: moment) }
    }

    /// In the publishing context: ends the recording.
    func stopRecording(at moment: RecordingLine.Moment) {
        recorder?.finish(at: moment)
        recorder = nil
    }

    /// Whether the poll runs (tests).
    var isPolling: Bool { handoff.withLock { $0.isPolling } }

    /// Runs `body` once everything submitted before has been published (inline: at once), with
    /// the state then: replies that must follow the updates go out through here.
    func afterPublishing(_ body: @escaping (State) -> Void) {
        guard mode == .worker else {
            body(state)
            return
        }
        let box = UncheckedBox(body)
        queue.async {
            self.publishWaiting()
            box.value(self.state)
        }
    }

    /// Waits until everything submitted before has been published and returns the state.
    /// `stoppingThePoll`: nothing more will come for the poll to take (the session stopped), so
    /// it stops now rather than after half a second of empty rounds, in which the worker would
    /// wake every poll interval for nothing.
    @discardableResult
    func flush(stoppingThePoll: Bool = false) -> State {
        guard mode == .worker else { return state }
        return queue.sync {
            publishWaiting()
            if stoppingThePoll { stopPollingIfIdle() }
            return state
        }
    }

    /// Publishes the waiting capture, if any; returns whether there was one.
    @discardableResult
    private func publishWaiting() -> Bool {
        let next = handoff.withLock { handoff in
            captureWaits.store(false, ordering: .releasing)
            return handoff.waiting.take()
        }
        guard let next else { return false }
        publish(next.capture.snapshot(assembling: &assembly), sendUpdate: next.sendUpdate, at: next.moment)
        return true
    }

    private func publish(_ capture: Snapshot, sendUpdate: Bool, at moment: RecordingLine.Moment) {
        var current = capture
        guard let previous = state.published else {
            current.revision = state.revision + 1
            state.published(current, at: moment)
            recorder?.published(current, ops: nil, at: moment)
            return
        }
        guard current.roots != previous.roots || current.rangeControllers != previous.rangeControllers else { return }
        current.revision = state.revision + 1
        state.published(current, at: moment)
        guard sendUpdate || recorder != nil else { return onPublished(previous, current, nil) }
        let diff = UpdateOps.diff(previous, current)
        defer { onPublished(previous, current, sendUpdate ? diff : nil) }
        var opsWriter = JSONWriter(capacity: 1024)
        UpdateOp.encode(diff, into: &opsWriter)
        let ops = opsWriter.bytes
        if let recorder {
            recorder.published(current, ops: ops, at: moment)
            for change in RangeModeChange.between(previous.rangeControllers, current.rangeControllers) {
                recorder.mark(RecordingMarker(.rangeMode, detail: change), revision: state.revision, at: moment)
            }
        }
        guard sendUpdate else { return }
        var writer = JSONWriter(capacity: ops.count + 64)
        writer.raw("{\"baseRevision\":")
        writer.int(state.revision - 1)
        writer.raw(",\"revision\":")
        writer.int(state.revision)
        writer.raw(",\"frame\":")
        writer.int(moment.frame)
        writer.raw(",\"time\":")
        writer.number(moment.time)
        writer.raw(",\"ops\":")
        writer.raw(bytes: ops)
        writer.byte(UInt8(ascii: "}"))
        state.updatesSent += 1
        state.updateBytesSent += writer.bytes.count
        sendEvent("Tree.updated", writer.bytes)
    }
}

/// Carries a closure that is only ever called in one context at a time (the publisher's queue)
/// across the `Sendable` boundary of `DispatchQueue.async`.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
