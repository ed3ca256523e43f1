import Foundation
import WeftInspector

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
        figure("headless feed frames per second while scrolling (\(frames) frames)", Double(frames) / total, "frames/s", decimals: 0)
        figure("mean frame time while scrolling", total / Double(frames) * 1000, "ms", decimals: 3)
        figure("99th percentile frame time while scrolling", p99 * 1000, "ms", decimals: 3)
        figure("posts loaded by batch fetching after \(frames) frames", Double(app.feedScreen.feed.numberOfItems), "posts", decimals: 0)
        streamingOverhead(frames: frames, options: options)
    }

    /// The scripted run twice, a frame of one then a frame of the other (a spell of load on the
    /// machine spoils both alike): one bare, one with `Inspector.attach` and a listener, so that
    /// it streams `Tree.updated` with the default options (30 per second, within the default
    /// capture budget; diff and encode on its worker). The loop thread's CPU time per frame of
    /// each: what the host pays; and the updates per second the budget let through.
    private static func streamingOverhead(frames: Int, options: Options) {
        var settings = options
        settings.frames = frames
        let bare = TextureGramApp(options: settings)
        let inspected = TextureGramApp(options: settings)
        guard let inspector = try? Inspector.attach(to: inspected.loop, gateway: .none,
                                                    options: Inspector.Options(appId: InspectorAttachment.appId)) else { return }
        inspector.session.isListening = { true }
        for app in [bare, inspected] {
            app.start()
            app.loop.run(frames: Int((options.script.startDelay * app.loop.framesPerSecond).rounded()))
        }
        let capturesBefore = inspector.session.streamedCaptures
        var bareSeconds = 0.0
        var inspectedSeconds = 0.0
        for _ in 0..<frames {
            bareSeconds += threadSeconds { bare.loop.step(frames: 1) }
            inspectedSeconds += threadSeconds { inspected.loop.step(frames: 1) }
        }
        let captures = inspector.session.streamedCaptures - capturesBefore
        inspector.detach()
        let (bareFrame, inspectedFrame) = (bareSeconds / Double(frames) * 1e6, inspectedSeconds / Double(frames) * 1e6)
        figure("scroll frame, no inspector (host CPU)", bareFrame, "us", decimals: 1)
        figure("scroll frame, inspector streaming (host CPU)", inspectedFrame, "us", decimals: 1)
        figure("host overhead streaming", (inspectedFrame - bareFrame) / bareFrame * 100, "%", decimals: 1)
        figure("updates streamed within the capture budget", Double(captures) / (Double(frames) / inspected.loop.framesPerSecond),
               "/s", decimals: 1)
    }

    /// The calling thread's CPU time spent in `body`.
    private static func threadSeconds(_ body: () -> Void) -> Double {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        body()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) * 1e-9
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    private static func figure(_ name: String, _ value: Double, _ unit: String, decimals: Int) {
        print("BENCH\ttexturegram\t\(name)\t\(String(format: "%.\(decimals)f", value))\t\(unit)")
    }
}
