import Foundation
import Testing

@testable import WeftSnapshot

@Suite struct SnapshotSVGTests {
    private func fixture(_ name: String) throws -> Snapshot {
        try Snapshot(json: try Fixtures.bytes(Fixtures.folder("snapshots").appendingPathComponent(name)))
    }

    private func writeArtifact(_ svg: String, _ name: String) throws {
        let folder = Fixtures.root.appendingPathComponent(".build/test-artifacts/svg")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try svg.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    // profile-card.json: the follow button sits at (0 + 0 + 16 + 280, 0 + 0 + 12 + 6) = (296, 18) in
    // root coordinates; its tappable rect [-10, -10, 64, 64] starts at (286, 8); the picture adds a
    // 10-point margin. The avatar (16, 12, 56x56) has scalingRatio 9: label "9.00x" at its
    // bottom-right (72 - 2, 68 - 3) + margin.
    @Test func overlaysDrawTappableAreasAndScalingLabels() throws {
        let svg = SnapshotSVG.render(try fixture("profile-card.json"), overlays: [.slop, .scaling])
        #expect(
            svg.contains(
                #"<rect x="296" y="18" width="64" height="64" class="tappable" fill="rgb(0,255,0)" fill-opacity="0.4"/>"#))
        #expect(svg.contains(##"<text x="80" y="75" font-size="11" fill="#ff0000" text-anchor="end">9.00x</text>"##))
        // "336×336 px" does not fit on the 56-point avatar: only its tooltip says it.
        #expect(svg.contains(##"class="image" fill="#e8e8e8" stroke="#999999" stroke-width="0.5"><title>336×336 px</title>"##))
        #expect(!svg.contains(">336×336 px</text>"))
        #expect(svg.contains(#"stroke-dasharray="3 2""#))  // specs are dashed
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="395" height="100""#))  // 375x80 + margins
        let plain = SnapshotSVG.render(try fixture("profile-card.json"))
        #expect(!plain.contains("tappable") && !plain.contains("9.00x"))
        try writeArtifact(svg, "profile-card.svg")
    }

    // Images of 16 points in a row, 96x96 pixels each (scaling 9): neither their pixel sizes
    // nor their ratios fit on them, so none is written over a neighbour; the ratios become red
    // corner marks with the ratio as tooltip. A 200-point image has room for both labels.
    @Test func labelsOnlyWhereTheyFit() throws {
        func image(_ id: String, x: Double, side: Double) -> Snapshot.Element {
            var element = Snapshot.Element(
                id: id, kind: .node, className: "ASImageNode",
                frame: .init(x: x, y: 0, width: side, height: side))
            element.props = [
                "image": .object(["pixelWidth": .number(96), "pixelHeight": .number(96), "scalingRatio": .number(9)])
            ]
            return element
        }
        var root = Snapshot.Element(
            id: "n1", kind: .node, className: "ASDisplayNode", frame: .init(x: 0, y: 0, width: 300, height: 200))
        root.children = [image("n2", x: 0, side: 16), image("n3", x: 16, side: 16), image("n4", x: 100, side: 200)]
        let svg = SnapshotSVG.render(
            Snapshot(revision: 1, meta: .init(), roots: [root], rangeControllers: []), overlays: [.scaling])
        #expect(svg.components(separatedBy: ">96×96 px</text>").count == 2, "written once, on the big image")
        #expect(svg.components(separatedBy: ">9.00x</text>").count == 2, "written once, on the big image")
        #expect(svg.components(separatedBy: #"class="scaling-mark""#).count == 3, "a mark on each small image")
        #expect(
            svg.contains(
                ##"<path class="scaling-mark" d="M 26 20 L 26 26 L 20 26 Z" fill="#ff0000"><title>9.00x</title></path>"##))
    }

    // feed.json: the like button's tappable area is restricted on top, bottom and right: 2-point
    // dark green stripes on those edges of [-20, -8, 80, 60] placed at the button's root origin
    // (0 + 0 + 0 + 16 + 299, 0 + 0 + 64 + 0 + 8 + 0) = (315, 72) for the first cell.
    @Test func restrictedEdgesGetStripes() throws {
        let svg = SnapshotSVG.render(try fixture("feed.json"), overlays: [.slop])
        // Area (295, 64, 80, 60) + margin 10 -> (305, 74).
        #expect(svg.contains(#"<rect x="305" y="74" width="80" height="60" class="tappable""#))
        #expect(svg.contains(#"<rect x="305" y="74" width="80" height="2" fill="rgb(30,90,50)" fill-opacity="0.7"/>"#))  // top
        #expect(svg.contains(#"<rect x="305" y="132" width="80" height="2" fill="rgb(30,90,50)""#))  // bottom
        #expect(svg.contains(#"<rect x="383" y="74" width="2" height="60" fill="rgb(30,90,50)""#))  // right
        #expect(!svg.contains(#"<rect x="305" y="74" width="2" height="60" fill="rgb(30,90,50)""#))  // left is not restricted
    }

    // feed.json's controller in a 250-point bar (full, down): widths 230 x (0.2, 0.5, 1) = 46,
    // 115, 230; visible x = (230 - 46) x 0.375 = 69, display x = 69 - (115 - 46) / 3 = 46; plus the
    // bar inset 10 and the picture margin 10; the bar starts under the 667-point layout at y 687.
    @Test func rangeBarsGoUnderTheLayout() throws {
        let svg = SnapshotSVG.render(try fixture("feed.json"), overlays: [.ranges])
        #expect(svg.contains(#"<rect x="20" y="699" width="230" height="9" class="range-preload""#))
        #expect(svg.contains(#"<rect x="66" y="699" width="115" height="9" class="range-display""#))
        #expect(svg.contains(#"<rect x="89" y="699" width="46" height="9" class="range-visible""#))
        #expect(svg.contains(">FeedDataSource</text>"))
        #expect(svg.contains(">▼</text>"))
        try writeArtifact(svg, "feed-ranges.svg")
    }

    @Test func diffPictureHighlightsChanges() throws {
        let a = try fixture("feed.json")
        var b = a
        b.roots[0].children[0].children[1].children[0].children[0].children[0].children[0].frame.width = 250  // first title
        b.roots[0].children[0].children[1].children.remove(at: 1)  // second cell
        let changes = SemanticDiff.compare(a, b)
        let svg = SnapshotSVG.renderDiff(a, b, changes: changes, labels: ("before.json", "after.json"))
        #expect(svg.contains("#ff7f0e"))  // the resized title, in both
        #expect(svg.contains("#d62728"))  // the removed cell, in a
        #expect(!svg.contains("#2ca02c"))  // nothing added
        #expect(svg.contains(">before.json</text>") && svg.contains(">after.json</text>"))
        #expect(svg.contains("2 differences"))
        try writeArtifact(svg, "feed-diff.svg")
    }

    @Test func textIsEscaped() {
        let snapshot = Snapshot(roots: [
            Snapshot.Element(
                id: "n1", className: "ASTextNode", frame: .init(x: 0, y: 0, width: 50, height: 20), props: ["text": "<b>&\"x\""])
        ])
        #expect(SnapshotSVG.render(snapshot).contains("&lt;b&gt;&amp;&quot;x&quot;</text>"))
        #expect(SnapshotSVG.render(Snapshot()).contains(#"width="20" height="20""#))  // empty: just the margins
    }

    // Two screens, both at 0,0 (TextureGram's feed and explore roots): laid side by side, 20
    // points apart, each under a 16-point label band, all inside the 10-point margin.
    // First root 100x50: label baseline at (0 + 10, 16 - 4 + 10) = (10, 22), box at (10, 26).
    // Second root 80x60 starts at 100 + 20 = 120: label at (130, 22), box at (130, 26); its child
    // at (5, 5) lands at (135, 31). Picture: 100 + 20 + 80 + 2 x 10 = 220 wide,
    // 16 + max(50, 60) + 2 x 10 = 96 high.
    @Test func severalRootsSitSideBySideWithLabels() throws {
        let child = Snapshot.Element(id: "n3", className: "ASTextNode", frame: .init(x: 5, y: 5, width: 10, height: 10))
        let snapshot = Snapshot(roots: [
            Snapshot.Element(id: "n1", className: "FeedScreen", frame: .init(x: 0, y: 0, width: 100, height: 50)),
            Snapshot.Element(
                id: "n2", className: "ExploreScreen", frame: .init(x: 0, y: 0, width: 80, height: 60), children: [child]),
        ])
        let svg = SnapshotSVG.render(snapshot)
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="220" height="96""#))
        #expect(
            svg.contains(
                ##"<text x="10" y="22" class="root-label" font-size="11" font-weight="bold" fill="#444444">FeedScreen n1</text>"##
            ))
        #expect(
            svg.contains(
                ##"<text x="130" y="22" class="root-label" font-size="11" font-weight="bold" fill="#444444">ExploreScreen n2</text>"##
            ))
        #expect(svg.contains(#"<rect x="10" y="26" width="100" height="50" class="node""#))
        #expect(svg.contains(#"<rect x="130" y="26" width="80" height="60" class="node""#))
        #expect(svg.contains(#"<rect x="135" y="31" width="10" height="10" class="node""#))
        // One root keeps its own frame and gets no label.
        let single = SnapshotSVG.render(Snapshot(roots: [snapshot.roots[0]]))
        #expect(single.contains(#"<rect x="10" y="10" width="100" height="50" class="node""#) && !single.contains("root-label"))
        try writeArtifact(svg, "two-roots.svg")
    }
}
