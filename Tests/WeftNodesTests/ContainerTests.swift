import Testing
import WeftLayout
@testable import WeftNodes

/// Tables, collections and pagers on a main loop. Cells are 100 pt tall in a 320 x 480 table
/// unless stated; item i covers content y [100 i, 100 i + 100). Range numbers are derived by hand
/// from texture-semantics.md section 6 (see RangeControllerTests for the rect arithmetic).
@Suite("Containers")
struct ContainerTests {
    func table(count: Int) -> (TableNode, ListSource, MainLoop) {
        let table = TableNode()
        let source = ListSource(count: count)
        table.dataSource = source
        let (loop, _) = makeScreen(table)
        loop.run(frames: 1)
        return (table, source, loop)
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
        #expect(table.isTracking)
        loop.run(frames: 15)  // half of 0.5 s at 60 fps: 150 pt
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

    @Test("bad updates throw clear errors and leave the table as it was")
    func badUpdates() {
        let (table, source, _) = table(count: 5)
        #expect(throws: NodeError.indexOutOfRange(index: 7, count: 6, operation: "insertItems")) {
            source.count = 6
            try table.insertItems(at: [7])
        }
        #expect(throws: NodeError.inconsistentUpdate(operation: "deleteItems", reason: "the data source has 6 items, expected 4 after the update")) {
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
}
