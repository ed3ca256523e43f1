import Foundation

/// `weft-bench [--size tiny|full] [SUITE...]`: runs the benchmark suites and prints their figures.
/// `weft-bench --feed bare|streaming [--frames N] [--evict-kib K]`: only the capture suite's
/// scrolling feed, for a profiler (`FeedFrames`).
/// `weft-bench --paced FPS [--size tiny|full]`: only the capture suite's real-time overhead, with
/// the loop paced at FPS frames per second (`CaptureBench.pacedOverhead`).
let suites: [any BenchSuite] = [
    LayoutBench(),
    TextureFacadeBench(),
    SnapshotBench(),
    CLIBench(),
    NodesBench(),
    CaptureBench(),
    EvaluateBench(),
    DevToolsBench(),
    TransportBench(),
    RecordingBench(),
]

var size = BenchSize.full
var selected: Set<String> = []
var feed: String?
var pace: Double?
var (frames, evictKiB) = (20_000, 0)
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--size", let value = arguments.popFirst(), let parsed = BenchSize(rawValue: value) {
        size = parsed
    } else if argument == "--feed", let value = arguments.popFirst(), ["bare", "streaming"].contains(value) {
        feed = value
    } else if argument == "--frames", let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 {
        frames = value
    } else if argument == "--evict-kib", let value = arguments.popFirst().flatMap({ Int($0) }), value >= 0 {
        evictKiB = value
    } else if argument == "--paced", let value = arguments.popFirst().flatMap({ Double($0) }), value >= 1, value <= 10_000 {
        pace = value
    } else if argument.hasPrefix("-") {
        FileHandle.standardError.write(
            """
            usage: weft-bench [--size tiny|full] [SUITE...]
                   weft-bench --feed bare|streaming [--frames N] [--evict-kib K]
                   weft-bench --paced FPS [--size tiny|full]

            """.data(using: .utf8)!)
        exit(2)
    } else {
        selected.insert(argument)
    }
}

if let feed {
    FeedFrames.run(streaming: feed == "streaming", frames: frames, evictKiB: evictKiB)
    exit(0)
}

if let pace {
    // Ten seconds of frames (each of the four ways takes a quarter), a second with --size tiny.
    let seconds = size == .tiny ? 1.0 : 10.0
    CaptureBench().pacedOverhead(
        framesPerSecond: pace, frames: max(24, Int(pace * seconds / 4)),
        report: BenchReport(suite: "capture"))
    exit(0)
}

for suite in suites where selected.isEmpty || selected.contains(suite.name) {
    PeakMemory.resetPeak()
    suite.run(size: size, report: BenchReport(suite: suite.name))
}
