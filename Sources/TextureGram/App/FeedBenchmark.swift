import Foundation
import WeftInspector
import WeftNodes

/// `TextureGram --bench FRAMES`: how fast the headless feed runs while the scripted finger
/// scrolls it (drags, deceleration, range updates, cell layout, batch fetches, photo loads),
/// with no inspector attached: the manual clock runs the frames back to back and the wall time
/// is measured, from the script's first drag on (the first layout and the first photo loads
/// come before it and are not timed). Then what an inspector with someone listening costs
/// those frames. Prints `BENCH` lines for scripts/bench-report.
enum FeedBenchmark {
    static func run(frames: Int, options: Options) {
        var settings = options
        settings.frames = frames
        let app = TextureGramApp(options: settings)
        app.start()
        app.loop.run(frames: Int((options.script.startDelay * app.loop.framesPerSecond).rounded()))
        var frameSeconds: [Double] = []
        frameSeconds.reserveCapacity(frames)
        let clock = ContinuousClock()
        for _ in 0..<frames {
            let start = clock.now
            app.loop.step(frames: 1)
            frameSeconds.append(seconds(clock.now - start))
        }
        let total = frameSeconds.reduce(0, +)
        let sorted = frameSeconds.sorted()
        let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        figure(
            "headless feed frames per second while scrolling (\(frames) frames)", Double(frames) / total, "frames/s", decimals: 0)
        figure("mean frame time while scrolling", total / Double(frames) * 1000, "ms", decimals: 3)
        figure("99th percentile frame time while scrolling", p99 * 1000, "ms", decimals: 3)
        figure(
            "posts loaded by batch fetching after \(frames) frames", Double(app.feedScreen.feed.numberOfItems), "posts",
            decimals: 0)
        streamingOverhead(frames: frames, options: options, realTime: false)
        streamingOverhead(frames: min(frames, realTimeFrames), options: options, realTime: true)
        documentRequests(app)
    }

    /// What a look at the whole tree costs the program after the run: `Tree.getDocument` (the
    /// Weft page's) and Chrome DevTools' `DOM.getDocument` of the whole tree, through the request
    /// path every method takes (`CaptureSession.handle`), best of five, loop-thread CPU time.
    private static func documentRequests(_ app: TextureGramApp) {
        guard
            let inspector = try? Inspector.attach(
                to: app.loop, gateway: .none,
                options: Inspector.Options(appId: InspectorAttachment.appId))
        else { return }
        defer { inspector.detach() }
        func best(_ method: String, _ params: String) -> Double {
            (0..<5).map { _ in
                ThreadCPUClock.seconds { inspector.session.handle(method: method, params: Array(params.utf8)) { _ in } }
            }.min()!
        }
        figure(
            "elements in the document after the run", Double(inspector.session.document().elementCount), "elements", decimals: 0)
        figure("Tree.getDocument after the run", best("Tree.getDocument", "") * 1000, "ms", decimals: 2)
        figure(
            "DevTools DOM.getDocument, depth -1, after the run",
            best("DevTools.call", #"{"session":1,"method":"DOM.getDocument","params":{"depth":-1}}"#) * 1000, "ms", decimals: 2)
    }

    /// The real-time figures take a frame's time in the wall clock: 1 200 frames, 20 seconds.
    static let realTimeFrames = 1_200

    /// What an inspector costs the scripted run: `Inspector.attach` with a listener, so that it
    /// streams `Tree.updated` with the default options (30 per second, within the default
    /// capture budget; diff and encode on its worker). The loop thread's CPU time per frame is
    /// what the host pays; the updates per second are what the budget let through.
    ///
    /// Two copies of the run in lockstep, a frame of one then a frame of the other, so that both
    /// are always at the same point of the script (a drag, a rest) and a spell of load on the
    /// machine spoils both alike. Both have an inspector; by turns of 30 frames one streams while
    /// the other's session is stopped (no inspector), then they swap, and the first two frames
    /// of each turn are left out (a capture after a turn stopped reads what changed meanwhile).
    /// Why the swap: two trees lie differently in memory and differ by a few percent with no
    /// inspector at all; each copy spends as long in each role. (One copy by turns would sample
    /// the script's drags and rests unevenly between the roles.)
    ///
    /// `realTime`: each pair of frames is followed by a sleep until the next screen refresh
    /// (60 per second), as a program's main loop sleeps (`MainLoop.sleep(until:)`, the streaming
    /// copy's): the frames start cold, and the inspector takes its captures in those sleeps, on
    /// its worker, as it does in a live program. Back to back there is no sleep, and the captures
    /// run on the loop's thread after the frames.
    private static func streamingOverhead(frames: Int, options: Options, realTime: Bool) {
        var settings = options
        settings.frames = frames
        let apps = [TextureGramApp(options: settings), TextureGramApp(options: settings)]
        let inspectors = apps.compactMap { app in
            try? Inspector.attach(to: app.loop, gateway: .none, options: Inspector.Options(appId: InspectorAttachment.appId))
        }
        guard inspectors.count == apps.count else { return }
        for (app, inspector) in zip(apps, inspectors) {
            inspector.session.isListening = { true }
            app.start()
            app.loop.run(frames: Int((options.script.startDelay * app.loop.framesPerSecond).rounded()))
        }
        let (turn, leftOut) = (30, 2)
        let rounds = max(2, frames / turn)
        var (streamingSeconds, stoppedSeconds) = (0.0, 0.0)
        var (captures, capturesInSleeps) = (0, 0)
        var measuredWallSeconds = 0.0
        var deadline = MonotonicClock.now
        for round in 0..<rounds {
            let streamer = round % 2
            for (index, inspector) in inspectors.enumerated() {
                if index == streamer { inspector.session.start() } else { inspector.session.stop() }
            }
            let session = inspectors[streamer].session
            var (capturesBefore, capturesInSleepsBefore) = (0, 0)
            for step in 0..<turn {
                let stepStart = MonotonicClock.now
                if step == leftOut {
                    (capturesBefore, capturesInSleepsBefore) = (session.streamedCaptures, session.capturesWhileLoopSlept)
                }
                for (index, app) in apps.enumerated() {
                    let spent = ThreadCPUClock.seconds { app.loop.step(frames: 1) }
                    guard step >= leftOut else { continue }
                    if index == streamer { streamingSeconds += spent } else { stoppedSeconds += spent }
                }
                if realTime {
                    deadline += 1 / apps[streamer].loop.framesPerSecond
                    apps[streamer].loop.sleep(until: deadline)
                }
                if step >= leftOut { measuredWallSeconds += MonotonicClock.now - stepStart }
            }
            captures += session.streamedCaptures - capturesBefore
            capturesInSleeps += session.capturesWhileLoopSlept - capturesInSleepsBefore
        }
        for inspector in inspectors { inspector.detach() }
        let measuredFrames = Double(rounds * (turn - leftOut))
        let (bareFrame, inspectedFrame) = (stoppedSeconds / measuredFrames * 1e6, streamingSeconds / measuredFrames * 1e6)
        let pace = realTime ? ", 60 fps in real time" : ""
        figure("scroll frame, no inspector (host CPU)\(pace)", bareFrame, "us", decimals: 1)
        figure("scroll frame, inspector streaming (host CPU)\(pace)", inspectedFrame, "us", decimals: 1)
        figure("host overhead streaming\(pace)", (inspectedFrame - bareFrame) / bareFrame * 100, "%", decimals: 1)
        // Per second of wall time: back to back, program time runs far faster, and the host
        // captures only as often as the worker takes the captures.
        figure(
            "updates streamed within the capture budget, per second of wall time\(pace)",
            Double(captures) / max(measuredWallSeconds, 1e-9), "/s", decimals: 1)
        guard realTime else { return }
        figure(
            "captures taken in the loop's sleeps\(pace)", Double(capturesInSleeps) / Double(max(1, captures)) * 100, "%",
            decimals: 1)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    private static func figure(_ name: String, _ value: Double, _ unit: String, decimals: Int) {
        print("BENCH\ttexturegram\t\(name)\t\(String(format: "%.\(decimals)f", value))\t\(unit)")
    }
}
