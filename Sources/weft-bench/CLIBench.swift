import Foundation
import WeftSnapshot

/// `cli`: the `weft` binary as a CI job runs it. `weft diff` on two snapshot files of 100 000
/// elements (the pair `SnapshotBench` diffs in-process, here written to disk as `weft snapshot`
/// writes them and diffed by a separate process): wall time, including process start, file reads
/// and output, and the process's peak resident memory; and the size of such a file per element.
struct CLIBench: BenchSuite {
    let name = "cli"

    func run(size: BenchSize, report: BenchReport) {
        let elementCount = size == .tiny ? 1_000 : 100_000
        let repeats = size == .tiny ? 1 : 3
        let weft = Self.siblingExecutable("weft")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("weft-cli-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let (a, b) = SnapshotBench.editedPair(elementCount: elementCount)
        let pathA = directory.appendingPathComponent("a.json").path
        let pathB = directory.appendingPathComponent("b.json").path
        let fileA = a.encodedPretty() + [UInt8(ascii: "\n")]
        _ = FileManager.default.createFile(atPath: pathA, contents: Data(fileA))
        _ = FileManager.default.createFile(atPath: pathB, contents: Data(b.encodedPretty() + [UInt8(ascii: "\n")]))
        let label = "\(elementCount / 1000)k"
        report.figure(
            "snapshot file bytes/element, indented (\(label))", Double(fileA.count) / Double(a.elementCount), "bytes", decimals: 1
        )

        var best = Double.infinity
        var bestCPU = Double.infinity
        var peakKiB = 0
        for _ in 0..<repeats {
            let run = MeasuredRun.run(weft, ["diff", pathA, pathB])
            // The pair differs (SnapshotBench edits every 10th cell): exit status 1.
            precondition(run.status == 1, "weft diff exited with \(run.status), expected 1 (differences)")
            best = min(best, run.seconds)
            bestCPU = min(bestCPU, run.cpuSeconds)
            peakKiB = max(peakKiB, run.peakKiB)
        }
        report.figure("weft diff process, two \(label) files", best * 1000, "ms", decimals: 1)
        // CPU time (user + system, all threads): steadier than wall time when other work shares
        // the machine; on a quiet one the wall time is about this or less (the two files are
        // decoded in parallel).
        report.figure("weft diff process CPU time, two \(label) files", bestCPU * 1000, "ms", decimals: 1)
        report.figure("weft diff process peak memory (\(label))", Double(peakKiB) / 1024, "MiB", decimals: 1)
    }

    /// The executable `name` (`weft`, `TextureGram`) built next to this benchmark (`make bench`
    /// builds them all).
    static func siblingExecutable(_ name: String) -> String {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let path = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            fatalError("bench: \(path) is missing; build it first (swift build -c release --product \(name))")
        }
        return path
    }
}

/// Runs a program with its output discarded and reports its exit status, wall time and peak
/// resident memory (from wait4's rusage, which Foundation's Process does not expose).
enum MeasuredRun {
    struct Outcome {
        var status: Int32
        var seconds: Double
        /// User plus system time.
        var cpuSeconds: Double
        var peakKiB: Int
    }

    static func run(_ executable: String, _ arguments: [String]) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
            fatalError("cannot start \(executable)")
        }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        // WEXITSTATUS: the status byte of a normal exit.
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6
        return Outcome(status: (status >> 8) & 0xff, seconds: seconds, cpuSeconds: cpu, peakKiB: usage.ru_maxrss)
    }
}
