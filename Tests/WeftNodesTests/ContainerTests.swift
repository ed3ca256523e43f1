import Testing
import WeftLayout

@testable import WeftNodes

/// Tables, collections and pagers on a main loop. Cells are 100 pt tall in a 320 x 480 table
/// unless stated; item i covers content y [100 i, 100 i + 100). Range numbers are derived by hand
/// from docs/texture-semantics.md section 6 (see RangeControllerTests for the rect arithmetic).
@Suite("Containers")
struct ContainerTests {
    func table(count: Int) -> (TableNode, ListSource, MainLoop) {
        let loaded = loadedTable(count: count)
        return (loaded.table, loaded.source, loaded.loop)
    }

    @Test("scroll containers clip their content by default, as UIScrollView does")
    func containersClipByDefault() {
        // UIScrollView's clipsToBounds defaults to YES, so ASTableNode, ASCollectionNode and
        // ASPagerNode clip; a plain node does not.
        #expect(TableNode().clipsToBounds)
        #expect(CollectionNode(scrollAxis: .horizontal).clipsToBounds)
        #expect(PagerNode().clipsToBounds)
        #expect(!DisplayNode().clipsToBounds)
    }

    @Test("cells are measured at the table's width and stacked")
    func measurement() {
        let (table, _, _) = table(count: 20)
        #expect(table.contentSize == Size(width: 320, height: 2000))
        #expect(table.itemFrames[3] == Rect(x: 0, y: 300, width: 320, height: 100))
        #expect(table.cellForItem(at: 3)?.frame == Rect(x: 0, y: 300, width: 320, height: 100))
        // The visible cells are the table's subnodes.
        #expect(table.subnodes.map(\.id) == (0...4).compactMap { table.cellForItem(at: $0)?.id })
    }

    @Test("first frame: minimum mode ranges and item states")
    func firstFrame() {
        let (table, _, _) = table(count: 20)
        let ranges = table.rangeController
        #expect(ranges.currentMode == .minimum)
        #expect(ranges.visibleIndices == Array(0...4))
        #expect(ranges.displayIndices == Array(0...5))
        #expect(ranges.preloadIndices == Array(0...7))
        #expect(table.cellForItem(at: 0)?.interfaceState == .inHierarchy)
        #expect(table.cellForItem(at: 5)?.interfaceState == [.measureLayout, .preload, .display])
        #expect(table.cellForItem(at: 7)?.interfaceState == [.measureLayout, .preload])
        #expect(table.cellForItem(at: 8)?.interfaceState == .measureLayout)
        #expect(ranges.dataSourceTypeName == "ListSource")
    }

    @Test("interface-state callbacks fire in order while dragging")
    func callbacksWhileDragging() {
        let (table, source, loop) = table(count: 20)
        source.events = []
        table.beginDragging()
        table.dragMoved(by: Point(x: 0, y: 100), velocity: Point(x: 0, y: 1000))
        loop.run(frames: 1)
        // Full mode (the user dragged), down. Viewport [100, 580): visible 1...5; display
        // [100 - 240, 580 + 480) = [-140, 1060): 0...10; preload [100 - 720, 580 + 1200): 0...17.
        // Visit order: visible 1...5, then display 0, 6...10, then preload 11...17.
        // Changes: 5 enters visible; 0 exits visible; 6, 7 (preload) enter display; 8...10
        // enter preload then display; 11...17 enter preload.
        var expected = ["5:didEnterVisibleState", "0:didExitVisibleState", "6:didEnterDisplayState", "7:didEnterDisplayState"]
        for index in 8...10 { expected += ["\(index):didEnterPreloadState", "\(index):didEnterDisplayState"] }
        for index in 11...17 { expected.append("\(index):didEnterPreloadState") }
        #expect(source.events == expected)
        #expect(table.rangeController.currentMode == .full)
        #expect(table.rangeController.scrollDirection == .down)
        // Leaving the screen: an item entering fires preload, display, visible in that order.
        source.events = []
        table.dragMoved(by: Point(x: 0, y: -100), velocity: Point(x: 0, y: -1000))
        loop.run(frames: 1)
        #expect(source.events.first == "0:didEnterVisibleState")
        #expect(table.rangeController.scrollDirection == .up)
    }

    /// An inspector keeps what it read until its next capture, on another thread: holding the
    /// controller's own arrays, it made the controller copy its item states at the next write
    /// and free its arrays on the inspector's thread (`RangeInspection`).
    @Test("an inspection of the ranges shares no storage with the controller, which writes its item states in place")
    func inspectionSharesNoStorage() {
        let (table, _, loop) = table(count: 40)
        let controller = table.rangeController
        func address<Item>(_ array: [Item]) -> UnsafeRawPointer? {
            array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        let inspection = table.rangeInspection
        #expect(inspection.itemStates == controller.itemStates)
        #expect(inspection.visible == controller.visibleIndices && !inspection.visible.isEmpty)
        #expect(address(inspection.itemStates) != address(controller.itemStates))
        #expect(address(inspection.visible) != address(controller.visibleIndices))
        #expect(address(inspection.display) != address(controller.displayIndices))
        #expect(address(inspection.preload) != address(controller.preloadIndices))

        let storage = address(controller.itemStates)
        table.beginDragging()
        table.dragMoved(by: Point(x: 0, y: 300), velocity: Point(x: 0, y: 1000))
        loop.run(frames: 1)
        #expect(controller.itemStates != inspection.itemStates, "the drag changed item states")
        #expect(address(controller.itemStates) == storage, "written in place, not copied away from a reader")
    }

    @Test("programmatic offsets do not count as user scrolling")
    func programmaticOffsets() {
        let (table, _, loop) = table(count: 30)
        table.contentOffset = Point(x: 0, y: 1000)
        loop.run(frames: 1)
        #expect(table.rangeController.currentMode == .minimum)
        #expect(table.rangeController.visibleIndices == Array(10...14))
        #expect(table.rangeController.scrollDirection == [.down, .right])
        // Animated: eased over 0.3 s (18 frames at 60 fps), still not the user.
        table.setContentOffset(Point(x: 0, y: 0), animated: true)
        loop.run(frames: 1)
        #expect(table.contentOffset.y > 0 && table.contentOffset.y < 1000)
        loop.run(frames: 20)
        #expect(table.contentOffset == .zero)
        #expect(table.rangeController.currentMode == .minimum)
    }

    @Test("a released drag decelerates at UIKit's rate")
    func deceleration() {
        let (table, _, loop) = table(count: 50)
        table.beginDragging()
        table.endDragging(velocity: Point(x: 0, y: 1000))
        #expect(table.isDecelerating)
        loop.run(until: { !table.isDecelerating })
        // Total distance v / (-1000 ln 0.998) = 1000 / 2.002 = 499.5; it stops below 5 pt/s,
        // 5 / 2.002 = 2.5 pt short of that.
        #expect(table.contentOffset.y > 495 && table.contentOffset.y < 499.5)
        #expect(table.rangeController.scrollDirection == .down)
    }

    @Test("a scripted drag moves over frames and ends in a deceleration")
    func scriptedDrag() {
        let (table, _, loop) = table(count: 50)
        table.drag(by: Point(x: 0, y: 300), duration: 0.5)
        #expect(!table.isTracking && table.rangeController.currentMode == .minimum)  // nothing before a frame
        loop.run(frames: 1)
        #expect(table.isTracking)
        loop.run(frames: 14)  // half of 0.5 s at 60 fps: 150 pt
        #expect(abs(table.contentOffset.y - 150) < 1e-6)
        loop.run(frames: 16)
        #expect(!table.isTracking)
        #expect(table.isDecelerating)  // released at 600 pt/s
        #expect(table.rangeController.currentMode == .full)
    }

    @Test("drags are clamped to the content")
    func clamping() {
        let (table, _, loop) = table(count: 10)  // content 1000, max offset 520
        table.beginDragging()
        table.dragMoved(by: Point(x: 50, y: 5000), velocity: Point(x: 0, y: 100))
        table.endDragging(velocity: .zero)
        loop.run(frames: 1)
        #expect(table.contentOffset == Point(x: 0, y: 520))
    }

    @Test("scrollToItem puts the item at the top, clamped; a missing item throws")
    func scrollToItem() throws {
        let (table, _, _) = table(count: 20)
        try table.scrollToItem(at: 10)
        #expect(table.contentOffset.y == 1000)
        try table.scrollToItem(at: 19)
        #expect(table.contentOffset.y == 1520)  // 2000 - 480
        #expect(throws: NodeError.indexOutOfRange(index: 20, count: 20, operation: "scrollToItem")) {
            try table.scrollToItem(at: 20)
        }
        #expect(table.contentOffset.y == 1520)
    }

    @Test("the subnodes are the visible cells in item order, then the host's own, as the table scrolls and changes")
    func subnodesFollowVisibleCells() throws {
        let (table, source, loop) = table(count: 40)
        let badge = DisplayNode()
        table.addSubnode(badge)
        func check(_ moment: String) {
            let cells = table.subnodes.filter(\.isRangeManaged)
            #expect(cells.map(\.id) == table.visibleCells.map(\.id), "\(moment)")
            #expect(table.subnodes.last === badge, "\(moment)")
            // The marks showVisibleCells puts on the cells it keeps are all taken off again.
            #expect(!table.cells.contains { $0.isKeptAsVisibleCell }, "\(moment)")
        }
        loop.run(frames: 1)
        check("loaded")
        for step in 0..<12 {
            table.contentOffset = Point(x: 0, y: Double(step) * 130)
            loop.run(frames: 1)
            check("offset \(step * 130)")
        }
        source.count = 42
        try table.insertItems(at: [10, 11])
        loop.run(frames: 1)
        check("inserted")
        source.count = 39
        try table.deleteItems(at: [9, 10, 13])
        loop.run(frames: 1)
        check("deleted")
        try table.reloadItems(at: [12])
        loop.run(frames: 1)
        check("reloaded")
        table.contentOffset = Point(x: 0, y: 5_000)
        loop.run(frames: 1)
        #expect(table.visibleCells.isEmpty)
        check("past the content")
        loop.simulateMemoryWarning()
        check("memory warning")
    }

    @Test("insert, delete and reload keep states with their items")
    func updates() throws {
        let (table, source, loop) = table(count: 20)
        let first = table.cellForItem(at: 0)
        source.count = 21
        try table.insertItems(at: [0])
        loop.run(frames: 1)
        #expect(table.cellForItem(at: 1) === first)
        #expect(table.contentSize.height == 2100)
        #expect(table.rangeController.visibleIndices == Array(0...4))
        #expect(table.cellForItem(at: 5)?.interfaceState == [.measureLayout, .preload, .display])
        source.count = 19
        try table.deleteItems(at: [0, 1])
        loop.run(frames: 1)
        #expect(table.numberOfItems == 19 && table.contentSize.height == 1900)
        #expect(first?.container == nil && first?.interfaceState == [])
        let old = table.cellForItem(at: 2)
        try table.reloadItems(at: [2])
        loop.run(frames: 1)
        #expect(table.cellForItem(at: 2) !== old)
        #expect(table.cellForItem(at: 2)?.interfaceState == .inHierarchy)
    }

    @Test("several inserts and deletes renumber the item states")
    func renumbering() throws {
        let (table, source, loop) = table(count: 20)
        let cells = (0...6).map { table.cellForItem(at: $0) }
        // Insert two rows at the top (new indices 0 and 1): old item i becomes i + 2.
        source.count = 22
        try table.insertItems(at: [0, 1])
        #expect(table.rangeController.itemStates[2] == .inHierarchy)  // old item 0, before any update
        #expect(table.cellForItem(at: 2) === cells[0])
        loop.run(frames: 1)
        // Visible [0, 480): new items 0...4; old item 3 (now 5) falls to display only.
        #expect(table.cellForItem(at: 5)?.interfaceState == [.measureLayout, .preload, .display])
        #expect(cells[3]?.interfaceState == [.measureLayout, .preload, .display])
        // Delete new items 1 and 3 (old items -, 1): old item 2 (new 4) becomes 2.
        source.count = 20
        try table.deleteItems(at: [1, 3])
        #expect(table.cellForItem(at: 2) === cells[2])
        #expect(cells[1]?.container == nil)
    }

    @Test("bad updates throw clear errors and leave the table as it was")
    func badUpdates() {
        let (table, source, _) = table(count: 5)
        #expect(throws: NodeError.indexOutOfRange(index: 7, count: 6, operation: "insertItems")) {
            source.count = 6
            try table.insertItems(at: [7])
        }
        #expect(
            throws: NodeError.inconsistentUpdate(
                operation: "deleteItems", reason: "the data source has 6 items, expected 4 after the update")
        ) {
            try table.deleteItems(at: [0])
        }
        #expect(throws: NodeError.inconsistentUpdate(operation: "reloadItems", reason: "an index is listed twice")) {
            try table.reloadItems(at: [1, 1])
        }
        #expect(table.numberOfItems == 5)
        table.dataSource = nil
        #expect(throws: NodeError.noDataSource(operation: "insertItems")) { try table.insertItems(at: [0]) }
    }

    @Test("a data source returning a node twice or a node in another tree gets placeholders")
    func badCells() {
        NodeDiagnostics.printsWarnings = false
        let table = TableNode()
        let source = ListSource(count: 4)
        let shared = FixedCell(height: 100)
        let elsewhere = FixedCell(height: 100)
        let otherTree = DisplayNode()
        otherTree.addSubnode(elsewhere)
        source.makeCell = { index in
            switch index {
            case 1, 2: shared
            case 3: elsewhere
            default: FixedCell(height: 100)
            }
        }
        table.dataSource = source
        let (loop, _) = makeScreen(table)
        loop.run(frames: 1)
        #expect(table.cellForItem(at: 1) === shared)
        #expect(table.cellForItem(at: 2)?.debugName == "placeholder")
        #expect(table.cellForItem(at: 3)?.debugName == "placeholder")
        #expect(elsewhere.container == nil && elsewhere.supernode === otherTree)
        let warnings = NodeDiagnostics.warnings(about: table.id).map(\.message)
        #expect(warnings.contains { $0.contains("two items") })
        #expect(warnings.contains { $0.contains("already in another tree") })
    }

    @Test("a vertical flow wraps items into rows")
    func flow() {
        let collection = CollectionNode()
        collection.itemSize = Size(width: 100, height: 100)
        collection.interitemSpacing = 10
        collection.lineSpacing = 10
        let source = ListSource(count: 7)
        collection.dataSource = source
        let (loop, _) = makeScreen(collection)
        loop.run(frames: 1)
        // 100 + 10 + 100 + 10 + 100 = 320 fits the width: three per row, rows 110 apart.
        #expect(collection.itemFrames[2] == Rect(x: 220, y: 0, width: 100, height: 100))
        #expect(collection.itemFrames[3] == Rect(x: 0, y: 110, width: 100, height: 100))
        #expect(collection.contentSize == Size(width: 320, height: 320))
        #expect(collection.rangeController.visibleIndices == Array(0...6))
    }

    @Test("a horizontal flow scrolls and ranges along x")
    func horizontalFlow() {
        let collection = CollectionNode(scrollAxis: .horizontal)
        collection.itemSize = Size(width: 160, height: 480)
        let source = ListSource(count: 10)
        collection.dataSource = source
        let (loop, _) = makeScreen(collection)
        loop.run(frames: 1)
        // Columns of one item 160 wide: visible x [0, 320) -> 0, 1; minimum display
        // [-80, 400) -> 0...2; preload (0.5 right, 0.25 left) [-80, 480) -> 0...2.
        #expect(collection.rangeController.visibleIndices == [0, 1])
        #expect(collection.rangeController.displayIndices == [0, 1, 2])
        #expect(collection.contentSize == Size(width: 1600, height: 480))
    }

    /// Items as wide as the data source says: item i is 50 (i + 1) pt wide and 40 pt tall.
    final class WidthSource: ContainerDataSource {
        func numberOfItems(in container: ContainerNode) -> Int { 4 }
        func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode { CellNode() }
        func container(_ container: ContainerNode, constrainedSizeForItemAt index: Int) -> SizeRange? {
            SizeRange(exactly: Size(width: Double(50 * (index + 1)), height: 40))
        }
    }

    @Test("a data source's size range wins over the container's")
    func dataSourceSizes() {
        let collection = CollectionNode()
        let source = WidthSource()
        collection.dataSource = source
        let (loop, _) = makeScreen(collection)
        loop.run(frames: 1)
        // Widths 50, 100, 150, 200 in 320: 50 + 100 + 150 = 300 fits, 200 wraps to y 40.
        #expect(
            collection.itemFrames.map(\.origin) == [
                Point(x: 0, y: 0), Point(x: 50, y: 0), Point(x: 150, y: 0), Point(x: 0, y: 40),
            ])
    }

    @Test("reloadData replaces every cell and starts the states over")
    func reload() {
        let (table, source, loop) = table(count: 10)
        let old = table.cellForItem(at: 0)
        source.count = 3
        table.reloadData()
        #expect(old?.container == nil && old?.interfaceState == [])
        loop.run(frames: 1)
        #expect(table.numberOfItems == 3 && table.contentSize.height == 300)
        #expect(table.rangeController.itemStates.map(\.rawValue) == [15, 15, 15])
    }

    /// A feed row: a 30 x 30 avatar and a name in a centred horizontal stack, spacing 8, inset 10.
    final class RowCell: CellNode {
        let avatar = ImageNode(image: Image(pixelWidth: 60, pixelHeight: 60, scale: 2))
        let name = TextNode("Hello", font: .system(14))

        override init() {
            super.init()
            automaticallyManagesSubnodes = true
        }

        override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
            let stack = StackLayoutSpec(direction: .horizontal, spacing: 8, alignItems: .center, children: [avatar, name])
            return InsetLayoutSpec(insets: EdgeInsets(all: 10), child: stack)
        }
    }

    final class RowSource: ContainerDataSource {
        var cells: [RowCell] = []
        func numberOfItems(in container: ContainerNode) -> Int { 20 }
        func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
            let cell = RowCell()
            cells.append(cell)
            return cell
        }
    }

    @Test("cells laid out with real specs: sizes, managed subnodes and flattened frames")
    func specCells() {
        // "Hello" at 14 pt: 5191 units = 35.49 pt -> 35.5; height 2384 x 14 / 2048 = 16.30 -> 16.5.
        // Stack: 30 + 8 + 35.5 wide, max(30, 16.5) = 30 tall; with the insets each row is
        // 320 x 50 (the table's exact width). The name is centred: 10 + floorPixel((30 - 16.5) / 2)
        // = 10 + 6.5 = 16.5; x = 10 + 30 + 8 = 48.
        let table = TableNode()
        let source = RowSource()
        table.dataSource = source
        let (loop, _) = makeScreen(table)
        loop.run(frames: 1)
        #expect(table.itemFrames[3] == Rect(x: 0, y: 150, width: 320, height: 50))
        let cell = source.cells[3]
        #expect(cell.indexInContainer == 3)
        #expect(cell.subnodes.map(\.id) == [cell.avatar.id, cell.name.id])
        #expect(cell.avatar.frame == Rect(x: 10, y: 10, width: 30, height: 30))
        #expect(cell.name.frame == Rect(x: 48, y: 16.5, width: 35.5, height: 16.5))
        #expect(cell.name.frame(in: table) == Rect(x: 48, y: 166.5, width: 35.5, height: 16.5))
        // Rows 0...9 are visible in [0, 480) (row 9 spans 450..500); a changed name re-measures.
        #expect(table.rangeController.visibleIndices == Array(0...9))
        cell.name.text = "Hello\nHello"
        loop.run(frames: 1)
        // Two lines: 2 x 16.30 = 32.59 -> 33 tall: the stack is 33, the row 53.
        #expect(table.itemFrames[3].size.height == 53)
        #expect(table.itemFrames[4].origin.y == 203)
        #expect(cell.avatar.frame.origin.y == 11.5)  // 10 + floorPixel((33 - 30) / 2)
    }
}
