import Foundation
import WeftSnapshot

/// One run of a program under test: it runs with `WEFT_SNAPSHOT_DIR` set to a fresh temporary
/// directory and writes `<checkpoint>.json` there at `first-layout`, at checkpoints it names and
/// at `exit` (docs/protocol.md, Snapshots without a gateway). The checkpoints are read back here.
struct CheckpointRun {
    /// The checkpoints by name (`first-layout`, `feed-loaded`, `exit`), sorted by name.
    var checkpoints: [(name: String, snapshot: Snapshot)]

    /// Runs `command` and reads what it wrote. A program that cannot be run, exits non-zero, is
    /// killed, runs past `timeout`, writes no checkpoint, or writes one that is not a snapshot
    /// fails with a `UsageError` (exit status 2) that shows its standard error.
    init(command: [String], environment: [String: String], timeout: Duration) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("weft-run-\(UUID().uuidString)")
        let snapshotDirectory = scratch.appendingPathComponent("checkpoints")
        try FileManager.default.createDirectory(at: snapshotDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var environment = environment
        environment["WEFT_SNAPSHOT_DIR"] = snapshotDirectory.path
        let program = ProgramRun(command: command, environment: environment, timeout: timeout)
        let outcome: ProgramRun.Outcome
        do {
            outcome = try program.run(scratch: scratch)
        } catch let failure as ProgramRun.Failure {
            throw UsageError(failure.description)
        }
        let shown = command.joined(separator: " ")
        guard outcome.status == 0 else {
            let how = outcome.signaled ? "was killed by signal \(outcome.status - 128)" : "exited with status \(outcome.status)"
            throw UsageError("the program failed: `\(shown)` \(how)\(Self.quoted(outcome.standardError))")
        }

        let files = try BaselineDirectory.snapshotFiles(in: snapshotDirectory)
        guard !files.isEmpty else {
            throw UsageError(
                "`\(shown)` wrote no checkpoints to WEFT_SNAPSHOT_DIR (does it link WeftInspector and "
                    + "take snapshots without a gateway? see docs/ci.md)\(Self.quoted(outcome.standardError))")
        }
        checkpoints = try files.map { name, url in
            let source = "checkpoint \(name) written by the program"
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw UsageError("\(source): \(url.lastPathComponent) is not a file")
            }
            return (name, try SnapshotFile.decode(data, source: source))
        }
    }

    /// The program's standard error, indented under the message; its last 40 lines at most.
    private static func quoted(_ standardError: String) -> String {
        let lines = standardError.split(separator: "\n", omittingEmptySubsequences: false)
            .reversed().drop(while: { $0.isEmpty }).reversed()
        guard !lines.isEmpty else { return " (it wrote nothing to stderr)" }
        let shown = lines.suffix(40)
        let skipped = lines.count - shown.count
        return "; its stderr" + (skipped > 0 ? " (last \(shown.count) of \(lines.count) lines)" : "") + ":\n"
            + shown.map { "    " + $0 }.joined(separator: "\n")
    }
}
