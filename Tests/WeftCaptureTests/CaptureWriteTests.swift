import Foundation
import Testing
import WeftNodes
import WeftSnapshot

@testable import WeftCapture

/// `Capture.write`, the writer of checkpoints (WEFT_SNAPSHOT_DIR) and of WeftTesting's
/// baselines, writes where a shell's `>` would (docs/cli.md, "Every output file ... a symbolic
/// link ... is written through").
@Suite struct CaptureWriteTests {
    /// A checkpoint folder where `exit.json` is a symbolic link to a file kept elsewhere (a
    /// baseline shared by two folders). Derivation: `echo x > exit.json` opens the link's target,
    /// so after the write the link is still a link to `kept/exit.json`, and that file holds the new
    /// document: decoding it gives the snapshot written. Before the fix the write renamed a new
    /// file over the link: the link became a plain copy and `kept/exit.json` kept "old".
    @Test func aSymbolicLinkIsWrittenThrough() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-capture-write-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = folder.appendingPathComponent("kept/exit.json").path
        let link = folder.appendingPathComponent("checkpoints/exit.json").path
        try FileManager.default.createDirectory(
            atPath: (kept as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: kept))
        // Relative, as `ln -s` makes it.
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../kept/exit.json")

        let card = Card()
        let cardLoop = loop(with: [card.root])
        let snapshot = Capture.snapshot(of: cardLoop.roots)
        try Capture.write(snapshot, to: link)

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../kept/exit.json")
        #expect(try Snapshot(json: Array(Data(contentsOf: URL(fileURLWithPath: kept)))) == snapshot)

        // The same through the writer that builds no value, to a link whose target is missing:
        // `>` creates the target.
        let dangling = folder.appendingPathComponent("checkpoints/first-layout.json").path
        let missing = folder.appendingPathComponent("kept/first-layout.json").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: missing)
        let second = Card()
        let secondLoop = loop(with: [second.root])
        let roots = secondLoop.roots
        try Capture.write(roots, to: dangling)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling) == missing)
        #expect(try Snapshot(json: Array(Data(contentsOf: URL(fileURLWithPath: missing)))) == Capture.snapshot(of: roots))
    }
}
