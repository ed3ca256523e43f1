import Foundation
import WeftJSON
import WeftNodes
import WeftSnapshot

/// The program's side of an inspection, on its main loop and without any transport: it keeps
/// the document at the current revision, serves every device method of docs/protocol.md
/// (`handle(method:params:reply:)`) and, after each frame, streams `Tree.updated` ops against
/// revisions while someone listens (docs/protocol.md, Updates).
///
/// - Revisions: `revision` grows by one each time a capture differs from the last published
///   document (meta and `capturedAt` aside). `Tree.getDocument` captures, publishing first when
///   the tree changed.
/// - Streaming: only while `isListening()` says someone is attached, and only in frames where the
///   main loop saw a change (a cheap check per frame otherwise). Changes of one frame become one
///   `Tree.updated`; updates are rate-limited to `updateRate` per second of program time, and
///   the captures to `captureBudget` of the frames' time (pending changes go out with the next
///   allowed frame), except while the loop is paused, where every stepped frame's update is
///   sent.
/// - `Runtime.step` answers after its frames ran and after the update they produced was sent.
/// - Recording (`record(to:limitBytes:)`): every revision, with markers, to a file
///   (docs/recording-format.md), streamed as if someone listened; written where it publishes.
///
/// Everything here is called on the main loop's thread; the transport posts requests to it.
/// With `publishing: .worker` only the capture runs there: comparing, diffing and encoding run
/// on a worker queue (`UpdatePublisher`), which then also calls `sendEvent` and the replies,
/// in the order they were produced. And when the loop sleeps between frames, a streamed
/// update's capture is left for the worker to take in the sleep, through the loop's
/// `IdleGate` (`captureWhileLoopSleeps`): it then costs the frames nothing. Frames back to back
/// capture no more often than the worker takes the captures (`stream(after:)`).
public final class CaptureSession {
    /// Where captures are compared, diffed and encoded.
    public enum Publishing: Sendable {
        /// On the loop's thread, before the call that captured returns (tools, tests).
        case inline
        /// On a worker queue; `sendEvent` and replies are called there (`Inspector` uses this).
        case worker
    }

    public let loop: MainLoop
    /// What `meta` documents carry (appId, instance, screen...); `capturedAt` is filled per document.
    public var meta: Snapshot.Meta
    /// At most this many `Tree.updated` per second while running (0: no limit).
    public var updateRate: Double {
        get { scheduler.updateRate }
        set { scheduler.updateRate = newValue }
    }
    /// While running, streamed captures take at most this share of the loop thread's time in
    /// frames (0: no limit): cheap frames or big trees get fewer updates, not slower frames
    /// (`CaptureBudget`). Documents and stepped frames are not limited.
    public var captureBudget: Double {
        get { scheduler.budget.fraction }
        set { scheduler.budget.fraction = newValue }
    }
    /// The budget `Inspector` streams with: a quarter of the frames' time. A scrolling feed in
    /// this headless runtime, whose frames draw nothing and are cheap, streams 20 to 30 updates
    /// per second within it (`make bench`); what it stops is a tree whose changes cost far more
    /// to capture than to make (hundreds of nodes fading every frame), which would otherwise
    /// take the loop's thread several times over.
    public static let defaultCaptureBudget = 0.25
    /// Whether anyone listens (the transport's attached count); streaming stops while false.
    public var isListening: () -> Bool {
        get { listeningCheck }
        set { listeningCheck = newValue }
    }
    /// Read every frame: unchecked for exclusivity, as the frame state below.
    @exclusivity(unchecked) private var listeningCheck: () -> Bool = { false }
    /// Sends an event (method, pre-encoded params): `Tree.updated`, `Layout.editDropped`,
    /// `Layout.editsChanged`, `Runtime.stateChanged`, `DevTools.*`.
    /// With `.worker` publishing it is called on the worker queue.
    public var sendEvent: (String, [UInt8]) -> Void {
        get { publisher.sendEvent }
        set { publisher.sendEvent = newValue }
    }

    /// The revision of the last published document (waits for the worker, after capturing the
    /// changes frames left for it: `publishedAfterDeferredChanges`).
    public var revision: Int { publishedAfterDeferredChanges().revision }
    /// Updates sent so far, and their total size in bytes (benchmarks and tests read them;
    /// they wait for the worker, as `revision` does).
    public var updatesSent: Int { publishedAfterDeferredChanges().updatesSent }
    public var updateBytesSent: Int { publishedAfterDeferredChanges().updateBytesSent }
    /// Captures taken for updates so far (benchmarks and tests read it: with a budget, fewer
    /// than the rate allows).
    public var streamedCaptures: Int { storedStreamedCaptures }
    @exclusivity(unchecked) private var storedStreamedCaptures = 0
    /// Compares, diffs, encodes and sends, inline or on its worker queue.
    let publisher: UpdatePublisher

    /// The roots the host chose to inspect, when not the loop's.
    private let chosenRoots: (() -> [DisplayNode])?
    /// The chosen roots and their change counts (`revisions.tree`) at the last frame. The loop
    /// counts its own roots' changes only (`FrameInfo.changed`), and the program may take a
    /// chosen root off the loop (a screen kept aside) while it still changes. By id: a root the
    /// program dropped is freed, and a new one may get its address and count from 0 again.
    private var chosenRootsSeen: [(root: String, revision: UInt64)] = []
    /// The roots captures start from, now: the loop's own unless the host chose others.
    public var inspectedRoots: [DisplayNode] { chosenRoots?() ?? loop.roots }
    let edits: EditStore
    /// Where `Layout.evaluate` runs, off the loop's thread.
    let evaluator = LayoutEvaluator()
    /// Chrome DevTools' connections to this program (`DevTools.call`, docs/devtools.md).
    public let devTools = DevToolsAgent()

    /// Where the changes frames made stand against the captures (the session's state machine,
    /// with `scheduler.state` for the stream and `wantedWhileLoopSleeps`).
    enum Changes: Equatable {
        /// Every change is captured (or waits in the capture left for the loop's sleep).
        case captured
        /// The trees changed since the last capture.
        case pending
        /// Frames back to back held their capture back because the worker had not taken the
        /// last one (`StreamScheduler.Decision.holdForWorker`); `pending`: whether the trees
        /// changed. The next frame after the worker took it captures; the accessors that wait
        /// for the worker capture first, so that what they return covers every frame run.
        case heldForWorker(pending: Bool)

        var arePending: Bool { self == .pending || self == .heldForWorker(pending: true) }

        /// The trees changed.
        mutating func treesChanged() {
            if case .heldForWorker = self { self = .heldForWorker(pending: true) } else { self = .pending }
        }
    }
    // The state every frame reads and writes (`afterFrame`) is unchecked for exclusivity, as the
    // loop's own frame state is: touched on the loop's thread, or by the worker only while it
    // holds the loop's idle gate, and never passed `inout` to code that touches it again.
    // Checked, the runtime's access checks were half of what streaming cost a frame.
    @exclusivity(unchecked) private(set) var changes = Changes.pending
    /// The update rate, the budget and the stream's state.
    @exclusivity(unchecked) private(set) var scheduler: StreamScheduler
    @exclusivity(unchecked) private var pendingStepReplies: [(frame: Int, reply: (Result<[UInt8], CommandError>) -> Void)] = []
    private var hook: MainLoop.Token?
    /// The loop's observer of pauses and resumes (`Runtime.stateChanged`), while started.
    private var runStateHook: MainLoop.Token?
    // Read and written by the loop while it runs, and by the worker only while it holds the
    // loop's idle gate, which orders them (as it does the cache and `meta`, which captures read).
    /// The roots of the streamed capture left for the worker to take in the loop's next sleep
    /// (`captureWhileLoopSleeps`); nil when none waits.
    @exclusivity(unchecked) private var wantedWhileLoopSleeps: [DisplayNode]?
    /// The mean wall time of a streamed capture, on either thread (benchmarks read it, on the
    /// loop's thread).
    public var meanStreamedCaptureSeconds: Double? { scheduler.captureTimes.mean }
    /// Streamed captures the worker took in the loop's sleeps (of `streamedCaptures`; the others
    /// ran on the loop's thread). Read it on the loop's thread.
    public var capturesWhileLoopSlept: Int { storedCapturesWhileLoopSlept }
    @exclusivity(unchecked) private var storedCapturesWhileLoopSlept = 0
    /// Whether the loop's wall clock runs the captures in its sleeps itself (a manual clock in
    /// tests), rather than the worker's poll.
    private var clockReadsInSleeps = false
    /// Whether streamed captures are sent (someone listened at the last frame, or, recording, at
    /// the last capture); read by the worker while it holds the loop's idle gate, like
    /// `wantedWhileLoopSleeps`.
    @exclusivity(unchecked) private var sendsUpdates = false
    /// Whether the session records to a file (`record(to:limitBytes:)`).
    public var isRecording: Bool { storedIsRecording }
    // Read after every frame, as the frame state above.
    @exclusivity(unchecked) private var storedIsRecording = false
    /// The device method being served (`handle`): a change of the edits it makes names it.
    var servedMethod: String?
    /// The loop's frame and program time now, which a capture taken now reads.
    private var moment: RecordingLine.Moment { RecordingLine.Moment(frame: loop.frame, time: loop.time) }

    /// Inspects `loop`'s roots, or the ones `roots` returns (asked on every capture).
    public init(
        loop: MainLoop, roots: (() -> [DisplayNode])? = nil, meta: Snapshot.Meta = Snapshot.Meta(),
        updateRate: Double = 30, captureBudget: Double = 0, publishing: Publishing = .inline
    ) {
        self.loop = loop
        publisher = UpdatePublisher(
            mode: publishing == .worker ? .worker : .inline,
            pollInterval: UpdatePublisher.pollInterval(for: loop.frameDuration))
        chosenRoots = roots
        self.meta = meta
        scheduler = StreamScheduler(updateRate: updateRate, captureBudget: captureBudget)
        edits = EditStore(loop: loop)
        edits.onDropped = { [weak self] id, reason in self?.editDropped(id: id, reason: reason) }
        edits.onChanged = { [weak self] change in self?.editsChanged(change) }
        // Weakly: the publisher holds the agent (`onPublished`).
        devTools.sendEvent = { [weak publisher] params in publisher?.sendEvent("DevTools.event", params) }
        publisher.onPublished = { [devTools] previous, current, ops in
            devTools.published(previous: previous, current: current, ops: ops, programURL: DevToolsAgent.programURL(current.meta))
        }
        // The session is looked up only inside the gate, while the loop sleeps: the loop cannot
        // let go of its last reference then, so the worker never frees the session (nor the
        // loop or roots only it still held).
        let captureInSleep: () -> Void = { [weak self, gate = loop.idleGate] in
            _ = gate.whileOpen { secondsLeft in self?.captureWhileLoopSleeps(secondsLeft: secondsLeft) }
        }
        publisher.captureWhileLoopSleeps = captureInSleep
        clockReadsInSleeps = loop.wallClock.readInSleeps(captureInSleep)
    }

    /// Starts observing frames (idempotent). The frames that ran while the session was stopped
    /// went unseen, so the next frame's update reads the trees whether or not it changed them.
    /// Until `stop()` the loop holds the session (`Inspector` stops it when it detaches or goes).
    public func start() {
        guard hook == nil else { return }
        changes.treesChanged()
        // Held strongly until `stop()`, as a run loop holds a display link until it is
        // invalidated: a weak reference cost every frame a load through the session's side
        // table and a retain and a release on the runtime's slow path, more than the rest of
        // what the hook does while nobody listens.
        hook = loop.addAfterFrameHook { [self] info in afterFrame(info) }
        runStateHook = loop.addRunStateObserver { [weak self] change in self?.runStateChanged(RunStateChange(change)) }
    }

    /// Stops observing frames and drops every edit. A stream started again later starts afresh,
    /// as when a new listener comes (`endStream`). Steps whose frames have not run yet are
    /// answered with an error: the session will not see those frames, so it cannot answer with
    /// their update (and every request is answered once).
    public func stop() {
        if let hook { loop.remove(hook) }
        hook = nil
        if let runStateHook { loop.remove(runStateHook) }
        runStateHook = nil
        defer { finishRecording() }
        let unfinished = pendingStepReplies
        pendingStepReplies = []
        for step in unfinished {
            let error = CommandError(
                code: CommandError.internalErrorCode,
                message: "the inspection stopped before frame \(step.frame) ran")
            publisher.afterPublishing { _ in step.reply(.failure(error)) }
        }
        endStream()
        // The inspection ends: its edits go without an event, since nobody is left attached or the
        // program is going away, and a paused view keeps the edits of the moment it shows.
        edits.revert(roots: inspectedRoots, announcing: false)
        publisher.flush(stoppingThePoll: true)
    }

    // MARK: Documents

    /// The whole document at the current revision (publishing the changes since the last one
    /// first, as an update when someone listens).
    public func document() -> Snapshot {
        publishIfChanged(sendingUpdate: isListening())
        var document = publisher.flush().published!
        document.meta.capturedAt = Capture.timestamp()
        // Where on the program's timeline (a recorder that polls documents places them by it).
        document.meta.extra["frame"] = .number(Double(loop.frame))
        document.meta.extra["time"] = .number(loop.time)
        return document
    }

    /// The last published document, or a new one when the trees changed since (DevTools reads
    /// what the events it was sent describe, and sees its own edits at once).
    func publishedDocument() -> Snapshot {
        if hasUncapturedChanges { return document() }
        return publisher.flush().published ?? document()
    }

    /// Reuses unchanged subtrees between the captures of streamed updates.
    private let cache = CaptureCache()

    /// A capture of the roots (not published, so without its revision): fresh for documents,
    /// reusing unchanged subtrees for streamed updates.
    func capture(reusingUnchangedSubtrees: Bool) -> PendingCapture {
        reusingUnchangedSubtrees
            ? Capture.streamed(of: inspectedRoots, meta: meta, cache: cache)
            : .document(Capture.snapshot(of: inspectedRoots, meta: meta))
    }

    /// Captures and hands the capture to the publisher, which publishes the next revision when
    /// the trees differ from the published document (sending its ops when asked). Documents
    /// asked for are captured afresh, so anything a streamed capture missed shows there (and in
    /// the update before them). A capture waiting for the loop's sleep is not needed after it.
    private func publishIfChanged(sendingUpdate: Bool, fresh: Bool = true) {
        changes = .captured
        wantedWhileLoopSleeps = nil
        publisher.submit(sendUpdate: sendingUpdate, at: moment) { capture(reusingUnchangedSubtrees: !fresh) }
    }

    /// On the worker, holding the loop's idle gate (the loop waits if it wakes meanwhile): takes
    /// the wanted streamed capture if the sleep has long enough left, and submits it.
    /// Submitted there, it takes its place among the captures the loop submits, in the order
    /// the trees were read: it replaces one the loop submitted before the sleep, and one the
    /// loop submits after the sleep replaces it, however late the worker publishes.
    private func captureWhileLoopSleeps(secondsLeft: Double) {
        let paused = loop.isPaused
        guard let roots = wantedWhileLoopSleeps, scheduler.sleepHasRoom(secondsLeft: secondsLeft, paused: paused) else { return }
        wantedWhileLoopSleeps = nil
        let capture = timedStreamedCapture {
            publisher.submit(sendUpdate: sendsUpdates, at: moment) { Capture.streamed(of: roots, meta: meta, cache: cache) }
        }
        // The loop's wait for it is this session's own, not another's in the same sleep.
        scheduler.chargeLoopWait(captureSeconds: capture.seconds, sleepLeft: secondsLeft, first: capture.first, paused: paused)
        storedCapturesWhileLoopSlept += 1
    }

    // MARK: Frames

    private func afterFrame(_ info: MainLoop.FrameInfo) {
        if info.changed || chosenRootsChanged() { changes.treesChanged() }
        let paused = loop.isPaused
        // A recording streams as a listener does, without sending: whether someone listens then
        // matters only to what its captures send, asked where one is taken.
        let listening = isRecording || askIfListening()
        // Paused or not: a frame seen without a listener ends the stream, so the next one
        // starts afresh.
        if !listening, scheduler.state != .idle { endStream() }
        if paused {
            if hasUncapturedChanges, listening { streamUpdate(at: info.time) }
        } else if listening {
            stream(after: info)
        }
        if !pendingStepReplies.isEmpty { answerFinishedSteps(at: info.frame) }
    }

    /// Asks `isListening()` for the captures taken from now on (`sendsUpdates`).
    @discardableResult
    private func askIfListening() -> Bool {
        sendsUpdates = isListening()
        return sendsUpdates
    }

    /// A running frame with a listener: its changes go out when the scheduler allows. Inlined
    /// into `afterFrame`: most frames end here, deciding to wait.
    @inline(__always)
    private func stream(after info: MainLoop.FrameInfo) {
        let slept = loop.sleptBeforeThisFrame
        if case .heldForWorker = changes,
            scheduler.stillHoldsForWorker(sleptBeforeFrame: slept, workerHasWaitingCapture: { publisher.hasWaitingCapture })
        {
            return
        }
        let decision = scheduler.decide(
            frameTime: info.time, frameSeconds: { loop.wallClock.now - info.startedAt }, hasChanges: changes.arePending,
            captureWaitsForSleep: wantedWhileLoopSleeps != nil, sleptBeforeFrame: slept,
            workerHasWaitingCapture: { publisher.hasWaitingCapture })
        let capture: (seconds: Double, first: Bool)?
        switch decision {
        case .wait:
            return
        case .holdForWorker:
            changes = .heldForWorker(pending: changes.arePending)
            return
        case .takeWaitingCapture:
            // The sleep after the frame that left this capture for it did not take it (shorter
            // than the worker's poll or than the capture, or the worker was late): taken here,
            // so that updates keep their rate and a burst's last changes do not wait for a
            // sleep that never has room.
            capture = captureHere()
        case .stream(let mayWaitForSleep):
            capture = streamUpdate(at: info.time, mayWaitForSleep: mayWaitForSleep)
        }
        if let capture { scheduler.chargeCapture(seconds: capture.seconds, first: capture.first) }
    }

    /// Changes not captured yet: seen in frames since the last capture, or waiting for the
    /// loop's sleep in a capture the worker has not taken.
    private var hasUncapturedChanges: Bool { changes.arePending || wantedWhileLoopSleeps != nil }

    /// Whether the chosen roots, or their change counts, differ from the last frame's (false
    /// when the session inspects the loop's roots, which `FrameInfo.changed` covers).
    private func chosenRootsChanged() -> Bool {
        guard let chosenRoots else { return false }
        let roots = chosenRoots()
        let unchanged =
            roots.count == chosenRootsSeen.count
            && zip(roots, chosenRootsSeen).allSatisfy { $0.id == $1.root && $0.revisions.tree == $1.revision }
        if !unchanged { chosenRootsSeen = roots.map { ($0.id, $0.revisions.tree) } }
        return !unchanged
    }

    /// Nobody listens any more, or the session stopped: the next stream starts afresh. Its first
    /// capture is free and its credit whole, and its first update is not held back by the rate
    /// limit (a debt run up long ago, or an update its listener never saw, would delay it).
    private func endStream() {
        if case .heldForWorker(let pending) = changes { changes = pending ? .pending : .captured }
        wantedWhileLoopSleeps = nil
        scheduler.endStream()
    }

    /// Streams the changes since the last update; returns the seconds its capture took here and
    /// whether it was the stream's first, or nil when it was left for the loop's sleep.
    /// `time`: the program time of the frame, from which the rate limit counts.
    /// `mayWaitForSleep`: the loop slept before this frame, so it sleeps between frames: the
    /// capture is left for the worker to take in the loop's sleep after this frame. One the
    /// sleep does not take is taken at the next frame (`stream(after:)`).
    @discardableResult
    private func streamUpdate(at time: Double, mayWaitForSleep: Bool = false) -> (seconds: Double, first: Bool)? {
        scheduler.updateStreamed(at: time)
        storedStreamedCaptures += 1
        if mayWaitForSleep, publisher.mode == .worker {
            if isRecording { askIfListening() }
            changes = .captured
            wantedWhileLoopSleeps = inspectedRoots
            if !clockReadsInSleeps { publisher.pollForCaptureWhileLoopSleeps() }
            return nil
        }
        return captureHere()
    }

    /// Captures the changes not captured yet, here on the loop's thread, and submits them;
    /// returns the seconds that took and whether it was the stream's first capture.
    private func captureHere() -> (seconds: Double, first: Bool) {
        if isRecording { askIfListening() }
        return timedStreamedCapture { publishIfChanged(sendingUpdate: sendsUpdates, fresh: false) }
    }

    /// Runs `captureAndSubmit`, a streamed capture on either thread, timed; returns the seconds
    /// it took and whether it was the stream's first, which reads everything, once, and is
    /// left out of the mean (`captureTimes`).
    private func timedStreamedCapture(_ captureAndSubmit: () -> Void) -> (seconds: Double, first: Bool) {
        let first = scheduler.captureStarts()
        let start = loop.wallClock.now
        captureAndSubmit()
        let seconds = loop.wallClock.now - start
        scheduler.captureTook(seconds: seconds, first: first)
        return (seconds, first)
    }

    /// The publisher's state once the changes frames deferred for the worker are captured (on
    /// this, the loop's thread, as the next frame would) and everything submitted is published.
    private func publishedAfterDeferredChanges() -> UpdatePublisher.State {
        if case .heldForWorker = changes, isRecording || isListening() { streamUpdate(at: loop.time) }
        return publisher.flush()
    }

    /// A command changed the trees between frames: while paused no frame will follow soon, so
    /// the update goes out now; while running, the next frame sends it.
    func treeChangedOutsideFrame() {
        changes.treesChanged()
        if loop.isPaused, isRecording || isListening() { publishIfChanged(sendingUpdate: isListening()) }
    }

    /// Runs `frames` frames (now, or right after the current one) and answers once the last has
    /// run and its update went out.
    func step(frames: Int, reply: @escaping (Result<[UInt8], CommandError>) -> Void) {
        // Taken during a frame, steps run after it one after the other: this one's frames follow
        // those of the steps still pending.
        let start = max(loop.frame, pendingStepReplies.last?.frame ?? 0)
        pendingStepReplies.append((start + frames, reply))
        loop.step(frames: frames)
    }

    private func answerFinishedSteps(at frame: Int) {
        let due = pendingStepReplies.filter { $0.frame <= frame }
        guard !due.isEmpty else { return }
        pendingStepReplies.removeAll { $0.frame <= frame }
        if hasUncapturedChanges { publishIfChanged(sendingUpdate: isListening()) }
        runStateChanged(.stepped)
        // The replies wait for the update these frames produced to be sent.
        publisher.afterPublishing { state in
            var writer = JSONWriter(capacity: 48)
            writer.raw("{\"frame\":")
            writer.int(frame)
            writer.raw(",\"revision\":")
            writer.int(state.revision)
            writer.byte(UInt8(ascii: "}"))
            for step in due { step.reply(.success(writer.bytes)) }
        }
    }

    // MARK: Events

    /// What changed the program's run state (`Runtime.stateChanged`'s `change`).
    enum RunStateChange: String {
        case paused, resumed, stepped, memoryWarning, applicationState

        init(_ change: MainLoop.RunStateChange) {
            switch change {
            case .paused: self = .paused
            case .resumed: self = .resumed
            case .memoryWarning: self = .memoryWarning
            case .applicationState: self = .applicationState
            }
        }
    }

    /// `{"paused", "applicationState", "frame", "time"}` (Runtime.getState).
    func runState() -> [UInt8] {
        var writer = JSONWriter(capacity: 96)
        writer.byte(UInt8(ascii: "{"))
        writeRunState(into: &writer)
        writer.raw(",\"frame\":")
        writer.int(loop.frame)
        writer.raw(",\"time\":")
        writer.number(loop.time)
        writer.byte(UInt8(ascii: "}"))
        return writer.bytes
    }

    private func writeRunState(into writer: inout JSONWriter) {
        writer.raw("\"paused\":")
        writer.bool(loop.isPaused)
        writer.raw(",\"applicationState\":")
        writer.string(loop.applicationState.rawValue)
    }

    /// The loop paused, resumed or ran stepped frames, or the host got a memory warning or
    /// changed its application state: every inspector is told, after the updates published
    /// before (whoever made it: an inspector, the host, a detach restoring it).
    private func runStateChanged(_ change: RunStateChange) {
        sendEvent("Runtime.stateChanged", change: change.rawValue) { writeRunState(into: &$0) }
    }

    /// The list of live edits changed: every inspector gets the whole list (a few edits), so one
    /// that missed an event is right again at the next; with the request that changed it
    /// (`method`), none when the program did (a drop, `stop()`'s revert).
    private func editsChanged(_ change: LiveEdit.Change) {
        let method = change == .dropped ? nil : servedMethod
        sendEvent("Layout.editsChanged", change: change.rawValue) { writer in
            if let method {
                writer.raw("\"method\":")
                writer.string(method)
                writer.byte(UInt8(ascii: ","))
            }
            writeEditsList(into: &writer)
        }
    }

    /// Sends an event about a moment of the run once what was published before it went out:
    /// its params are its method's result (`fields`) with what changed it first and, last, the
    /// program `frame` and `time` now and the `revision` this moment belongs to
    /// (`UpdatePublisher.State.revision(atFrame:)`). A recording marks what the event says
    /// (`EventMarker`), as `weft record-session` marks what it receives.
    private func sendEvent(_ method: String, change: String, fields: (inout JSONWriter) -> Void) {
        let now = moment
        var writer = JSONWriter(capacity: 256)
        writer.raw("{\"change\":")
        writer.string(change)
        writer.byte(UInt8(ascii: ","))
        fields(&writer)
        writer.raw(",\"frame\":")
        writer.int(now.frame)
        writer.raw(",\"time\":")
        writer.number(now.time)
        writer.raw(",\"revision\":")
        let head = writer.bytes
        publisher.afterPublishing { [publisher] state in
            var params = head
            params += Array(String(state.revision(atFrame: now.frame)).utf8)
            params.append(UInt8(ascii: "}"))
            if let recorder = publisher.recorder, let marked = try? EventMarker.of(method: method, params: params) {
                recorder.mark(marked.marker, revision: marked.revision, at: marked.moment)
            }
            publisher.sendEvent(method, params)
        }
    }

    /// Sends an event once what was published before it went out.
    private func send(_ method: String, _ params: [UInt8]) {
        publisher.afterPublishing { [publisher] _ in publisher.sendEvent(method, params) }
    }

    private func editDropped(id: String, reason: String) {
        var writer = JSONWriter(capacity: 64 + reason.utf8.count)
        writer.raw("{\"id\":")
        writer.string(id)
        writer.raw(",\"reason\":")
        writer.string(reason)
        writer.byte(UInt8(ascii: "}"))
        send("Layout.editDropped", writer.bytes)
    }
}

// MARK: Recording

extension CaptureSession {
    /// The recorder's size limit when the program names none: 256 MiB, about an hour and a half
    /// of TextureGram scrolling (docs/recording-format.md, "Size").
    public static let defaultRecordingLimitBytes = 256 << 20
    /// Updates between two keyframes at most (docs/recording-format.md, "Keyframes").
    public static let defaultKeyframeInterval = 300

    /// Records every revision from now on to `path` (docs/recording-format.md), with markers,
    /// until `stop()`: the whole run, with or without a listener. The file is written where the
    /// session publishes (its worker with `.worker`), at most `limitBytes` long. Throws when the
    /// file cannot be created; once recording, nothing it meets stops the program.
    public func record(
        to path: String, limitBytes: Int = defaultRecordingLimitBytes,
        keyframeInterval: Int = defaultKeyframeInterval
    ) throws {
        guard !isRecording else { throw RecordingAlreadyRunning() }
        var headerMeta = meta
        headerMeta.capturedAt = nil
        // A manual clock's run plays the same frames everywhere: its recording names no
        // process, so that it is the same file every time.
        if loop.clock == .manual { (headerMeta.pid, headerMeta.host) = (nil, nil) }
        let recorder = try SessionRecorder(
            path: path, meta: headerMeta, limitBytes: limitBytes,
            keyframeInterval: keyframeInterval)
        storedIsRecording = true
        changes.treesChanged()
        let start = moment
        publisher.afterPublishing { [publisher] state in publisher.startRecording(recorder, at: start, published: state.published)
        }
    }

    /// Adds a marker at this frame (on the loop's thread); nothing when not recording.
    public func mark(_ marker: RecordingMarker) {
        guard isRecording else { return }
        let now = moment
        publisher.afterPublishing { [publisher] state in
            publisher.recorder?.mark(marker, revision: state.revision(atFrame: now.frame), at: now)
        }
    }

    /// Ends the recording: the last changes, the `end` record, the file closed (`stop()` does
    /// it; call it on the loop's thread, as at exit without `stop()`). Nothing when not recording.
    public func finishRecording() {
        guard isRecording else { return }
        // The last frames' changes (and a revert of edits by `stop()`) are the run's end.
        if hasUncapturedChanges || changes != .captured { publishIfChanged(sendingUpdate: isListening()) }
        storedIsRecording = false
        let now = moment
        publisher.afterPublishing { [publisher] _ in publisher.stopRecording(at: now) }
        publisher.flush()
    }
}

/// `CaptureSession.record(to:)` while the session records already.
public struct RecordingAlreadyRunning: Error, CustomStringConvertible {
    public var description: String { "the session records already: one recording at a time" }
}
