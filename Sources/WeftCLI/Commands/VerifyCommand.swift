import Foundation
import WeftJSON
import WeftLayout
import WeftSnapshot

/// `weft verify DIR -- COMMAND ARGS...`: runs the program again and compares every checkpoint it
/// writes with the baselines `weft record` stored in DIR.
public enum VerifyCommand: Subcommand {
    public static let name = "verify"
    public static let summary = "run a program and compare its layout checkpoints with baselines"
    public static let help = """
        usage: weft verify DIR [--tolerance P] [--ignore F]... [--include F]...
                               [--format text|json|junit] [--artifacts OUT] [--timeout S]
                               -- COMMAND ARGS...

        Runs COMMAND with WEFT_SNAPSHOT_DIR set to a temporary directory, as `weft record` did,
        and diffs each checkpoint it writes with DIR/NAME.json (the semantic diff of `weft diff`).
        Every difference is printed. A baseline the program no longer writes, and a checkpoint
        without a baseline, are differences too. A baseline's DIR/NAME.txt (its ASCII art, which
        `weft record` writes) that is missing or does not show DIR/NAME.json is noted on stderr
        but is not a difference.

        options:
        \(DiffSettings.help)
          --artifacts OUT for each checkpoint that differs, write OUT/NAME.json and OUT/NAME.txt
                          (the new snapshot and its ASCII art, to review or to adopt as the
                          baseline), OUT/NAME.diff.txt and OUT/NAME.diff.svg (both layouts,
                          changes highlighted). Default $WEFT_ARTIFACTS; none when unset
        \(ProgramOptions.help)
          -h, --help      show this help

        With WEFT_RECORDING=FILE in the environment the program records its run there
        (docs/recording-format.md), and a failing verify names the file, for CI to keep.

        Exit status: 0 when every checkpoint matches its baseline, 1 when any differs, is
        missing or is new, 2 for bad options, a missing or unreadable DIR, a program that
        cannot be run, fails (its stderr is shown) or writes no checkpoint, or artifacts that
        cannot be written (the report is printed in full all the same).

        """

    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let parsed = try ArgumentParser(arguments, options: ProgramOptions.options + DiffSettings.options + [.value("artifacts")])
        if parsed.wantsHelp {
            io.stdout.write(help)
            return 0
        }
        let program = try ProgramOptions(parsed, commandName: name)
        let settings = try DiffSettings(parsed)
        let artifacts = parsed.value("artifacts") ?? io.environment["WEFT_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }

        let directory = URL(fileURLWithPath: program.directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError(
                "\(program.directory): no such directory; store baselines first with "
                    + "`weft record \(program.directory) -- COMMAND ARGS...`")
        }
        let baselineFiles = try BaselineDirectory.snapshotFiles(in: directory)
        guard !baselineFiles.isEmpty else {
            throw UsageError(
                "\(program.directory) holds no baselines (NAME.json); store them with "
                    + "`weft record \(program.directory) -- COMMAND ARGS...`")
        }

        let run = try CheckpointRun(command: program.command, environment: io.environment, timeout: program.timeout)
        let baselines = try baselineFiles.map { name, url in
            (name, try SnapshotFile.read(url.path, io: io))
        }
        let results = CheckpointComparison.compare(
            baselines: baselines, checkpoints: run.checkpoints, options: settings.diffOptions)
        var asciiArt: [String: BaselineDirectory.AsciiArtState] = [:]
        for ((name, url), (_, baseline)) in zip(baselineFiles, baselines) {
            asciiArt[name] = BaselineDirectory.asciiArtState(of: url, snapshot: baseline)
        }

        // Artifacts that cannot be written (a full disk, a file in the way) must not cost the
        // comparison, which is what the run was for: the report is printed in full first.
        var artifactsFailure: Error?
        if let artifacts {
            do { try writeArtifacts(results.filter { $0.status != .equal }, to: artifacts, io: io) } catch {
                artifactsFailure = error
            }
        }
        io.stdout.write(report(results, settings.format, directory: program.directory, asciiArt: asciiArt))
        io.stderr.write(asciiArtNotes(asciiArt, directory: program.directory))
        let failed = !results.allSatisfy { $0.status == .equal }
        if failed, let recording = io.environment["WEFT_RECORDING"], !recording.isEmpty,
            FileManager.default.fileExists(atPath: recording)
        {
            io.stderr.write(
                "weft verify: the run was recorded to \(recording) (docs/recording-format.md): "
                    + "`weft recording info \(recording)` lists its moments\n")
        }
        if let artifactsFailure {
            io.stderr.write(
                "weft verify: the artifacts could not be written: \(artifactsFailure) "
                    + "(the comparison report is complete; only artifacts are missing)\n")
            return 2
        }
        return failed ? 1 : 0
    }

    /// A note per baseline whose `.txt` ASCII art is missing or does not show its `.json`: the
    /// art is for people reviewing baseline changes, so it never fails the check, but a stale one
    /// would mislead a review.
    static func asciiArtNotes(_ states: [String: BaselineDirectory.AsciiArtState], directory: String) -> String {
        states.sorted { $0.key < $1.key }.compactMap { name, state in
            let file = "\(directory)/\(name).txt"
            switch state {
            case .current: return nil
            case .missing:
                return "weft verify: note: \(file) is missing (the ASCII art of \(name).json; `weft record` writes it)\n"
            case .stale:
                return "weft verify: note: \(file) does not show \(name).json (stale ASCII art; `weft record` rewrites it)\n"
            }
        }.joined()
    }

    /// The results in the chosen form; `asciiArt` is the state of each baseline's `.txt`.
    static func report(
        _ results: [CheckpointComparison], _ format: DiffSettings.Format, directory: String,
        asciiArt: [String: BaselineDirectory.AsciiArtState]
    ) -> String {
        switch format {
        case .text:
            return textReport(results, directory: directory)
        case .json:
            let checkpoints: [JSONValue] = results.map { result in
                let diff = SemanticDiffReport.json(
                    result.changes, a: "\(directory)/\(result.name).json", b: "checkpoint \(result.name)")
                var entry: JSONObject = ["name": .string(result.name), "status": .string(result.status.rawValue)]
                if let state = asciiArt[result.name] { entry["asciiArt"] = .string(state.rawValue) }
                entry["diff"] = diff
                return .object(entry)
            }
            let document: JSONValue = [
                "directory": .string(directory),
                "equal": .bool(results.allSatisfy { $0.status == .equal }),
                "checkpoints": .array(checkpoints),
            ]
            return JSONFormatter.indentedString(document) + "\n"
        case .junit:
            return SemanticDiffReport.junit(results.map { .init(name: $0.name, changes: $0.changes) }, suite: "weft.verify")
        }
    }

    /// `ok   NAME` or `FAIL NAME: ...` with the differences indented below, then a summary.
    private static func textReport(_ results: [CheckpointComparison], directory: String) -> String {
        var text = ""
        for result in results {
            // Checkpoint names are the program's.
            let name = PrintableText.escaped(result.name)
            switch result.status {
            case .equal:
                text += "ok   \(name)\n"
            case .different:
                let count = result.changes.count
                text += "FAIL \(name): \(count) difference\(count == 1 ? "" : "s")\n"
                text += SemanticDiffReport.lines(result.changes).map { "     \($0)\n" }.joined()
            case .missing:
                text +=
                    "FAIL \(name): missing (the program no longer writes this checkpoint; its baseline is \(directory)/\(name).json)\n"
            case .new:
                text += "FAIL \(name): new (no baseline \(directory)/\(name).json; `weft record` stores it)\n"
            }
        }
        let failed = results.filter { $0.status != .equal }.count
        text +=
            failed == 0
            ? "all \(results.count) checkpoints match the baselines in \(directory)\n"
            : "\(failed) of \(results.count) checkpoints differ from the baselines in \(directory)\n"
        return text
    }

    /// For each differing checkpoint: the new snapshot and its ASCII art (the pair `weft record`
    /// would store), the diff as text, and the diff picture.
    private static func writeArtifacts(_ results: [CheckpointComparison], to path: String, io: CommandIO) throws {
        let directory = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw UsageError("\(path): cannot be created (\((error as NSError).localizedDescription))")
        }
        for result in results {
            let base = directory.appendingPathComponent(result.name).path
            try OutputFile.write(
                SemanticDiffReport.lines(result.changes).map { $0 + "\n" }.joined(), to: base + ".diff.txt", io: io)
            guard let current = result.current else { continue }
            try OutputFile.write(current, to: base + ".json", io: io)
            try OutputFile.write(SnapshotAsciiArt.picture(of: current), to: base + ".txt", io: io)
            let picture = SnapshotSVG.renderDiff(
                result.baseline ?? Snapshot(), current, changes: result.changes,
                labels: ("baseline \(result.name)", "this run"))
            try OutputFile.write(picture, to: base + ".diff.svg", io: io)
        }
    }
}
