import Foundation
import WeftCapture
import WeftNodes
import WeftSnapshot

/// `recording`: the flight recorder (docs/recording-format.md).
/// - A deterministic TextureGram run recorded with WEFT_RECORDING (ten minutes of program time
///   at full size, twenty seconds at tiny size): revisions, bytes per revision and per minute.
/// - Seeking in it: opening the file through the index its end record carries, and without it
///   (a run killed before its end: every line read from memory), then the document at revisions
///   spread over the whole run, in process (`Recording.snapshot(atRevision:)` on the file opened
///   through its index, the slowest and the mean), and `weft recording snapshot --at` as a
///   process (opening the file included).
/// - Host overhead of recording to a file while the capture suite's 1 000-row feed scrolls back
///   to back, in the form of its streaming figures: the loop thread's CPU time per frame
///   without an inspector and recording (as `Inspector` records: on the worker, within the
///   default capture budget, nobody listening).
/// - What recording adds to every frame apart from its captures: loops whose one root never
///   changes (so nothing is captured) with no after-frame hook, with a hook that does nothing
///   (what any observer of the loop pays), and recording; the loop thread's CPU time per frame,
///   the best of interleaved rounds.
struct RecordingBench: BenchSuite {
    let name = "recording"

    func run(size: BenchSize, report: BenchReport) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("weft-recording-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("texturegram.jsonl").path
        let frames = size == .tiny ? 1_200 : 36_000
        textureGramRecording(frames: frames, path: path, report: report)
        seeking(path, seeks: size == .tiny ? 10 : 50, report: report)
        hostOverhead(
            frames: size == .tiny ? 120 : 600, repeats: size == .tiny ? 2 : 9,
            path: directory.appendingPathComponent("feed.jsonl").path, report: report)
        perFrameWork(
            frames: size == .tiny ? 1_000 : 20_000, repeats: size == .tiny ? 2 : 15,
            path: directory.appendingPathComponent("empty.jsonl").path, report: report)
    }

    private func textureGramRecording(frames: Int, path: String, report: BenchReport) {
        setenv("WEFT_RECORDING", path, 1)
        let run = MeasuredRun.run(CLIBench.siblingExecutable("TextureGram"), ["--frames", String(frames)])
        unsetenv("WEFT_RECORDING")
        precondition(run.status == 0, "TextureGram --frames \(frames) exited with \(run.status)")
        let bytes = Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
        let recording = try! Recording(bytes: bytes)
        let revisions = recording.lastRevision - recording.firstRevision + 1
        let minutes = Double(frames) / 60 / 60
        let label = minutes >= 1 ? "\(Int(minutes)) min" : "\(Int(minutes * 60)) s"
        report.figure("TextureGram recording (\(label) of scrolling): revisions", Double(revisions), "", decimals: 0)
        report.figure("TextureGram recording: bytes per revision", Double(bytes.count) / Double(revisions), "B", decimals: 0)
        report.figure(
            "TextureGram recording: bytes per minute of program time", Double(bytes.count) / minutes / 1_048_576, "MiB",
            decimals: 2)
        report.figure("TextureGram recording: keyframes", Double(recording.keyframes.count), "", decimals: 0)
    }

    private func seeking(_ path: String, seeks: Int, report: BenchReport) {
        // The same lines without the end record, and so without the index.
        var unindexed = Array(try! Data(contentsOf: URL(fileURLWithPath: path)))
        unindexed.removeLast()
        unindexed.removeSubrange((unindexed.lastIndex(of: UInt8(ascii: "\n"))! + 1)...)
        var (openSeconds, scanSeconds) = (Double.infinity, Double.infinity)
        var recording: Recording!
        for _ in 0..<3 {
            var start = MonotonicClock.now
            recording = try! Recording(contentsOfFile: path)
            openSeconds = min(openSeconds, MonotonicClock.now - start)
            start = MonotonicClock.now
            precondition(!(try! Recording(bytes: unindexed)).isIndexed)
            scanSeconds = min(scanSeconds, MonotonicClock.now - start)
        }
        precondition(recording.isIndexed, "the recording has no index")
        // Revisions spread evenly, each the one before a keyframe where there is one (the most
        // ops to apply after the keyframe before it).
        let first = recording.firstRevision
        let last = recording.lastRevision
        let targets =
            (0..<seeks).map { first + (last - first) * ($0 + 1) / seeks }
            + recording.keyframes.dropFirst().prefix(seeks).map { $0.revision - 1 }
        var slowest = 0.0
        var total = 0.0
        for revision in targets {
            let start = MonotonicClock.now
            _ = try! recording.snapshot(atRevision: revision)
            let seconds = MonotonicClock.now - start
            slowest = max(slowest, seconds)
            total += seconds
        }
        report.figure("open the TextureGram recording through its index", openSeconds * 1000, "ms", decimals: 2)
        report.figure("open the TextureGram recording without its index (every line read)", scanSeconds * 1000, "ms", decimals: 1)
        report.figure("seek to a revision in process, slowest of \(targets.count)", slowest * 1000, "ms", decimals: 2)
        report.figure("seek to a revision in process, mean", total / Double(targets.count) * 1000, "ms", decimals: 2)
        let weft = CLIBench.siblingExecutable("weft")
        var best = Double.infinity
        for _ in 0..<3 {
            let run = MeasuredRun.run(
                weft, ["recording", "snapshot", path, "--at", String(targets[targets.count / 2]), "-o", "/dev/null"])
            precondition(run.status == 0, "weft recording snapshot exited with \(run.status)")
            best = min(best, run.seconds)
        }
        report.figure("weft recording snapshot --at process (through the index)", best * 1000, "ms", decimals: 1)
    }

    private func hostOverhead(frames: Int, repeats: Int, path: String, report: BenchReport) {
        let (loop, table) = CaptureBench.feed(rows: 1_000)
        let recording = CaptureSession(loop: loop, captureBudget: CaptureSession.defaultCaptureBudget, publishing: .worker)
        var rounds = [CaptureBench.TimedRounds](repeating: .init(), count: 3)
        CaptureBench.scroll(table, loop: loop, frames: 120)  // warm up
        for round in 0..<max(1, repeats) {
            for offset in 0..<3 {
                let index = (round + offset) % 3
                // 0 and 2: no inspector; 1: recording to a file afresh.
                let session: CaptureSession? = index == 1 ? recording : nil
                if let session {
                    try! session.record(to: path)
                    session.start()
                }
                CaptureBench.scroll(table, loop: loop, frames: 60)
                _ = session?.revision
                rounds[index].time(session) { CaptureBench.scroll(table, loop: loop, frames: frames) }
                session?.stop()
            }
        }
        let perFrame = rounds.map { $0.best * 1e6 / Double(frames) }
        func percent(_ value: Double) -> Double { (value - perFrame[0]) / perFrame[0] * 100 }
        report.figure("scroll frame, recording to a file (host CPU)", perFrame[1], "us", decimals: 2)
        report.figure("host overhead recording to a file", percent(perFrame[1]), "%", decimals: 1)
        report.figure(
            "no inspector against no inspector, back to back (the method's noise)", percent(perFrame[2]), "%",
            decimals: 1)
    }

    private func perFrameWork(frames: Int, repeats: Int, path: String, report: BenchReport) {
        let loops = (0..<3).map { _ in
            let loop = MainLoop()
            loop.addRoot(DisplayNode(), frame: .init(x: 0, y: 0, width: 375, height: 667))
            return loop
        }
        var calls = 0
        let hook = loops[1].addAfterFrameHook { _ in calls += 1 }
        let recording = CaptureSession(loop: loops[2], captureBudget: CaptureSession.defaultCaptureBudget, publishing: .worker)
        try! recording.record(to: path)
        recording.start()
        for loop in loops { loop.run(frames: frames / 2) }  // warm up
        var best = [Double](repeating: .infinity, count: loops.count)
        for round in 0..<repeats {
            for offset in loops.indices {
                let index = (round + offset) % loops.count
                best[index] = min(best[index], ThreadCPUClock.seconds { loops[index].run(frames: frames) })
            }
        }
        recording.stop()
        loops[1].remove(hook)
        precondition(calls > 0 && recording.streamedCaptures <= 1, "the hook ran and the unchanging root was not captured again")
        let perFrame = best.map { $0 * 1e9 / Double(frames) }
        report.figure("empty frame, no after-frame hook (host CPU)", perFrame[0], "ns", decimals: 1)
        report.figure("empty frame, added by an after-frame hook that does nothing", perFrame[1] - perFrame[0], "ns", decimals: 1)
        report.figure("empty frame, added by recording beyond that hook", perFrame[2] - perFrame[1], "ns", decimals: 1)
    }
}
