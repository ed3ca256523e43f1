import Foundation
import Testing
import WeftJSON
import WeftSnapshot
import WeftTestSupport

/// `weft record` and `weft verify` with a real host program: `weft-example --frames N` runs
/// deterministically (manual clock, N frames, a scripted drag, then exit) and, with
/// WEFT_SNAPSHOT_DIR set, writes the checkpoints `first-layout`, `feed-loaded` (it names that one)
/// and `exit` (docs/protocol.md, Snapshots without a gateway; Examples/weft-example/main.swift).
/// `--rows N` changes its table's row count (default 200), which is how a test changes its layout.
@Suite final class RecordVerifyTests {
    let directory: TemporaryDirectory
    let example = HostProgram.product("weft-example")
    var baselines: String { directory.path("baselines") }

    init() throws {
        directory = try TemporaryDirectory()
    }

    deinit {
        directory.remove()
    }

    func program(_ extra: [String] = []) -> [String] {
        ["--", example, "--frames", "60"] + extra
    }

    func record() throws {
        let run = CLIRun.weft(["record", baselines] + program())
        try #require(run.status == 0, "\(run.stderr)")
    }

    @Test func recordStoresEveryCheckpoint() throws {
        let run = CLIRun.weft(["record", baselines] + program())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "recorded 3 checkpoints in \(baselines): exit, feed-loaded, first-layout\n")
        #expect(run.stderr == "")
        let files = try FileManager.default.contentsOfDirectory(atPath: baselines).sorted()
        #expect(
            files == ["exit.json", "exit.txt", "feed-loaded.json", "feed-loaded.txt", "first-layout.json", "first-layout.txt"])
        for file in files where file.hasSuffix(".txt") {
            // Beside each baseline, its ASCII art exactly as `weft ascii` prints it.
            let art = try String(contentsOfFile: "\(baselines)/\(file)", encoding: .utf8)
            let ascii = CLIRun.weft(["ascii", "\(baselines)/\(file.dropLast(4)).json"])
            #expect(ascii.status == 0)
            #expect(art == ascii.stdout, "\(file)")
        }
        // weft-example's header (Examples/weft-example): a horizontal stack of the avatar, the
        // title and the follow button inside an inset inside the screen's vertical stack. A
        // horizontal stack draws its children side by side, two spaces apart, inside "|  " and
        // "  |" (docs/texture-semantics.md section 2), nested three boxes deep here.
        let exitArt = try String(contentsOfFile: "\(baselines)/exit.txt", encoding: .utf8)
        #expect(exitArt.contains("\n|  |  |  ASImageNode (avatar)  ASTextNode (title)  ASButtonNode (follow)  |  |  |\n"))
        for file in files where file.hasSuffix(".json") {
            let text = try String(contentsOfFile: "\(baselines)/\(file)", encoding: .utf8)
            #expect(text.hasPrefix("{\n  \"format\": \"weft.snapshot\""), "indented, for version control")
            #expect(text.hasSuffix("}\n"))
            let snapshot = try Snapshot(json: text)
            SchemaArtifacts.keep("\(baselines)/\(file)", as: "record-\(file.dropLast(5))")
            #expect(snapshot.meta.appId == "org.weft.Example")
            #expect(snapshot.roots.first?.displayName == "ASDisplayNode (screen)")
        }
    }

    @Test func verifyingTheSameRunFindsNothing() throws {
        try record()
        let run = CLIRun.weft(["verify", baselines] + program())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout
                == "ok   exit\nok   feed-loaded\nok   first-layout\nall 3 checkpoints match the baselines in \(baselines)\n")
        #expect(run.stderr == "")
    }

    @Test func verifyNotesMissingOrStaleAsciiArtWithoutFailing() throws {
        try record()
        try FileManager.default.removeItem(atPath: "\(baselines)/exit.txt")
        try Data("--ASStackLayoutSpec--\n".utf8).write(to: URL(fileURLWithPath: "\(baselines)/feed-loaded.txt"))
        let run = CLIRun.weft(["verify", baselines] + program())
        #expect(run.status == 0, "the art is for reviews; the layouts match")
        #expect(
            run.stdout
                == "ok   exit\nok   feed-loaded\nok   first-layout\nall 3 checkpoints match the baselines in \(baselines)\n")
        #expect(
            run.stderr == """
                weft verify: note: \(baselines)/exit.txt is missing (the ASCII art of exit.json; `weft record` writes it)
                weft verify: note: \(baselines)/feed-loaded.txt does not show feed-loaded.json (stale ASCII art; `weft record` rewrites it)

                """)

        let json = CLIRun.weft(["verify", baselines, "--format", "json"] + program())
        let states = (try JSONReader.parse(json.stdout)["checkpoints"]?.array ?? []).map {
            "\($0["name"]?.string ?? ""):\($0["asciiArt"]?.string ?? "")"
        }
        #expect(states == ["exit:missing", "feed-loaded:stale", "first-layout:current"])

        // A run that fails anyway still fails with 1 (not 2), and still notes the art.
        let different = CLIRun.weft(["verify", baselines] + program(["--rows", "3"]))
        #expect(different.status == 1)
        #expect(different.stderr.contains("exit.txt is missing"))

        // Recording again writes both files back.
        try record()
        let clean = CLIRun.weft(["verify", baselines] + program())
        #expect(clean.status == 0)
        #expect(clean.stderr == "")
    }

    @Test func verifyChecksIgnoredNamesBeforeRunningTheProgram() throws {
        // A program that cannot be run would be its own error: the option is refused first.
        let run = CLIRun.weft(["verify", baselines, "--ignore", "rangeController,fram", "--", directory.path("no-such-program")])
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(#"weft verify: --ignore: unknown field or kind "fram" (did you mean "frame"?); valid names:"#))
    }

    @Test func verifyPrintsEveryDifference() throws {
        try record()
        let run = CLIRun.weft(["verify", baselines] + program(["--rows", "3"]))
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        // Every checkpoint differs: at least its table's item count, 200 rows -> 3.
        for name in ["exit", "feed-loaded", "first-layout"] {
            #expect(lines.contains { $0.hasPrefix("FAIL \(name): ") && $0.hasSuffix(" differences") }, "\(name)")
        }
        let itemCount =
            "     ~ range ASDisplayNode (screen) > ASStackLayoutSpec > ASTableNode (feed): rangeControllers.itemCount 200 -> 3"
        #expect(lines.filter { $0 == itemCount }.count == 3)
        #expect(lines.last == "3 of 3 checkpoints differ from the baselines in \(baselines)")

        // The same options as weft diff: leaving out what the row count changes leaves nothing.
        let ignoring = CLIRun.weft(
            ["verify", baselines, "--ignore", "added,removed", "--ignore", "rangeControllers"] + program(["--rows", "3"]))
        #expect(ignoring.status == 0, "\(ignoring.stdout)")
    }

    @Test func missingAndNewCheckpointsAreDifferences() throws {
        try record()
        // A baseline the program does not write, and a checkpoint without a baseline.
        try FileManager.default.copyItem(atPath: "\(baselines)/exit.json", toPath: "\(baselines)/settings.json")
        try FileManager.default.removeItem(atPath: "\(baselines)/feed-loaded.json")
        let run = CLIRun.weft(["verify", baselines] + program())
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                ok   exit
                FAIL feed-loaded: new (no baseline \(baselines)/feed-loaded.json; `weft record` stores it)
                ok   first-layout
                FAIL settings: missing (the program no longer writes this checkpoint; its baseline is \(baselines)/settings.json)
                2 of 4 checkpoints differ from the baselines in \(baselines)

                """)

        let junit = CLIRun.weft(["verify", baselines, "--format", "junit"] + program())
        #expect(junit.status == 1)
        #expect(junit.stdout.contains("<testsuites tests=\"4\" failures=\"2\">"))
        #expect(junit.stdout.contains("<testcase classname=\"weft.verify\" name=\"exit\"/>"))
        #expect(junit.stdout.contains(">+ checkpoint feed-loaded</failure>"))
        #expect(junit.stdout.contains(">- checkpoint settings</failure>"))

        let json = CLIRun.weft(["verify", baselines, "--format", "json"] + program())
        let document = try JSONReader.parse(json.stdout)
        #expect(document["equal"] == .bool(false))
        let statuses = (document["checkpoints"]?.array ?? []).map { "\($0["name"]?.string ?? ""):\($0["status"]?.string ?? "")" }
        #expect(statuses == ["exit:equal", "feed-loaded:new", "first-layout:equal", "settings:missing"])
    }

    @Test func artifactsOfTheCheckpointsThatDiffer() throws {
        try record()
        let artifacts = directory.path("artifacts")
        let run = CLIRun.weft(["verify", baselines, "--artifacts", artifacts] + program(["--rows", "3"]))
        #expect(run.status == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: artifacts).sorted()
        #expect(
            files == [
                "exit.diff.svg", "exit.diff.txt", "exit.json", "exit.txt", "feed-loaded.diff.svg", "feed-loaded.diff.txt",
                "feed-loaded.json", "feed-loaded.txt", "first-layout.diff.svg", "first-layout.diff.txt", "first-layout.json",
                "first-layout.txt",
            ])
        // The new snapshot's ASCII art comes with it (the pair `weft record` would store).
        #expect(
            try String(contentsOfFile: "\(artifacts)/exit.txt", encoding: .utf8)
                == CLIRun.weft(["ascii", "\(artifacts)/exit.json"]).stdout)
        // The new snapshot is what the program wrote (3 rows); the text is the printed diff.
        let exit = try Snapshot(json: Data(contentsOf: URL(fileURLWithPath: "\(artifacts)/exit.json")))
        #expect(exit.rangeControllers.first?.itemCount == 3)
        let text = try String(contentsOfFile: "\(artifacts)/exit.diff.txt", encoding: .utf8)
        #expect(
            text.contains(
                "~ range ASDisplayNode (screen) > ASStackLayoutSpec > ASTableNode (feed): rangeControllers.itemCount 200 -> 3\n"))
        #expect(try String(contentsOfFile: "\(artifacts)/exit.diff.svg", encoding: .utf8).hasPrefix("<svg"))

        // WEFT_ARTIFACTS is the default; a run without differences leaves nothing there.
        var environment = CLIRun.cleanEnvironment
        environment["WEFT_ARTIFACTS"] = directory.path("from-environment")
        #expect(CLIRun.weft(["verify", baselines] + program(["--rows", "3"]), environment: environment).status == 1)
        #expect(FileManager.default.fileExists(atPath: directory.path("from-environment/exit.json")))
        environment["WEFT_ARTIFACTS"] = directory.path("clean-run")
        #expect(CLIRun.weft(["verify", baselines] + program(), environment: environment).status == 0)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: directory.path("clean-run"))) ?? [] == [])
    }

    /// `--artifacts` naming a plain file: its folder cannot be made. Derivation (docs/cli.md,
    /// verify): the artifacts are an extra, the comparison is what the run is for, so the report is
    /// printed in full as without `--artifacts` (3 rows instead of 200 change every checkpoint: "3
    /// of 3 checkpoints differ"), stderr names the artifacts path and says they could not be
    /// written, and the exit status is 2 (output that cannot be written), not 1.
    @Test func artifactsThatCannotBeWrittenStillPrintTheReport() throws {
        try record()
        let inTheWay = try directory.write("artifacts", "a file where the artifacts folder should be")
        let run = CLIRun.weft(["verify", baselines, "--artifacts", inTheWay] + program(["--rows", "3"]))
        #expect(run.status == 2)
        #expect(run.stdout.hasPrefix("FAIL exit: "), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("3 of 3 checkpoints differ from the baselines in \(baselines)\n"), "\(run.stdout)")
        #expect(
            run.stderr.hasPrefix("weft verify: the artifacts could not be written: \(inTheWay): cannot be created ("),
            "\(run.stderr)")
        #expect(run.stderr.hasSuffix("(the comparison report is complete; only artifacts are missing)\n"))
        // The same report as a run without artifacts (it exits 1).
        let plain = CLIRun.weft(["verify", baselines] + program(["--rows", "3"]))
        #expect(plain.status == 1)
        #expect(run.stdout == plain.stdout)
    }

    /// A baseline that is a symbolic link (one file shared by two baseline folders) is written
    /// through, as docs/cli.md says of every output file: recording again (3 rows) leaves the link
    /// a link, and the file it points to holds the new baseline (itemCount 3), its ASCII art beside
    /// the link as usual.
    @Test func recordingWritesThroughASymbolicLinkedBaseline() throws {
        try record()
        let linked = try directory.write("linked/exit.json", "")
        try FileManager.default.removeItem(atPath: linked)
        try FileManager.default.moveItem(atPath: "\(baselines)/exit.json", toPath: linked)
        try FileManager.default.createSymbolicLink(atPath: "\(baselines)/exit.json", withDestinationPath: "../linked/exit.json")
        let run = CLIRun.weft(["record", baselines] + program(["--rows", "3"]))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "\(baselines)/exit.json") == "../linked/exit.json")
        let exit = try Snapshot(json: Data(contentsOf: URL(fileURLWithPath: linked)))
        #expect(exit.rangeControllers.first?.itemCount == 3)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path("linked")) == ["exit.json"],
            "nothing staged is left")
    }

    @Test func recordingAgainReplacesTheBaselines() throws {
        try record()
        let stale = "\(baselines)/retired.json"
        try FileManager.default.copyItem(atPath: "\(baselines)/exit.json", toPath: stale)
        try FileManager.default.copyItem(atPath: "\(baselines)/exit.txt", toPath: "\(baselines)/retired.txt")
        let notes = "\(baselines)/README.md"
        try Data("baselines for weft-example\n".utf8).write(to: URL(fileURLWithPath: notes))
        let run = CLIRun.weft(["record", baselines] + program(["--rows", "3"]))
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("removed \(stale) (the program no longer writes checkpoint retired)\n"))
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(!FileManager.default.fileExists(atPath: "\(baselines)/retired.txt"), "its ASCII art goes with it")
        #expect(FileManager.default.fileExists(atPath: notes), "files that are not baselines stay")
        #expect(CLIRun.weft(["verify", baselines] + program(["--rows", "3"])).status == 0)
        #expect(CLIRun.weft(["verify", baselines] + program()).status == 1)
    }

    /// Recording stores a set of baselines that belong together: when one file cannot be
    /// written (here a directory sits where first-layout.txt goes; a full disk fails the same
    /// way) the command fails and DIR is as it was, none of the new files in, no stale baseline
    /// removed, no scratch left behind. Checkpoints are stored in name order (exit,
    /// feed-loaded, first-layout), so the blocked one comes after two that would be written.
    @Test func aRecordThatCannotStoreEveryFileChangesNothing() throws {
        try record()
        try FileManager.default.copyItem(atPath: "\(baselines)/exit.json", toPath: "\(baselines)/retired.json")
        try FileManager.default.removeItem(atPath: "\(baselines)/first-layout.txt")
        try directory.write("baselines/first-layout.txt/in-the-way", "")
        func contents() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: baselines) where name != "first-layout.txt" {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(baselines)/\(name)"))
            }
            return files
        }
        let before = try contents()

        let run = CLIRun.weft(["record", baselines] + program(["--rows", "3"]))
        #expect(run.status == 2)
        #expect(
            run.stderr == "weft record: \(baselines)/first-layout.txt: cannot be written (it is a directory)\n", "\(run.stderr)")
        #expect(run.stdout == "")
        #expect(try contents() == before, "no baseline changed, retired.json is still there, nothing was added")
    }

    /// Paths are passed as they are, never through a shell: a baseline folder with spaces and
    /// non-ASCII letters records and verifies like any other, and messages show it unchanged.
    @Test func baselinesInAFolderWithSpacesAndUnicode() throws {
        let folder = directory.path("layout baselines ü/für CI")
        let recorded = CLIRun.weft(["record", folder] + program())
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout == "recorded 3 checkpoints in \(folder): exit, feed-loaded, first-layout\n")
        let verified = CLIRun.weft(["verify", folder] + program())
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.hasSuffix("all 3 checkpoints match the baselines in \(folder)\n"))
        let ascii = CLIRun.weft(["ascii", "\(folder)/exit.json"])
        #expect(ascii.stdout == (try String(contentsOfFile: "\(folder)/exit.txt", encoding: .utf8)))
    }

    @Test func verifyNeedsBaselines() throws {
        let missing = CLIRun.weft(["verify", directory.path("nothing-here")] + program())
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nothing-here: no such directory; store baselines first with `weft record"))
        try FileManager.default.createDirectory(atPath: baselines, withIntermediateDirectories: true)
        let empty = CLIRun.weft(["verify", baselines] + program())
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("holds no baselines"))
        try Data("{\"format\": \"weft.snapshot\"".utf8).write(to: URL(fileURLWithPath: "\(baselines)/exit.json"))
        let broken = CLIRun.weft(["verify", baselines] + program())
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("exit.json: not a weft snapshot"))
    }
}
