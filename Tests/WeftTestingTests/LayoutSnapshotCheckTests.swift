import Foundation
import Testing
import WeftSnapshot

@testable import WeftTesting

/// Every record mode against every state of the baseline (none, equal, different, unreadable),
/// following the rule in `LayoutSnapshotRecordMode`: fail when a difference or a missing baseline
/// is not recorded; what is recorded passes and is announced.
@Suite final class LayoutSnapshotCheckTests {
    let folder = ScratchFolder()

    deinit {
        folder.remove()
    }

    func check(_ mode: LayoutSnapshotRecordMode, _ snapshot: Snapshot) -> LayoutSnapshotCheck.Outcome {
        LayoutSnapshotCheck(
            files: folder.files(), mode: mode, options: SemanticDiff.Options(), title: "snapshot \"row\" of test()"
        )
        .check(snapshot)
    }

    func captured(secondWidth: Double = 150) throws -> Snapshot {
        try LayoutSnapshotCapture.snapshot(of: column(secondWidth: secondWidth), in: width200)
    }

    func storedBaseline() -> Snapshot? {
        try? Snapshot(json: Data(contentsOf: folder.files().baseline))
    }

    /// Two captures of one layout differ only in their node ids: same layout means no semantic
    /// difference.
    func sameLayout(_ a: Snapshot?, _ b: Snapshot) -> Bool {
        guard let a else { return false }
        return SemanticDiff.compare(a, b).isEmpty
    }

    func storedArtifact() -> Snapshot? {
        try? Snapshot(json: Data(contentsOf: folder.files().artifact))
    }

    @Test(arguments: [LayoutSnapshotRecordMode.all, .missing, .failed])
    func missingBaselineIsRecorded(mode: LayoutSnapshotRecordMode) throws {
        let snapshot = try captured()
        guard case .recorded(let note) = check(mode, snapshot) else {
            Issue.record("expected a recording")
            return
        }
        #expect(note.contains(folder.files().baseline.path))
        #expect(storedBaseline() == snapshot)
        // The ASCII art beside it: the host node lays out with the column, so its spec's boxes.
        #expect(FileManager.default.text(folder.files().asciiArt) == SnapshotAsciiArt.picture(of: snapshot))
        #expect(FileManager.default.text(folder.files().asciiArt)?.contains("ASImageNode (b)") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.files().artifact.path))
    }

    @Test func missingBaselineFailsWhenNothingIsRecorded() throws {
        guard case .failed(let message) = check(.never, try captured()) else {
            Issue.record("expected a failure")
            return
        }
        #expect(
            message.hasPrefix("no baseline for layout snapshot \"row\" of test(): \(folder.files().baseline.path) is missing"))
        #expect(message.contains("new snapshot: \(folder.files().artifact.path)"))
        #expect(!FileManager.default.fileExists(atPath: folder.files().baseline.path))
        #expect(sameLayout(storedArtifact(), try captured()))
    }

    @Test(arguments: [LayoutSnapshotRecordMode.missing, .failed, .never])
    func equalBaselinePasses(mode: LayoutSnapshotRecordMode) throws {
        _ = check(.all, try captured())
        let before = try Data(contentsOf: folder.files().baseline)
        #expect(check(mode, try captured()) == .matched)
        #expect(try Data(contentsOf: folder.files().baseline) == before)
    }

    @Test(arguments: [LayoutSnapshotRecordMode.missing, .never])
    func differenceFails(mode: LayoutSnapshotRecordMode) throws {
        _ = check(.all, try captured())
        guard case .failed(let message) = check(mode, try captured(secondWidth: 160)) else {
            Issue.record("expected a failure")
            return
        }
        // b is 150 -> 160 wide at (0, 24) in the column (hand-derived in the baseline test).
        #expect(
            message.contains(
                "differs from its baseline \(folder.files().baseline.path) (1 difference):\n"
                    + "  ~ ASDisplayNode (spec) > ASStackLayoutSpec > ASImageNode (b): frame 0,24 150x20 -> 0,24 160x20\n"))
        #expect(message.contains("WEFT_RECORD=failed"))
        #expect(sameLayout(storedBaseline(), try captured()), "the baseline is left alone")
        #expect(sameLayout(storedArtifact(), try captured(secondWidth: 160)))
    }

    @Test(arguments: [LayoutSnapshotRecordMode.failed, .all])
    func differenceIsRecorded(mode: LayoutSnapshotRecordMode) throws {
        _ = check(.all, try captured())
        guard case .recorded(let note) = check(mode, try captured(secondWidth: 160)) else {
            Issue.record("expected a recording")
            return
        }
        #expect(sameLayout(storedBaseline(), try captured(secondWidth: 160)))
        if mode == .failed { #expect(note.contains("frame 0,24 150x20 -> 0,24 160x20")) }
    }

    @Test(arguments: [LayoutSnapshotRecordMode.missing, .failed])
    func missingOrStaleAsciiArtIsWrittenAgainByTheModesThatRecord(mode: LayoutSnapshotRecordMode) throws {
        _ = check(.all, try captured())
        let art = try #require(FileManager.default.text(folder.files().asciiArt))
        let baseline = try Data(contentsOf: folder.files().baseline)
        try FileManager.default.removeItem(at: folder.files().asciiArt)
        guard case .recorded(let note) = check(mode, try captured()) else {
            Issue.record("expected a recording")
            return
        }
        #expect(
            note == "wrote the ASCII art of layout snapshot \"row\" of test() at \(folder.files().asciiArt.path) (it was missing)"
        )
        #expect(FileManager.default.text(folder.files().asciiArt) == art)
        try Data("stale\n".utf8).write(to: folder.files().asciiArt)
        guard case .recorded(let staleNote) = check(mode, try captured()) else {
            Issue.record("expected a recording")
            return
        }
        #expect(staleNote.hasSuffix("(it did not show its baseline)"))
        #expect(FileManager.default.text(folder.files().asciiArt) == art)
        #expect(try Data(contentsOf: folder.files().baseline) == baseline, "the baseline itself is left alone")
        #expect(check(mode, try captured()) == .matched)
    }

    @Test func missingOrStaleAsciiArtIsOnlyNotedWhenNothingIsRecorded() throws {
        _ = check(.all, try captured())
        try Data("stale\n".utf8).write(to: folder.files().asciiArt)
        #expect(
            check(.never, try captured())
                == .noted(
                    "the ASCII art of layout snapshot \"row\" of test(), \(folder.files().asciiArt.path), does not show its baseline (WEFT_RECORD=missing writes it)"
                ))
        #expect(FileManager.default.text(folder.files().asciiArt) == "stale\n")
        try FileManager.default.removeItem(at: folder.files().asciiArt)
        guard case .noted(let note) = check(.never, try captured()) else {
            Issue.record("expected a note")
            return
        }
        #expect(note.contains(", is missing (WEFT_RECORD=missing writes it)"))
        #expect(!FileManager.default.fileExists(atPath: folder.files().asciiArt.path))
    }

    @Test func toleranceAndIgnoredFieldsApply() throws {
        _ = check(.all, try captured())
        let within = LayoutSnapshotCheck(
            files: folder.files(), mode: .never, options: SemanticDiff.Options(tolerance: 10), title: "t")
        #expect(within.check(try captured(secondWidth: 160)) == .matched)
        let past = LayoutSnapshotCheck(
            files: folder.files(), mode: .never, options: SemanticDiff.Options(tolerance: 9.5), title: "t")
        #expect(past.check(try captured(secondWidth: 160)) != .matched)
    }

    /// A file that cannot be read or written is said in the system's words ("Is a directory",
    /// "Not a directory"), not as a dump of Foundation's NSError, and a baseline that cannot be
    /// read is not called "not a weft snapshot".
    @Test func fileErrorsAreSaidInWords() throws {
        let blocker = folder.url.appendingPathComponent("blocker")
        try FileManager.default.createDirectory(at: folder.files().baseline, withIntermediateDirectories: true)
        try Data("a file where the artifacts folder should be".utf8).write(to: blocker)
        let files = LayoutSnapshotFiles(
            testFile: folder.url.appendingPathComponent("RowTests.swift").path, testName: "test()", name: "row",
            environment: ["WEFT_ARTIFACTS": blocker.appendingPathComponent("artifacts").path])
        let outcome = LayoutSnapshotCheck(
            files: files, mode: .missing, options: SemanticDiff.Options(), title: "snapshot \"row\" of test()"
        )
        .check(try captured())
        guard case .failed(let message) = outcome else {
            Issue.record("expected a failure")
            return
        }
        #expect(
            message.hasPrefix(
                "the baseline of layout snapshot \"row\" of test(), \(files.baseline.path), cannot be read (Is a directory)"),
            "\(message)")
        #expect(
            message.hasSuffix("(the new snapshot could not be kept at \(files.artifact.path): Not a directory)"), "\(message)")
        #expect(!message.contains("Error Domain"))
    }

    @Test func unreadableBaseline() throws {
        try FileManager.default.createDirectory(
            at: folder.files().baseline.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"format\": \"weft.snapshot\", ".utf8).write(to: folder.files().baseline)
        guard case .failed(let message) = check(.missing, try captured()) else {
            Issue.record("expected a failure")
            return
        }
        #expect(message.contains("is not a weft snapshot"))
        guard case .recorded = check(.failed, try captured()) else {
            Issue.record("expected a recording")
            return
        }
        #expect(sameLayout(storedBaseline(), try captured()))
    }
}
