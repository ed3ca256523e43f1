import Testing
import WeftLayout
import WeftNodes
import WeftSnapshot
@testable import WeftCapture

@Suite("Capture of node trees")
struct CaptureTests {
    @Test("a node laid out with a spec: spec ids, unflattened frames, style and spec props")
    func specTree() throws {
        let card = Card()
        let loop = loop(with: [card.root])
        let snapshot = Capture.snapshot(of: loop.roots)
        let root = try #require(snapshot.roots.first)
        let r = card.root.id
        #expect(root.id == r)
        #expect(root.debugName == "card")
        #expect(root.frame == Snapshot.Rect(x: 0, y: 0, width: 375, height: 100))
        // A root is laid out exactly at its window size and is in the hierarchy (all four bits).
        #expect(root.constrainedSize == Snapshot.SizeRange(min: .init(width: 375, height: 100), max: .init(width: 375, height: 100)))
        #expect(root.interfaceState.rawValue == 15)
        #expect(root.children.count == 1)  // the spec root; the subnodes are placed by it

        let inset = root.children[0]
        #expect(inset.id == "\(r)/0")
        #expect(inset.kind == .spec && inset.type == "inset" && inset.className == "ASInsetLayoutSpec")
        #expect(inset.frame == Snapshot.Rect(x: 0, y: 0, width: 375, height: 100))
        #expect(inset.props == ["insets": [10, 10, 10, 10]])

        let stack = try #require(inset.children.first)
        #expect(stack.id == "\(r)/0.0")
        #expect(stack.type == "stack")
        #expect(stack.frame == Snapshot.Rect(x: 10, y: 10, width: 355, height: 80))
        #expect(stack.props == ["spacing": 5, "alignItems": "start"])
        #expect(stack.children.map(\.id) == [card.avatar.id, card.title.id])

        let avatar = stack.children[0], title = stack.children[1]
        #expect(avatar.frame == Snapshot.Rect(x: 0, y: 0, width: 50, height: 30))
        #expect(avatar.style == ["width": 50, "height": 30])
        #expect(title.frame == Snapshot.Rect(x: 55, y: 0, width: 300, height: 20))
        #expect(title.style == ["width": 100, "height": 20, "flexGrow": 1])
        try writeArtifact(snapshot, name: "card")
    }
}

@Suite("Range controller item-state runs")
struct ItemStateRunTests {
    private func states(_ runs: [(Int, UInt8)]) -> [InterfaceState] {
        runs.flatMap { count, raw in Array(repeating: InterfaceState(rawValue: raw), count: count) }
    }

    private func run(_ start: Int, _ end: Int, _ raw: Int) -> Snapshot.ItemStateRun {
        Snapshot.ItemStateRun(start, end, Snapshot.InterfaceState(rawValue: raw))
    }

    @Test("runs of every length around the eight items measured at a time, in order")
    func runsAroundWordBoundaries() {
        // 3 + 8 + 1 + 9 + 17 + 7 = 45 items: runs end at 2, 10, 11, 20, 37, 44.
        let items = states([(3, 1), (8, 15), (1, 7), (9, 15), (17, 3), (7, 1)])
        #expect(RangeControllerCapture.itemStateRuns(of: items) == [
            run(0, 2, 1), run(3, 10, 15), run(11, 11, 7), run(12, 20, 15), run(21, 37, 3), run(38, 44, 1),
        ])
    }

    @Test("no items, one item, one long run, alternating items")
    func edgeCases() {
        #expect(RangeControllerCapture.itemStateRuns(of: []).isEmpty)
        #expect(RangeControllerCapture.itemStateRuns(of: states([(1, 2)])) == [run(0, 0, 2)])
        #expect(RangeControllerCapture.itemStateRuns(of: states([(1000, 1)])) == [run(0, 999, 1)])
        let alternating = (0..<20).map { InterfaceState(rawValue: $0 % 2 == 0 ? 1 : 3) }
        #expect(RangeControllerCapture.itemStateRuns(of: alternating) == (0..<20).map { run($0, $0, $0 % 2 == 0 ? 1 : 3) })
    }
}
