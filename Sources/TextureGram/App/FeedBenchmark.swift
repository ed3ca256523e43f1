import Foundation

/// `TextureGram --bench FRAMES`: how fast the headless feed runs while the scripted finger
/// scrolls it (drags, deceleration, range updates, cell layout, batch fetches, photo loads),
/// with no inspector attached: the manual clock runs the frames back to back and the wall time
/// is measured, from the script's first drag on (the first layout and the first photo loads
/// come before it and are not timed). Prints `BENCH` lines for scripts/bench-report. (What attaching an inspector
/// costs per frame is WeftCapture's benchmark, not repeated here.)
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
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    private static func figure(_ name: String, _ value: Double, _ unit: String, decimals: Int) {
        print("BENCH\ttexturegram\t\(name)\t\(String(format: "%.\(decimals)f", value))\t\(unit)")
    }
}
