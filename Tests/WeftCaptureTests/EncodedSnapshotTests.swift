import Foundation
import Testing
import WeftLayout
import WeftNodes
import WeftSnapshot
@testable import WeftCapture

/// `Capture.encodedSnapshot(of:)` writes the document while it walks the trees: its bytes are
/// those of the `Snapshot` value's encoding, whatever the trees hold.
@Suite struct EncodedSnapshotTests {
    /// The written document and the encoded value, compared byte for byte; on a difference, the
    /// first differing element says where.
    private func expectSameDocument(_ roots: [DisplayNode], revision: Int = 0, meta: Snapshot.Meta = Snapshot.Meta(),
                                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let value = Capture.snapshot(of: roots, revision: revision, meta: meta)
        let written = Capture.encodedSnapshot(of: roots, revision: revision, meta: meta)
        guard written != value.encoded() else { return }
        let decoded = try Snapshot(json: written)
        Issue.record("the written document differs: \(firstDifference(value, decoded) ?? "in bytes only")",
                     sourceLocation: sourceLocation)
    }

    @Test("a card: specs with implied class names, a node's layout root with its implied range")
    func card() throws {
        let card = Card()
        card.wrapInCenter = true
        try expectSameDocument(loop(with: [card.root]).roots)
    }

    @Test("several roots, the revision and the meta")
    func severalRoots() throws {
        let first = Card(), second = Card()
        second.root.backgroundColor = .black
        var meta = Snapshot.Meta(appId: "org.example.Cards")
        meta.extra["checkpoint"] = "start"
        try expectSameDocument(loop(with: [first.root, second.root]).roots, revision: 7, meta: meta)
    }

    @Test("the file written from the roots is the file written from the value")
    func files() throws {
        let card = Card()
        let roots = loop(with: [card.root]).roots
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("weft-encoded-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fromValue = directory.appendingPathComponent("value.json").path
        let fromRoots = directory.appendingPathComponent("nested/roots.json").path
        try Capture.write(Capture.snapshot(of: roots), to: fromValue)
        try Capture.write(roots, to: fromRoots)
        let written = try Data(contentsOf: URL(fileURLWithPath: fromRoots))
        #expect(written == (try Data(contentsOf: URL(fileURLWithPath: fromValue))))
        #expect(try Snapshot(json: Array(written)) == Capture.snapshot(of: roots))
    }

    @Test("an empty list of roots")
    func noRoots() throws {
        try expectSameDocument([])
    }

    @Test("a scrolled table: cells placed by the container, interface states, a range controller")
    func scrolledTable() throws {
        let table = TableNode()
        let rows = Rows(count: 200)
        table.dataSource = rows
        let loop = loop(with: [table], size: Size(width: 375, height: 220))
        table.contentOffset = Point(x: 0, y: 1_000)
        loop.run(frames: 2)
        try expectSameDocument(loop.roots)
    }

    @Test("a pager: tables in preloaded pages have range controllers but no elements")
    func pager() throws {
        let (loop, _, _) = pagerLoop()
        try expectSameDocument(loop.roots)
    }

    @Test("controls with targets and their tappable areas, cut by an ancestor")
    func tappableAreas() throws {
        let (panel, _) = cornerButton()
        panel.clipsToBounds = true
        let root = DisplayNode()
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, _ in AbsoluteLayoutSpec(children: [panel]) }
        try expectSameDocument(loop(with: [root]).roots)
    }

    @Test("random trees, after random changes and inspector edits", arguments: 1...20)
    func randomTrees(seed: Int) throws {
        let program = RandomProgram(seed: UInt64(seed))
        let loop = loop(with: [program.root], size: Size(width: 320, height: 480))
        let recorder = RecordingSession(loop: loop)
        for _ in 0..<4 {
            try expectSameDocument(loop.roots)
            for _ in 0..<3 { program.mutate(recorder, snapshot: Capture.snapshot(of: loop.roots)) }
            loop.run(frames: 1)
        }
    }
}
