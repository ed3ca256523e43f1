import WeftCapture
import WeftLayout
import WeftNodes
import WeftSnapshot

/// `capture`: the cost of inspecting a program.
/// - Capture + encode of a node tree of 1 000 / 10 000 / 100 000 elements to a document's JSON
///   (`Capture.encodedSnapshot`, which writes while it walks), in microseconds and bytes per
///   element; and the capture to a `Snapshot` value (what streaming diffs), per element. The
///   tree is rows of a typical feed row: a row node laid out by an inset around a horizontal
///   stack of a thumbnail and a vertical stack of two texts (7 elements).
/// - Bytes sent per scroll frame of a 1 000-row feed while it is dragged, as a fraction of the
///   full snapshot (`Tree.updated` against `Tree.getDocument`).
/// - Host frame time of that scrolling feed with no inspector, with one attached but nobody
///   listening, and with a listener streaming as `Inspector` does (30 updates per second within
///   the default capture budget, publishing on a worker) and at 30 per second without a budget:
///   the host thread's CPU time per frame, and the updates streamed per second of wall time
///   (the frames run back to back, far faster than real time, so the host captures only as
///   often as the worker takes the captures). The same with everything inline (capture, diff,
///   encode on the host thread, every other frame) gives the whole CPU cost of streaming 30
///   updates per program second, so that work moved to the worker is not hidden.
/// - The same feed at 60 frames per second in real time, with no inspector and streaming: the
///   loop sleeps between frames as a program's main thread does (`MainLoop.sleep(until:)`), its
///   caches go cold, and the worker takes the captures in those sleeps and publishes each: the
///   share of captures taken there and their mean wall time show where the cost went.
/// - 500 labels fading every frame, with and without the capture budget: the case the budget
///   is for.
///
/// Times are CPU times (`ThreadCPUClock`), the best of a few rounds: on a shared, loaded machine they
/// move far less than wall time.
struct CaptureBench: BenchSuite {
    let name = "capture"

    func run(size: BenchSize, report: BenchReport) {
        // As many rounds as give each size about the same work: the best of a few short rounds
        // of a small tree is mostly the machine's noise.
        for elements in size == .tiny ? [1_000] : [1_000, 10_000, 100_000] {
            captureAndEncode(elements: elements, repeats: size == .tiny ? 3 : max(5, 50_000 / elements), report: report)
        }
        scrollUpdates(frames: size == .tiny ? 60 : 600, report: report)
        frameOverhead(frames: size == .tiny ? 120 : 600, repeats: size == .tiny ? 2 : 9, report: report)
        pacedOverhead(frames: size == .tiny ? 24 : 600, report: report)
        fadingLabels(frames: size == .tiny ? 60 : 600, repeats: size == .tiny ? 1 : 5, report: report)
    }

    private func captureAndEncode(elements: Int, repeats: Int, report: BenchReport) {
        let loop = Self.rows(elements: elements)
        // Each round's output is freed before the next round's timing starts: freeing is not
        // part of a capture.
        var encoded: [UInt8] = []
        var value: Snapshot?
        var seconds = Double.infinity
        var valueSeconds = Double.infinity
        for _ in 0..<max(1, repeats) {
            encoded = []
            seconds = min(seconds, ThreadCPUClock.seconds { encoded = Capture.encodedSnapshot(of: loop.roots) })
            value = nil
            valueSeconds = min(valueSeconds, ThreadCPUClock.seconds { value = Capture.snapshot(of: loop.roots) })
        }
        let count = value!.elementCount
        let label = "\(elements / 1000)k elements"
        report.figure("capture+encode per element (\(label))", seconds * 1e6 / Double(count), "us", decimals: 3)
        report.figure(
            "capture to a Snapshot value per element (\(label))", valueSeconds * 1e6 / Double(count), "us",
            decimals: 3)
        report.figure("bytes per element (\(label))", Double(encoded.count) / Double(count), "B", decimals: 1)
    }

    /// A loop whose root lays out `elements / 7` feed rows in a vertical stack, laid out.
    static func rows(elements: Int) -> MainLoop {
        let rows = elements / FeedRow.elementCount
        let root = DisplayNode()
        root.automaticallyManagesSubnodes = true
        let children = (0..<rows).map { FeedRow(index: $0) }
        root.layoutSpecBlock = { _, _ in StackLayoutSpec(direction: .vertical, children: children) }
        let loop = MainLoop()
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 375, height: Double(rows) * 60))
        loop.tick()
        return loop
    }

    /// A 1 000-row feed dragged down then up, an update every frame (no rate limit): the mean
    /// update size against the size of the whole document.
    private func scrollUpdates(frames: Int, report: BenchReport) {
        let (loop, table) = Self.feed(rows: 1_000)
        let session = CaptureSession(loop: loop, updateRate: 0)
        session.isListening = { true }
        session.start()
        let full = session.document().encoded().count
        Self.scroll(table, loop: loop, frames: frames)
        let perFrame = Double(session.updateBytesSent) / Double(max(1, session.updatesSent))
        report.figure("full snapshot of a 1k-row feed", Double(full) / 1024, "KiB", decimals: 1)
        report.figure("bytes per scroll frame (1k-row feed)", perFrame, "B", decimals: 0)
        report.figure("scroll frame update / full snapshot", perFrame / Double(full) * 100, "%", decimals: 1)
        session.stop()
    }

    /// A session on `loop` that always has a listener, at the default 30 updates per second,
    /// within `budget` of the frames' time (`Inspector`'s default unless said). Not started.
    static func streamingSession(
        on loop: MainLoop, _ publishing: CaptureSession.Publishing,
        budget: Double = CaptureSession.defaultCaptureBudget
    ) -> CaptureSession {
        let session = CaptureSession(loop: loop, updateRate: 30, captureBudget: budget, publishing: publishing)
        session.isListening = { true }
        return session
    }

    /// Timed rounds of one way of inspecting a loop: the best round's loop-thread CPU time, and
    /// the streamed captures per second of wall time over all of them. Back to back, the
    /// program time of a loop on the manual clock runs far faster than the wall clock: the rate
    /// limit (per program second) would allow thousands of captures per wall second, and the
    /// host captures only as often as the worker takes them.
    struct TimedRounds {
        private(set) var best = Double.infinity
        private var wallSeconds = 0.0
        private var captures = 0

        /// Runs `frames` (a round of frames) timed, then waits for `session`'s worker outside the
        /// timing.
        mutating func time(_ session: CaptureSession?, _ frames: () -> Void) {
            let (start, wallStart, capturesBefore) = (ThreadCPUClock.now, MonotonicClock.now, session?.streamedCaptures ?? 0)
            frames()
            best = min(best, ThreadCPUClock.now - start)
            wallSeconds += MonotonicClock.now - wallStart
            captures += (session?.streamedCaptures ?? 0) - capturesBefore
            _ = session?.revision
        }

        var updatesPerWallSecond: Double {
            Double(captures) / max(wallSeconds, 1e-9)
        }
    }

    /// The host's frame time back to back, with each way of inspecting one feed by turns of
    /// `frames` frames: no inspector, attached with nobody listening, streaming as `Inspector`
    /// does, at 30 updates per second without a budget, everything inline, and no inspector again
    /// (its difference from the first is the method's noise). One feed, as a program has one
    /// tree: until December 2026 each way scrolled a feed of its own, and separate trees, laid
    /// out differently in memory, differed by a few percent with no inspector at all, more than
    /// an idle inspector's hook costs now that a frame takes a few microseconds. Each round starts
    /// with the next way, so that a spell of load on the shared machine spoils one turn of each
    /// rather than every turn of one. A turn starts its session's stream afresh; the frames that
    /// take its first capture (which reads every node) run before the timing, and the worker is
    /// waited for after it.
    private func frameOverhead(frames: Int, repeats: Int, report: BenchReport) {
        let (loop, table) = Self.feed(rows: 1_000)
        let ways: [CaptureSession?] = [
            nil,
            CaptureSession(loop: loop, publishing: .worker),
            Self.streamingSession(on: loop, .worker),
            Self.streamingSession(on: loop, .worker, budget: 0),
            Self.streamingSession(on: loop, .inline, budget: 0),
            nil,
        ]
        var rounds = [TimedRounds](repeating: TimedRounds(), count: ways.count)
        Self.scroll(table, loop: loop, frames: 120)  // warm up
        for round in 0..<max(1, repeats) {
            for offset in ways.indices {
                let index = (round + offset) % ways.count
                let session = ways[index]
                session?.start()
                Self.scroll(table, loop: loop, frames: 60)
                _ = session?.revision  // waits for the worker
                rounds[index].time(session) { Self.scroll(table, loop: loop, frames: frames) }
                session?.stop()
            }
        }
        let perFrame = rounds.map { $0.best * 1e6 / Double(frames) }
        let (bare, idle, budgeted, unbudgeted, inline, bareAgain) = (
            perFrame[0], perFrame[1], perFrame[2], perFrame[3],
            perFrame[4], perFrame[5]
        )
        func percent(_ value: Double) -> Double { (value - bare) / bare * 100 }
        report.figure("scroll frame, no inspector (host CPU)", bare, "us", decimals: 2)
        report.figure("scroll frame, attached, nobody listening (host CPU)", idle, "us", decimals: 2)
        report.figure("scroll frame, streaming (host CPU)", budgeted, "us", decimals: 2)
        report.figure("scroll frame, streaming 30/s without a capture budget (host CPU)", unbudgeted, "us", decimals: 2)
        report.figure("scroll frame, streaming 30/s, publishing inline (host CPU)", inline, "us", decimals: 2)
        report.figure("host overhead attached, nobody listening", percent(idle), "%", decimals: 1)
        report.figure("host overhead streaming", percent(budgeted), "%", decimals: 1)
        report.figure(
            "updates streamed back to back, per second of wall time", rounds[2].updatesPerWallSecond, "/s",
            decimals: 1)
        report.figure("host overhead streaming 30 updates/s without a capture budget", percent(unbudgeted), "%", decimals: 1)
        report.figure("CPU overhead streaming 30 updates/s, all inline", percent(inline), "%", decimals: 1)
        report.figure(
            "no inspector against no inspector, back to back (the method's noise)", percent(bareAgain), "%",
            decimals: 1)
    }

    /// The mean frame of `pairs` (the CPU seconds of pairs of frames), in microseconds, over the
    /// middle 80 % of the pairs. A virtual machine's thread is now and then charged for time
    /// its processor was away, far more than any capture costs, and a shared machine's load
    /// spreads both tails; the pairs' CPU times vary by a third around their mean. Trimmed this
    /// way, the difference between the two turns without an inspector (the method's noise) fell
    /// from 2.9 to 1.3 % (root mean square over six runs) while the overhead read the same on
    /// average (8.3 against 8.5 %). Both tails are cut, so what streaming adds to every frame
    /// still counts. (Not the median: a budget held back in some pairs and not in others once
    /// made the median pair one with a capture; now the captures are taken in the sleeps.)
    private static func meanFrame(_ pairs: [Double]) -> Double {
        let sorted = pairs.sorted()
        let cut = sorted.count / 10
        let middle = sorted[cut..<(sorted.count - cut)]
        return middle.reduce(0, +) / Double(middle.count) / 2 * 1e6
    }

    /// The same feed drawn at 60 frames per second in real time, as a program draws it: the
    /// loop sleeps between frames as a program's main thread does between screen refreshes
    /// (`MainLoop.sleep(until:)`), the worker takes the captures in those sleeps and publishes
    /// every one, and the caches go cold meanwhile, so a frame costs several times what it costs
    /// back to back.
    ///
    /// One feed, inspected by short turns of six frames: without an inspector (the session
    /// stopped), streaming as `Inspector` does (within the default capture budget), streaming 30
    /// updates per second without a budget, and without an inspector again, whose difference
    /// from the first is the method's noise. Short turns in every order, round after round, let
    /// the machine's changing load weigh on all four alike. The first pair of frames of each
    /// turn is left out: its capture reads what changed during the turn before. A streaming turn
    /// starts its stream afresh (`CaptureSession.stop()`), with a whole credit.
    ///
    /// Why one feed by turns: a program draws one tree; several feeds warm each other's code and
    /// differ by their memory layout alone.
    ///
    /// The time is the loop thread's CPU time in the frames (the sleeps are outside it), per
    /// pair of frames (one capture at 30 updates per second): the mean of the middle 80 % of
    /// the pairs (`meanFrame`). The update rate is the captures' in the frames measured.
    ///
    /// `weft-bench --paced FPS` runs this alone at another pace, streaming `FPS / 2` updates per
    /// second so that a capture still follows every other frame: at 500 frames per second a
    /// sleep is too short for this machine to lose its caches, whatever its phase, and what the
    /// worker's captures in the sleeps leave the next frame shows (docs/client.md).
    func pacedOverhead(framesPerSecond fps: Double = 60, frames: Int, report: BenchReport) {
        let (loop, table) = Self.feed(rows: 1_000, framesPerSecond: fps)
        let session = CaptureSession(loop: loop, updateRate: fps / 2, publishing: .worker)
        session.isListening = { true }
        let budgets: [Double?] = [nil, CaptureSession.defaultCaptureBudget, 0, nil]
        let (turn, leftOut) = (6, 2)
        let orders = Self.permutations(of: Array(budgets.indices))
        // Whole cycles of the orders when there are enough rounds: a cycle cut short puts some
        // ways first more often, after the turn that weighs on its first frames.
        var rounds = max(1, frames / turn)
        if rounds >= orders.count { rounds -= rounds % orders.count }
        var pairs = [[Double]](repeating: [], count: budgets.count)
        var captures = [Int](repeating: 0, count: budgets.count)
        var capturesInSleeps = [Int](repeating: 0, count: budgets.count)
        var frame = 0
        table.beginDragging()
        var deadline = MonotonicClock.now
        for round in 0..<rounds {
            for index in orders[round % orders.count] {
                if let budget = budgets[index] {
                    session.captureBudget = budget
                    session.start()
                } else {
                    session.stop()
                }
                var (capturesBefore, capturesInSleepsBefore) = (0, 0)
                for step in 0..<turn {
                    if step == leftOut {
                        (capturesBefore, capturesInSleepsBefore) = (session.streamedCaptures, session.capturesWhileLoopSlept)
                    }
                    let spent = ThreadCPUClock.seconds {
                        Self.drag(table, frame: frame)
                        loop.tick()
                    }
                    if step >= leftOut {
                        if step % 2 == 0 { pairs[index].append(spent) } else { pairs[index][pairs[index].count - 1] += spent }
                    }
                    frame += 1
                    deadline += 1 / fps
                    loop.sleep(until: deadline)
                }
                captures[index] += session.streamedCaptures - capturesBefore
                capturesInSleeps[index] += session.capturesWhileLoopSlept - capturesInSleepsBefore
            }
        }
        session.stop()
        let (bare, budgeted, unbudgeted, bareAgain) = (
            Self.meanFrame(pairs[0]), Self.meanFrame(pairs[1]),
            Self.meanFrame(pairs[2]), Self.meanFrame(pairs[3])
        )
        func percent(_ value: Double) -> Double { (value - bare) / bare * 100 }
        let pace = "\(Int(fps)) fps"
        let measuredSeconds = Double(rounds * (turn - leftOut)) / fps
        report.figure("scroll frame at \(pace) in real time, no inspector (host CPU)", bare, "us", decimals: 1)
        report.figure("scroll frame at \(pace) in real time, streaming (host CPU)", budgeted, "us", decimals: 1)
        report.figure("host overhead streaming, \(pace) in real time", percent(budgeted), "%", decimals: 1)
        report.figure(
            "updates streamed within the capture budget, \(pace) in real time",
            Double(captures[1]) / measuredSeconds, "/s", decimals: 1)
        report.figure(
            "host overhead streaming \(Int(fps / 2)) updates/s without a capture budget, \(pace) in real time",
            percent(unbudgeted), "%", decimals: 1)
        report.figure(
            "no inspector against no inspector, \(pace) in real time (the method's noise)", percent(bareAgain), "%",
            decimals: 1)
        report.figure("host thread time streaming at \(pace)", (budgeted - bare) * fps / 1e4, "% of a core", decimals: 3)
        report.figure(
            "captures taken in the loop's sleeps, \(pace) in real time",
            Double(capturesInSleeps[1] + capturesInSleeps[2]) / Double(max(1, captures[1] + captures[2])) * 100, "%",
            decimals: 1)
        report.figure(
            "streamed capture, mean wall time", (session.meanStreamedCaptureSeconds ?? 0) * 1e6, "us",
            decimals: 1)
    }

    /// Every order of `items`, each once.
    static func permutations(of items: [Int]) -> [[Int]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index in
            var rest = items
            let first = rest.remove(at: index)
            return permutations(of: rest).map { [first] + $0 }
        }
    }

    /// What the capture budget is for: 500 labels fading, each frame setting their alphas, while
    /// each capture reads all of them again (far more work than the frame's). The host's frame
    /// time with no inspector, streaming 30 updates per second without a budget, and streaming
    /// within the default budget (`Inspector`'s), back to back, the best of a few rounds.
    private func fadingLabels(frames: Int, repeats: Int, report: BenchReport) {
        let budgets: [Double?] = [nil, 0, CaptureSession.defaultCaptureBudget]
        let runs = budgets.map { budget -> (loop: MainLoop, session: CaptureSession?) in
            let loop = Self.fadingLabels(count: 500)
            let session = budget.map { CaptureSession(loop: loop, updateRate: 30, captureBudget: $0, publishing: .worker) }
            session?.isListening = { true }
            session?.start()
            loop.run(frames: 60)  // warm up
            return (loop, session)
        }
        var rounds = [TimedRounds](repeating: TimedRounds(), count: runs.count)
        for _ in 0..<max(1, repeats) {
            for (index, run) in runs.enumerated() {
                rounds[index].time(run.session) { run.loop.run(frames: frames) }
            }
        }
        for run in runs { run.session?.stop() }
        let perFrame = rounds.map { $0.best * 1e6 / Double(frames) }
        func percent(_ value: Double) -> Double { (value - perFrame[0]) / perFrame[0] * 100 }
        report.figure("500 labels fading, frame with no inspector (host CPU)", perFrame[0], "us", decimals: 1)
        report.figure(
            "500 labels fading, host overhead streaming 30/s without a capture budget", percent(perFrame[1]), "%",
            decimals: 0)
        report.figure(
            "500 labels fading, host overhead streaming within the capture budget", percent(perFrame[2]), "%",
            decimals: 0)
        report.figure(
            "500 labels fading, updates streamed within the capture budget, per second of wall time",
            rounds[2].updatesPerWallSecond, "/s", decimals: 1)
    }

    /// A root of `count` labels whose alphas change every frame.
    private static func fadingLabels(count: Int) -> MainLoop {
        let root = DisplayNode()
        root.automaticallyManagesSubnodes = true
        let labels = (0..<count).map { TextNode("Label \($0)", font: .system(13)) }
        root.layoutSpecBlock = { _, _ in StackLayoutSpec(direction: .vertical, children: labels) }
        let loop = MainLoop()
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 375, height: Double(count) * 20))
        loop.tick()
        loop.addFrameCallback(.animation) { loop in
            let alpha = 0.2 + 0.8 * Double(loop.frame % 60) / 60
            for label in labels { label.alpha = alpha }
        }
        return loop
    }

    /// A 1 000-row feed filling a 375x667 screen, on a loop drawing `framesPerSecond`.
    static func feed(rows: Int, framesPerSecond: Double = 60) -> (MainLoop, TableNode) {
        let table = TableNode()
        let source = FeedSource(count: rows)
        table.dataSource = source
        let loop = MainLoop(framesPerSecond: framesPerSecond)
        loop.addRoot(table, frame: Rect(x: 0, y: 0, width: 375, height: 667))
        loop.tick()
        FeedSource.retained.append(source)
        return (loop, table)
    }

    /// A finger dragging at 540 pt/s, down for 2 s then up for 2 s, and so on.
    static func scroll(_ table: TableNode, loop: MainLoop, frames: Int) {
        if !table.isTracking { table.beginDragging() }
        for frame in 0..<frames {
            Self.drag(table, frame: frame)
            loop.tick()
        }
    }

    /// The finger's move in `frame` (at 60 fps), before the frame runs.
    static func drag(_ table: TableNode, frame: Int) {
        let down = (frame / 120) % 2 == 0
        table.dragMoved(by: Point(x: 0, y: down ? 9 : -9), velocity: Point(x: 0, y: down ? 540 : -540))
    }
}

/// A feed row: a thumbnail and a title over a subtitle, in an inset (7 elements).
private final class FeedRow: CellNode {
    static let elementCount = 7
    let thumbnail = ImageNode(image: Image(pixelWidth: 88, pixelHeight: 88, scale: 2))
    let title: TextNode
    let subtitle: TextNode

    init(index: Int) {
        title = TextNode("Item \(index)", font: .bold(16))
        subtitle = TextNode(
            index % 3 == 0 ? "A longer description that wraps onto a second line" : "Short description",
            font: .system(13))
        super.init()
        automaticallyManagesSubnodes = true
        thumbnail.style.preferredSize = Size(width: 44, height: 44)
        subtitle.maximumNumberOfLines = 2
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let text = StackLayoutSpec(direction: .vertical, spacing: 2, children: [title, subtitle])
        text.style.flexShrink = 1
        let row = StackLayoutSpec(direction: .horizontal, spacing: 10, alignItems: .center, children: [thumbnail, text])
        return InsetLayoutSpec(insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16), child: row)
    }
}

private final class FeedSource: ContainerDataSource {
    /// Data sources are weak references of their tables: the bench keeps them alive.
    nonisolated(unsafe) static var retained: [FeedSource] = []
    let count: Int
    init(count: Int) { self.count = count }
    func numberOfItems(in container: ContainerNode) -> Int { count }
    func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode { FeedRow(index: index) }
}
