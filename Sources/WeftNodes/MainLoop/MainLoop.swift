import Foundation
import Synchronization
import WeftLayout

/// The headless main loop a host program's node tree lives on, Weft's stand-in for the UIKit run
/// loop and its display link.
///
/// One frame (`tick`) does, in order:
/// 1. advance program time (see `LoopClock`),
/// 2. run the work scheduled for this frame (`schedule`, due timers, work posted from other
///    threads),
/// 3. move scrolling containers (drags, deceleration, animated offsets), run the `.animation`
///    callbacks, run the `.layout` callbacks, then lay out the roots (`layoutIfNeeded`) and
///    update every on-screen container's ranges (MainLoop+Roots.swift),
/// 4. run the after-frame hooks (an observer such as the inspector's capture looks at the tree
///    here, after everything settled).
///
/// The loop can be paused (frames stop and program time freezes; work posted from other threads
/// still runs so a remote inspector can step it), resumed, and stepped by a number of frames.
/// Everything except `post(_:)` must be called on the loop's own thread; other threads touch
/// the trees only through `idleGate`, while the loop sleeps.
public final class MainLoop {
    /// When a per-frame callback runs within a frame.
    public enum Phase: Int, Comparable, Sendable, CaseIterable {
        /// Motion: drags, deceleration, animated offsets.
        case animation
        /// Layout and range updates, after motion settled the frame's offsets.
        case layout

        /// Phases order as they run: animation before layout.
        public static func < (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Identifies a registered callback or hook so it can be removed.
    public struct Token: Hashable, Sendable {
        fileprivate let value: Int
    }

    /// What an after-frame hook learns about the frame that just ran.
    public struct FrameInfo: Sendable {
        /// The frame number, from 1.
        public let frame: Int
        /// Program time at this frame, in seconds.
        public let time: Double
        /// The loop's change counter after the frame (see `changeCount`).
        public let changeCount: UInt64
        /// Whether `changeCount` moved during this frame: when false, nothing observable changed
        /// and an observer may skip the frame.
        public let changed: Bool
        /// When the frame began, in `wallClock` seconds: an observer that works after
        /// frames measures the frames' own time from it (`CaptureSession` keeps its captures
        /// within a share of that).
        public let startedAt: Double
    }

    /// How program time advances: `.real` with the wall clock, `.manual` one frame's time per frame.
    public let clock: LoopClock
    /// The wall time the loop sleeps on and stamps frames with (`.monotonic` unless a test
    /// drives it by hand).
    public let wallClock: WallClock
    /// Frames per second (default 60).
    public let framesPerSecond: Double
    /// One frame's time in seconds: `1 / framesPerSecond`.
    public var frameDuration: Double { 1 / framesPerSecond }

    /// Frames run so far.
    public var frame: Int { state.frame }
    /// Program time in seconds: starts at 0 and advances only when a frame runs.
    public var time: Double { state.time }
    /// Whether frames are stopped (`pause()`); posted work still runs.
    public var isPaused: Bool { state.isPaused }
    /// Whether a frame is running right now (callbacks and hooks run inside one).
    public var isInFrame: Bool { state.isInFrame }
    /// Opened while the loop sleeps (`sleep(until:)`), for other threads to read the trees then.
    public let idleGate: IdleGate
    /// Whether the loop slept (`sleep(until:)`) between the frame before and this one: an
    /// observer that reads the trees in the loop's sleeps (`idleGate`) can expect a sleep after
    /// this frame too; a loop running frames back to back gives none.
    public var sleptBeforeThisFrame: Bool { state.sleptBeforeThisFrame }
    /// The seconds the loop waited on waking, between the frame before and this one, for a
    /// reader of `idleGate` to finish: what those readers cost the program's frames.
    public var idleWaitBeforeThisFrame: Double { state.idleWaitBeforeThisFrame }

    /// The root nodes (windows or screens) the loop lays out every frame, in order.
    public internal(set) var roots: [DisplayNode] {
        get { state.roots }
        set { state.roots = newValue }
    }

    /// What every frame reads and writes, kept together. Written on the loop's thread only
    /// (debug builds check it: `assertOnFrameThread`), read or assigned field by field and never
    /// passed `inout` out of this type, so unchecked for exclusivity: checked, each access
    /// called the runtime's access check, about 1 % of a scrolling feed's frame.
    private struct FrameState {
        var frame = 0
        var time: Double = 0
        var isPaused = false
        var isInFrame = false
        var sleptBeforeThisFrame = false
        var idleWaitBeforeThisFrame = 0.0
        var roots: [DisplayNode] = []
        // Read after every frame by a recording inspector (its markers).
        var memoryWarnings = 0
        var applicationState = ApplicationState.active
    }
    @exclusivity(unchecked) private var state = FrameState()
    #if DEBUG
        /// The thread running the current frame (debug builds check writes against it).
        private var frameThread = pthread_self()
    #endif
    /// Memory warnings so far (`simulateMemoryWarning`): observers tell a new one by the count.
    public internal(set) var memoryWarnings: Int {
        get { state.memoryWarnings }
        set { state.memoryWarnings = newValue }
    }
    /// Whether the host program is in the foreground (`setApplicationState`).
    public internal(set) var applicationState: ApplicationState {
        get { state.applicationState }
        set { state.applicationState = newValue }
    }
    /// The mode a memory warning gives containers without the display bit (Texture's
    /// `setRangeModeForMemoryWarnings:`): lowMemory or visibleOnly; other modes are refused with
    /// a warning, as Texture asserts against them.
    public var rangeModeForMemoryWarnings: RangeMode = .lowMemory {
        didSet {
            if rangeModeForMemoryWarnings != .lowMemory && rangeModeForMemoryWarnings != .visibleOnly {
                NodeDiagnostics.warn(
                    "loop",
                    "rangeModeForMemoryWarnings must be lowMemory or visibleOnly, not \(rangeModeForMemoryWarnings.rawValue)")
                rangeModeForMemoryWarnings = oldValue
            }
        }
    }
    /// Pixels per point of the roots' screens (default 2): their layouts round to this grid.
    public var screenScale: Double = 2 {
        didSet {
            for root in roots {
                root.layoutContext = LayoutContext(scale: screenScale)
                root.setNeedsLayout()
            }
        }
    }

    /// Called with every layout spec a node of the loop's trees builds, before it is laid out:
    /// an inspector re-applies its live edits of spec properties here.
    public var layoutSpecWillLayout: ((DisplayNode, any LayoutElement) -> Void)?
    /// More callers of the same moment, each with a token (`addLayoutSpecObserver`): a single
    /// slot could not be shared by the host and inspectors (each would replace or clear the
    /// others' hook).
    private let layoutSpecObservers = Registrations<(DisplayNode, any LayoutElement) -> Void>()
    /// Told when the loop pauses or resumes, and of memory warnings and application states:
    /// inspectors show the program's state, and recordings mark them.
    private let runStateObservers = Registrations<(RunStateChange) -> Void>()

    private var nextToken = 0
    private var scheduled: [() -> Void] = []
    private var timers: [(due: Double, order: Int, work: () -> Void)] = []
    private let callbacks = Registrations<(phase: Phase, body: (MainLoop) -> Void)>()
    /// Boxed: a closure stored as a generic `Registrations` body is called through a thunk that
    /// copies the frame's info once more, after every frame.
    private let afterFrameHooks = Registrations<AfterFrameHook>()
    private var pendingSteps = 0
    private var stopRequested = false
    private var lastFrameWallTime: Double?
    private let postedWork = PostedWork()
    /// Sleeps and waits at the gate since the last frame (`sleptBeforeThisFrame`,
    /// `idleWaitBeforeThisFrame` at the next).
    private var sleptSinceLastFrame = false
    private var idleWaitSinceLastFrame = 0.0
    /// The loop's own part of `changeCount`: `noteChange` calls, and the revisions of removed roots.
    var changes: UInt64 = 0
    private var changesAtLastFrame: UInt64 = 0
    /// Numbers the walks of `layoutRoots` that update containers: a node remembers the last walk
    /// that visited it (`DisplayNode.containerUpdateWalk`).
    var containerUpdateWalks: UInt64 = 0

    /// A loop ticking `framesPerSecond` times a second (a rate that is not a positive finite
    /// number falls back to 60).
    public init(clock: LoopClock = .manual, framesPerSecond: Double = 60, wallClock: WallClock = .monotonic) {
        self.clock = clock
        self.wallClock = wallClock
        idleGate = IdleGate(clock: wallClock)
        self.framesPerSecond = framesPerSecond > 0 && framesPerSecond.isFinite ? framesPerSecond : 60
    }

    // MARK: Change signal

    /// A counter that moves whenever something observable changed (a node property, a frame, a
    /// range controller state, the roots). Observers compare it across frames to skip unchanged
    /// ones.
    public var changeCount: UInt64 {
        state.roots.reduce(changes) { $0 &+ $1.revisions.tree }
    }

    /// Records that something observable changed. Nodes and range controllers attached to this
    /// loop call it; a host may call it for changes Weft cannot see.
    public func noteChange() {
        changes &+= 1
    }

    // MARK: Scheduling

    /// Runs `work` at the start of the next frame (in scheduling order).
    public func schedule(_ work: @escaping () -> Void) {
        scheduled.append(work)
    }

    /// Runs `work` in the first frame whose program time is at least `seconds` from now.
    public func schedule(after seconds: Double, _ work: @escaping () -> Void) {
        nextToken += 1
        timers.append((due: time + max(0, seconds), order: nextToken, work: work))
    }

    /// Runs `work` on the loop's thread at its next iteration, even while paused. The only call
    /// that is safe from any thread (a transport thread posts inspector commands with it); the
    /// loop passes itself in so the closure need not capture it.
    public func post(_ work: @escaping @Sendable (MainLoop) -> Void) {
        postedWork.post(work)
    }

    /// A handle other threads keep to post work to this loop.
    public var poster: Poster { Poster(postedWork: postedWork) }

    /// Posts work to a loop from any thread.
    public struct Poster: Sendable {
        fileprivate let postedWork: PostedWork
        /// Runs `work` on the loop's thread at its next iteration, even while paused; callable from any thread.
        public func post(_ work: @escaping @Sendable (MainLoop) -> Void) { postedWork.post(work) }
    }

    // MARK: Callbacks and hooks

    /// Calls `body` once per frame in `phase` (a display link), until removed.
    @discardableResult
    public func addFrameCallback(_ phase: Phase, _ body: @escaping (MainLoop) -> Void) -> Token {
        let token = makeToken()
        callbacks.add((phase, body), token: token)
        return token
    }

    /// Calls `body` after every frame, when motion, layout and ranges have settled.
    @discardableResult
    public func addAfterFrameHook(_ body: @escaping (FrameInfo) -> Void) -> Token {
        let token = makeToken()
        afterFrameHooks.add(AfterFrameHook(body: body), token: token)
        return token
    }

    /// Calls `body` with every layout spec a node of the loop's trees builds, before it is laid
    /// out (after `layoutSpecWillLayout`), until removed: an inspector re-applies its spec edits
    /// there, next to the host's hook and other inspectors' observers.
    @discardableResult
    public func addLayoutSpecObserver(_ body: @escaping (DisplayNode, any LayoutElement) -> Void) -> Token {
        let token = makeToken()
        layoutSpecObservers.add(body, token: token)
        return token
    }

    /// What changed in how the program runs (`addRunStateObserver`).
    public enum RunStateChange: String, Sendable {
        /// `pause()` stopped frames, or `resume()` runs them again.
        case paused, resumed
        /// The host got a memory warning (`simulateMemoryWarning()`).
        case memoryWarning
        /// The host went to the background or came back (`setApplicationState(_:)`;
        /// `applicationState` says which).
        case applicationState
    }

    /// Calls `body` whenever the loop pauses or resumes, the host gets a memory warning or its
    /// application state changes, whoever made it (the host, an inspector), at once (between
    /// frames or during one), until removed.
    @discardableResult
    public func addRunStateObserver(_ body: @escaping (RunStateChange) -> Void) -> Token {
        let token = makeToken()
        runStateObservers.add(body, token: token)
        return token
    }

    /// Removes a frame callback, after-frame hook, layout spec observer or run state observer;
    /// unknown tokens are ignored.
    public func remove(_ token: Token) {
        callbacks.remove(token)
        afterFrameHooks.remove(token)
        layoutSpecObservers.remove(token)
        runStateObservers.remove(token)
    }

    /// A node of the loop's trees built `spec` and is about to lay it out: tells the host's
    /// `layoutSpecWillLayout` and the observers. (Not named after that property: a call of the
    /// method would read as a call of the optional closure.)
    func specWillLayout(_ node: DisplayNode, _ spec: any LayoutElement) {
        layoutSpecWillLayout?(node, spec)
        layoutSpecObservers.callEach { $0(node, spec) }
    }

    private func makeToken() -> Token {
        nextToken += 1
        return Token(value: nextToken)
    }

    // MARK: Running frames

    /// Stops frames (program time freezes). Work posted from other threads still runs.
    public func pause() {
        assertOnFrameThread()
        guard !state.isPaused else { return }
        state.isPaused = true
        runStateChanged(.paused)
    }

    /// Runs frames again after `pause()`; program time continues from where it stopped.
    public func resume() {
        assertOnFrameThread()
        let wasPaused = state.isPaused
        state.isPaused = false
        lastFrameWallTime = nil
        if wasPaused { runStateChanged(.resumed) }
    }

    /// Tells the run state observers.
    func runStateChanged(_ change: RunStateChange) {
        runStateObservers.callEach { $0(change) }
    }

    /// Debug builds: fails when called during a frame on another thread than the frame's, the
    /// invariant that lets the loop's and its trees' state go unchecked for exclusivity (other
    /// threads read the trees only in the loop's sleeps, through `idleGate`).
    @inline(__always)
    func assertOnFrameThread() {
        #if DEBUG
            assert(
                !state.isInFrame || pthread_equal(frameThread, pthread_self()) != 0,
                "a main loop or its trees changed during a frame, on another thread than the frame's")
        #endif
    }

    /// Runs `frames` frames now, paused or not; each advances program time by one frame duration.
    /// Called during a frame (from a callback or hook), the frames run right after that frame.
    public func step(frames: Int) {
        guard frames > 0 else { return }
        if state.isInFrame {
            pendingSteps += frames
            return
        }
        for _ in 0..<frames { runFrame(timeStep: frameDuration, startedAt: wallClock.now) }
    }

    /// Runs one frame unless paused (then it only drains posted work). Returns whether a frame ran.
    @discardableResult
    public func tick() -> Bool {
        runPostedWork()
        guard !isPaused else { return false }
        let now = wallClock.now
        runFrame(timeStep: nextTimeStep(at: now), startedAt: now)
        return true
    }

    /// Runs `count` frames with `tick` (a paused loop runs none of them).
    public func run(frames count: Int) {
        for _ in 0..<max(0, count) { tick() }
    }

    /// Runs frames until `condition` holds or `maximumFrames` frames ran; returns whether it held.
    @discardableResult
    public func run(until condition: () -> Bool, maximumFrames: Int = 10_000) -> Bool {
        for _ in 0..<maximumFrames {
            if condition() { return true }
            iterate()
        }
        return condition()
    }

    /// Runs until `stop()` is called, sleeping between frames on the real clock (`sleep(until:)`:
    /// other threads may read the trees meanwhile, through `idleGate`). On the manual clock it
    /// runs frames back to back (stop it from a hook or callback).
    public func run() {
        stopRequested = false
        while !stopRequested {
            iterate()
        }
    }

    /// Makes `run()` return after the current iteration.
    public func stop() {
        stopRequested = true
    }

    /// Sleeps until `deadline` (`wallClock` seconds) with `idleGate` open, so that other
    /// threads may read the trees meanwhile. `run()` sleeps between frames with it; a host that
    /// paces frames itself (`tick()`) sleeps with it too, or its inspector reads the trees on the
    /// loop's thread, after frames. Inside a frame (a callback or hook sleeping) the gate stays
    /// closed, and the sleep is not one between frames: the trees are half-way through the frame.
    public func sleep(until deadline: Double) {
        guard !state.isInFrame else { return wallClock.sleep(until: deadline) }
        idleGate.open(until: deadline)
        wallClock.sleep(until: deadline)
        idleWaitSinceLastFrame += idleGate.close()
        sleptSinceLastFrame = true
    }

    /// The program time a frame starting at `now` (`wallClock`) advances.
    private func nextTimeStep(at now: Double) -> Double {
        switch clock {
        case .manual:
            return frameDuration
        case .real:
            defer { lastFrameWallTime = now }
            guard let last = lastFrameWallTime else { return frameDuration }
            return min(max(0, now - last), LoopClock.maximumFrameStep)
        }
    }

    /// One iteration of a running loop: a frame (or, paused, the posted work), then on the real
    /// clock a sleep until the next frame is due (a whole frame while paused, so a paused live
    /// program does not spin).
    private func iterate() {
        let ran = tick()
        guard clock == .real else { return }
        guard ran, let last = lastFrameWallTime else {
            sleep(until: wallClock.now + frameDuration)
            return
        }
        let deadline = last + frameDuration
        if deadline > wallClock.now { sleep(until: deadline) }
    }

    private func runFrame(timeStep: Double, startedAt: Double) {
        #if DEBUG
            frameThread = pthread_self()
        #endif
        state.isInFrame = true
        (state.sleptBeforeThisFrame, state.idleWaitBeforeThisFrame) = (sleptSinceLastFrame, idleWaitSinceLastFrame)
        (sleptSinceLastFrame, idleWaitSinceLastFrame) = (false, 0)
        state.frame += 1
        state.time += timeStep
        runScheduledWork()
        advanceMotion(by: timeStep)
        runCallbacks(.animation)
        runCallbacks(.layout)
        layoutRoots()
        let count = changeCount
        let info = FrameInfo(
            frame: frame, time: time, changeCount: count, changed: count != changesAtLastFrame,
            startedAt: startedAt)
        afterFrameHooks.callEach { $0.body(info) }
        changesAtLastFrame = count
        state.isInFrame = false
        if pendingSteps > 0 {
            let steps = pendingSteps
            pendingSteps = 0
            step(frames: steps)
        }
    }

    private func runCallbacks(_ phase: Phase) {
        callbacks.callEach { callback in
            if callback.phase == phase { callback.body(self) }
        }
    }

    private func runScheduledWork() {
        runPostedWork()
        let work = scheduled
        scheduled = []
        for item in work { item() }
        let due = timers.filter { $0.due <= time + 1e-9 }.sorted { ($0.due, $0.order) < ($1.due, $1.order) }
        guard !due.isEmpty else { return }
        timers.removeAll { $0.due <= time + 1e-9 }
        for timer in due { timer.work() }
    }

    private func runPostedWork() {
        for work in postedWork.takeAll() { work(self) }
    }
}

/// An after-frame hook's body, at its own type (`MainLoop.afterFrameHooks`).
private final class AfterFrameHook {
    let body: (MainLoop.FrameInfo) -> Void

    init(body: @escaping (MainLoop.FrameInfo) -> Void) {
        self.body = body
    }
}

/// Work posted from other threads, handed to the loop's thread at its next iteration.
final class PostedWork: Sendable {
    private let queue = Mutex<[@Sendable (MainLoop) -> Void]>([])

    func post(_ work: @escaping @Sendable (MainLoop) -> Void) {
        queue.withLock { $0.append(work) }
    }

    func takeAll() -> [@Sendable (MainLoop) -> Void] {
        queue.withLock { queue in
            defer { queue.removeAll() }
            return queue
        }
    }
}
