import Dispatch
import Foundation
import WeftCapture
import WeftNodes

/// `evaluate`: `Layout.evaluate`, the page's playground, as a program serves it
/// (`CaptureSession.handle`): documents of 1 000, 10 000 and 100 000 elements (the request limit),
/// a vertical stack of boxes of about 44 bytes of params each. Figures: the CPU time of the
/// process from the request to its answer (parsing, laying out, encoding the layout-json output
/// and the ASCII art, on the evaluation thread; the calling thread waits), the same per element
/// (flat when the cost is linear), the wall time the call held the program's loop (it only hands
/// the request over), and the peak resident memory the largest evaluation adds to the process's
/// (above its resident memory with the request's bytes made: earlier suites leave the process
/// larger), in all and per element. CPU time, best of
/// a few runs: on a shared machine the wall time mostly measures the other processes.
struct EvaluateBench: BenchSuite {
    let name = "evaluate"

    func run(size: BenchSize, report: BenchReport) {
        let session = CaptureSession(loop: MainLoop(clock: .manual))
        let counts = size == .tiny ? [1_000] : [1_000, 10_000, 100_000]
        for elements in counts {
            let children = elements - 1
            let params = Self.params(children: children)
            PeakMemory.resetPeak()
            let residentBefore = PeakMemory.residentMiB()
            let label = "\(elements / 1000)k elements"
            var (best, held) = (Double.infinity, Double.infinity)
            for _ in 0..<(size == .tiny ? 1 : elements >= 100_000 ? 3 : 5) {
                let (seconds, loopSeconds) = Self.evaluate(params, in: session)
                best = min(best, seconds)
                held = min(held, loopSeconds)
            }
            report.figure("Layout.evaluate CPU time, \(label)", best * 1000, "ms", decimals: 1)
            report.figure("Layout.evaluate per element, \(label)", best * 1e6 / Double(elements), "us", decimals: 2)
            report.figure("Layout.evaluate loop time held, \(label)", held * 1e6, "us", decimals: 1)
            if elements == counts.last {
                let added = PeakMemory.peakMiB() - residentBefore
                report.figure("Layout.evaluate peak memory added, \(label)", added, "MiB", decimals: 1)
                report.figure(
                    "Layout.evaluate peak memory per element, \(label)", added * 1024 * 1024 / Double(elements), "B", decimals: 0)
                // The same elements 250 deep: no pass over the text may repeat at each level.
                let deep = Self.params(children: children - 250, nestedIn: 250)
                var deepBest = Double.infinity
                for _ in 0..<3 { deepBest = min(deepBest, Self.evaluate(deep, in: session).0) }
                report.figure("Layout.evaluate CPU time, \(label) 250 deep", deepBest * 1000, "ms", decimals: 1)
            }
        }
    }

    /// `{"document": ...}` with a vertical stack of `children` boxes of varied sizes in 375 x inf,
    /// inside `depth` nested insets (as deep as the params allow: 250 costs as much as its elements).
    static func params(children: Int, nestedIn depth: Int = 0) -> [UInt8] {
        let boxes = (0..<children).map { #"{"type":"box","intrinsicSize":[\#(100 + $0 % 200),\#(20 + $0 % 30)]}"# }
        return Array(#"{"document":{"sizeRange":{"min":[375,0],"max":[375,"inf"]},"root":"#.utf8)
            + Array(String(repeating: #"{"type":"inset","insets":[1,1,1,1],"child":"#, count: depth).utf8)
            + Array(#"{"type":"stack","direction":"vertical","children":["#.utf8)
            + Array(boxes.joined(separator: ",").utf8) + Array("]}".utf8) + Array(String(repeating: "}", count: depth).utf8)
            + Array("}}".utf8)
    }

    /// The process's CPU seconds from the call to the answer, and the wall seconds the call
    /// itself took (the loop's share).
    private static func evaluate(_ params: [UInt8], in session: CaptureSession) -> (Double, Double) {
        let answered = DispatchSemaphore(value: 0)
        let cpuBefore = processCPUSeconds()
        let loopSeconds = Stopwatch.seconds {
            session.handle(method: "Layout.evaluate", params: params) { result in
                guard case .success = result else { fatalError("Layout.evaluate failed: \(result)") }
                answered.signal()
            }
        }
        answered.wait()
        return (processCPUSeconds() - cpuBefore, loopSeconds)
    }

    private static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
