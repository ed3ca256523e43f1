import Foundation

/// How big a benchmark run is: `tiny` keeps the benchmarks working inside `make test`,
/// `full` produces the published figures (`make bench`).
enum BenchSize: String {
    case tiny, full
}

/// One benchmark suite: a named group of figures. Each suite lives in its own file and is
/// listed in `main.swift`.
protocol BenchSuite {
    var name: String { get }
    func run(size: BenchSize, report: BenchReport)
}

/// Prints figures in the line format `scripts/bench-report` collects into one table.
struct BenchReport {
    let suite: String

    func figure(_ figure: String, _ value: Double, _ unit: String, decimals: Int = 2) {
        print("BENCH\t\(suite)\t\(figure)\t\(String(format: "%.\(decimals)f", value))\t\(unit)")
    }
}

/// Wall-clock timing on the monotonic clock.
enum Stopwatch {
    /// Runs `body` once and returns the elapsed seconds.
    static func seconds(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// The best of `repeats` runs: the least disturbed by other work on a shared machine.
    static func bestSeconds(repeats: Int, _ body: () -> Void) -> Double {
        (0..<max(1, repeats)).map { _ in seconds(body) }.min()!
    }
}

/// Peak resident memory of this process, from /proc. `resetPeak()` restarts the measurement
/// (Linux: writing 5 to /proc/self/clear_refs resets VmHWM), so each suite reports its own peak.
enum PeakMemory {
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// Peak resident set size in MiB since the last reset.
    static func peakMiB() -> Double { statusMiB("VmHWM:") }

    /// Resident set size in MiB now: what a peak since `resetPeak()` starts from.
    static func residentMiB() -> Double { statusMiB("VmRSS:") }

    private static func statusMiB(_ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            let kib = line.split(separator: " ").compactMap { Double($0) }.first ?? .nan
            return kib / 1024
        }
        return .nan
    }
}
