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
    private func expectSameDocument(
        _ roots: [DisplayNode], revision: Int = 0, meta: Snapshot.Meta = Snapshot.Meta(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let value = Capture.snapshot(of: roots, revision: revision, meta: meta)
        let written = Capture.encodedSnapshot(of: roots, revision: revision, meta: meta)
        guard written != value.encoded() else { return }
        let decoded = try Snapshot(json: written)
        Issue.record(
            "the written document differs: \(firstDifference(value, decoded) ?? "in bytes only")",
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
        let first = Card()
        let second = Card()
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

    /// Every property capture puts into `style` and `props`, each with a non-default value, so
    /// each reader is checked against both sinks: the values built for the element and the
    /// JSON written straight.
    @Test("every style entry, every spec property, every node property")
    func everyProperty() throws {
        let root = DisplayNode()
        root.automaticallyManagesSubnodes = true
        let styled = DisplayNode()
        styled.style.width = .fraction(0.5)
        styled.style.height = .points(12.5)
        styled.style.minWidth = .points(1)
        styled.style.minHeight = .fraction(0.07)
        styled.style.maxWidth = .points(300)
        styled.style.maxHeight = .points(200)
        styled.style.flexBasis = .points(4)
        styled.style.flexGrow = 1
        styled.style.flexShrink = 0.5
        styled.style.ascender = 3
        styled.style.descender = -2
        styled.style.spacingBefore = 1.25
        styled.style.spacingAfter = 2
        styled.style.alignSelf = .center
        styled.style.layoutPosition = Point(x: 3, y: 4)
        // Quotes, a backslash and a newline: escaped in the text and in its lines.
        let wrapped = TextNode("A \"quoted\" back\\slash\nand a title that wraps onto more lines", font: .bold(15))
        wrapped.isSelected = true
        wrapped.isHighlighted = true
        let oneLine = TextNode("Hi", font: .system(12))
        oneLine.isEnabled = false
        let empty = TextNode("")
        let image = ImageNode(image: Image(pixelWidth: 30, pixelHeight: 20, scale: 2))
        image.addTarget(action: "open", for: [.touchUpInside, .valueChanged]) { _, _ in }
        let network = NetworkImageNode(url: "https://example.org/a.png")
        let plainNetwork = NetworkImageNode()
        let view = DisplayNode()
        view.clipsToBounds = true
        view.isHidden = true
        view.alpha = 0.25
        view.backgroundColor = Color(red255: 255, green: 128, blue: 0, alpha: 0.5)
        view.hitTestSlop = EdgeInsets(top: -4, left: -.infinity, bottom: 0, right: 2)
        view.style.preferredSize = Size(width: 10, height: 10)
        let box = BoxNode(intrinsicSize: Size(width: 5, height: 5), className: "ASBox", debugName: "box")
        box.style.flexGrow = 2
        root.layoutSpecBlock = { _, _ in
            let relative = RelativeLayoutSpec(
                horizontalPosition: .end, verticalPosition: .center, sizingOption: .minimumWidth,
                child: oneLine)
            let corner = CornerLayoutSpec(child: image, corner: network, location: .bottomRight)
            corner.offset = Point(x: -2, y: 3)
            corner.wrapsCorner = true
            let stack = StackLayoutSpec(
                direction: .vertical, spacing: 3, justifyContent: .spaceBetween, alignItems: .end,
                children: [
                    styled, wrapped, relative, corner, empty, box,
                    CenterLayoutSpec(centeringOptions: .x, sizingOptions: .minimumY, child: plainNetwork),
                    RatioLayoutSpec(ratio: 0.5, child: view),
                    AbsoluteLayoutSpec(sizing: .sizeToFit, children: []),
                ])
            stack.flexWrap = .wrap
            stack.alignContent = .center
            stack.lineSpacing = 2
            stack.style.flexShrink = 1
            return InsetLayoutSpec(insets: EdgeInsets(top: 1, left: 2, bottom: .infinity, right: 4), child: stack)
        }
        let roots = loop(with: [root], size: Size(width: 200, height: 600)).roots
        try expectSameDocument(roots)

        // The values keep what the document leaves out: the lines of a one-line text, an image's
        // decoded size (30 x 20 pixels x 4 bytes).
        let snapshot = Capture.snapshot(of: roots)
        let styledElement = try #require(snapshot.roots[0].first { $0.id == styled.id })
        #expect(styledElement.style["width"] == "50%" && styledElement.style["minHeight"] == "7%")
        #expect(styledElement.style["layoutPosition"] == [3, 4] && styledElement.style.count == 15)
        let oneLineElement = try #require(snapshot.roots[0].first { $0.id == oneLine.id })
        #expect(oneLineElement.props["lines"] == ["Hi"])
        #expect(oneLineElement.props["control"] == ["enabled": false])
        let imageElement = try #require(snapshot.roots[0].first { $0.id == image.id })
        #expect(imageElement.props["image"]?["decodedBytes"] == 2400)
        #expect(
            imageElement.props["control"]?["targets"] == [
                ["event": "touchUpInside", "action": "open"],
                ["event": "valueChanged", "action": "open"],
            ])
        let viewElement = try #require(snapshot.roots[0].first { $0.id == view.id })
        #expect(
            viewElement.props == [
                "clipsToBounds": true, "hidden": true, "alpha": 0.25, "backgroundColor": "#ff800080",
                "hitTestSlop": [-4, .number(-.infinity), 0, 2],
            ])
        let written = String(decoding: Capture.encodedSnapshot(of: roots), as: UTF8.self)
        #expect(!written.contains("\"lines\":[\"Hi\"]") && !written.contains("2400"))
        #expect(written.contains("\"hitTestSlop\":[-4,\"-inf\",0,2]"))
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
