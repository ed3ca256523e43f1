import Testing
import WeftJSON
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
        #expect(
            root.constrainedSize == Snapshot.SizeRange(min: .init(width: 375, height: 100), max: .init(width: 375, height: 100)))
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

        let avatar = stack.children[0]
        let title = stack.children[1]
        #expect(avatar.frame == Snapshot.Rect(x: 0, y: 0, width: 50, height: 30))
        #expect(avatar.style == ["width": 50, "height": 30])
        #expect(title.frame == Snapshot.Rect(x: 55, y: 0, width: 300, height: 20))
        #expect(title.style == ["width": 100, "height": 20, "flexGrow": 1])
        try writeArtifact(snapshot, name: "card")
    }

    @Test("an image's scaling ratio is taken on its tree's screen, in a table's cells too and for one element asked for")
    func scalingRatioOnTheTreesScreen() throws {
        // 90 x 90 px images (scale 1) shown 30 x 30. On a scale-3 screen they cover
        // floor(90) x floor(90) = 8 100 pixels: ratio 1. On the default scale-2 screen it would
        // be 8 100 / (60 x 60) = 2.25.
        final class ImageCells: ContainerDataSource {
            func numberOfItems(in container: ContainerNode) -> Int { 3 }
            func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
                let cell = CellNode()
                let image = ImageNode(image: Image(pixelWidth: 90, pixelHeight: 90, scale: 1))
                image.style.preferredSize = Size(width: 30, height: 30)
                cell.automaticallyManagesSubnodes = true
                cell.layoutSpecBlock = { _, _ in StackLayoutSpec(direction: .horizontal, children: [image]) }
                return cell
            }
        }
        let cells = ImageCells()  // data sources are weak references
        let table = TableNode()
        table.dataSource = cells
        table.style.height = .points(200)
        let image = ImageNode(image: Image(pixelWidth: 90, pixelHeight: 90, scale: 1))
        image.style.preferredSize = Size(width: 30, height: 30)
        let root = DisplayNode()
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, _ in StackLayoutSpec(direction: .vertical, children: [image, table]) }
        let loop = MainLoop(clock: .manual)
        loop.screenScale = 3
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 375, height: 300))
        loop.run(frames: 1)

        func ratio(_ element: Snapshot.Element) -> JSONValue? {
            guard case .object(let image)? = element.props["image"] else { return nil }
            return image["scalingRatio"]
        }
        func ratios(_ snapshot: Snapshot) -> [JSONValue?] {
            var found: [JSONValue?] = []
            func walk(_ element: Snapshot.Element) {
                if element.className == "ASImageNode" { found.append(ratio(element)) }
                element.children.forEach(walk)
            }
            snapshot.roots.forEach(walk)
            return found
        }
        let snapshot = Capture.snapshot(of: loop.roots)
        #expect(ratios(snapshot) == [1, 1, 1, 1])
        #expect(
            ratios(Capture.snapshot(of: loop.roots, revision: 0, meta: Snapshot.Meta(), cache: CaptureCache())) == [1, 1, 1, 1])
        #expect(try ratios(Snapshot(json: Capture.encodedSnapshot(of: loop.roots))) == [1, 1, 1, 1])
        let cellImage = try #require(table.cellForItem(at: 1)?.subnodes.first)
        #expect(try ratio(#require(Capture.element(withId: cellImage.id, in: loop.roots))) == 1)
        withExtendedLifetime(cells) {}
    }

    @Test("specs and leaves that are not nodes carry the range their parent laid them out in")
    func constrainedSizes() throws {
        func range(_ minWidth: Double, _ minHeight: Double, _ maxWidth: Double, _ maxHeight: Double) -> Snapshot.SizeRange {
            Snapshot.SizeRange(min: .init(width: minWidth, height: minHeight), max: .init(width: maxWidth, height: maxHeight))
        }
        // The card (Support.swift) at 375x100: the root lays its inset out in exactly 375x100;
        // the inset gives its stack the range reduced by 10 on every edge: exactly 355x80.
        let card = Card()
        let cardLoop = loop(with: [card.root])
        let cardRoot = try #require(Capture.snapshot(of: cardLoop.roots).roots.first)
        let inset = try #require(cardRoot.children.first)
        #expect(inset.constrainedSize == range(375, 100, 375, 100))
        let stack = try #require(inset.children.first)
        #expect(stack.constrainedSize == range(355, 80, 355, 80))
        // Its nodes carry the range of their applied layout: the horizontal stack (items at the
        // start) passes an auto basis' [0, inf] along and [0, 80] across; the title grows by the
        // free 355 - (50 + 5 + 100) = 200 and is laid out again with exactly 300 along.
        #expect(stack.children[0].constrainedSize == range(0, 0, .infinity, 80))
        #expect(stack.children[1].constrainedSize == range(300, 0, 300, 80))

        // A column (vertical, items at the start) of an inset of 8 around a ratio 0.5 of a leaf
        // that is not a node, and a 20-high caption leaf that stretches, in a 375x400 root.
        let root = DisplayNode()
        let photo = BoxNode(debugName: "photo")
        let caption = BoxNode(debugName: "caption")
        caption.style.height = .points(20)
        caption.style.alignSelf = .stretch
        root.layoutSpecBlock = { _, _ in
            StackLayoutSpec(
                direction: .vertical, alignItems: .start,
                children: [
                    InsetLayoutSpec(insets: EdgeInsets(all: 8), child: RatioLayoutSpec(ratio: 0.5, child: photo)),
                    caption,
                ])
        }
        let columnLoop = loop(with: [root], size: Size(width: 375, height: 400))
        let captured = try #require(Capture.snapshot(of: columnLoop.roots).roots.first)
        let column = try #require(captured.children.first)
        #expect(column.constrainedSize == range(375, 400, 375, 400))
        // Not stretched, the inset gets [0, the column's cross max 375] across and [0, inf] along;
        // it hands the ratio that range reduced by 16: [0, 359] x [0, inf].
        let insetElement = try #require(column.first { $0.id == root.id + "/0.0" })
        #expect(insetElement.constrainedSize == range(0, 0, 375, .infinity))
        let ratioElement = try #require(column.first { $0.id == root.id + "/0.0.0" })
        #expect(ratioElement.constrainedSize == range(0, 0, 359, .infinity))
        // The ratio's only candidate (no valid max height) is {359, floorPixel(0.5 x 359) =
        // 179.5}: the leaf gets exactly that.
        let photoElement = try #require(column.first { $0.debugName == "photo" })
        #expect(photoElement.id == root.id + "/0.0.0.0" && photoElement.kind == .node)
        #expect(photoElement.constrainedSize == range(359, 179.5, 359, 179.5))
        // Stretched, the caption's cross range is the column's [375, 375] (its own min is auto,
        // its max infinite); along, [0, inf]: the range passed, before its own height of 20.
        let captionElement = try #require(column.first { $0.debugName == "caption" })
        #expect(captionElement.constrainedSize == range(375, 0, 375, .infinity))
        #expect(captionElement.frame.height == 20)
        // The JSON carries them; a fresh decode reads them back.
        let decoded = try Snapshot(json: Capture.snapshot(of: columnLoop.roots).encoded())
        #expect(decoded.roots.first?.first { $0.debugName == "caption" }?.constrainedSize == range(375, 0, 375, .infinity))
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
        #expect(
            RangeControllerCapture.itemStateRuns(of: items) == [
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
