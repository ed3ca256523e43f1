import Testing
import WeftLayout

@testable import WeftNodes

/// Pages are 320 x 480; page i covers content x [320 i, 320 i + 320).
@Suite("Pagers and nested containers")
struct PagerAndNestingTests {
    /// Pages whose cells hold one 320 x 480 table of 100-pt rows each.
    final class TablePages: ContainerDataSource {
        var tables: [Int: TableNode] = [:]
        var rows: [ListSource] = []
        var count: Int

        init(count: Int) { self.count = count }

        func numberOfItems(in container: ContainerNode) -> Int { count }

        func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
            let page = CellNode()
            let table = TableNode()
            let source = ListSource(count: 30)
            rows.append(source)
            table.dataSource = source
            tables[index] = table
            page.automaticallyManagesSubnodes = true
            page.layoutSpecBlock = { _, _ in PlacementSpec([(table, .zero)]) }
            return page
        }
    }

    @Test("pager overrides: minimum shows one page and preloads its neighbours")
    func pagerMinimum() throws {
        let source = ListSource(count: 10)
        let (pager, loop, _) = loadedPager(source)
        // Minimum display (0, 0): the visible page 0; preload (1, 1): [-320, 640) -> 0, 1.
        #expect(pager.cellForItem(at: 3)?.frame == Rect(x: 960, y: 0, width: 320, height: 480))
        #expect(pager.rangeController.displayIndices == [0])
        #expect(pager.rangeController.preloadIndices == [0, 1])
        try pager.scrollToPage(at: 4)
        loop.run(frames: 1)
        #expect(pager.currentPageIndex == 4)
        #expect(pager.rangeController.preloadIndices == [3, 4, 5])
    }

    @Test("a flick settles on the next page; full mode uses the pager's full tuning")
    func pagerFlick() {
        let source = ListSource(count: 10)  // data sources are weak, as in Texture
        let (pager, loop, _) = loadedPager(source)
        pager.beginDragging()
        pager.dragMoved(by: Point(x: 100, y: 0), velocity: Point(x: 800, y: 0))
        pager.endDragging(velocity: Point(x: 800, y: 0))
        loop.run(until: { !pager.isDecelerating })
        loop.run(frames: 1)
        // Released at x = 100 faster than 300 pt/s to the right: page floor(100 / 320) + 1 = 1.
        #expect(pager.contentOffset == Point(x: 320, y: 0))
        // Full, direction right: display (1, 1) [320 - 320, 640 + 320) = [0, 960) -> 0...2;
        // preload (2, 2) [320 - 640, 640 + 640) = [-320, 1280) -> 0...3 (page 4 only touches).
        #expect(pager.rangeController.currentMode == .full)
        #expect(pager.rangeController.displayIndices == [0, 1, 2])
        #expect(pager.rangeController.preloadIndices == [0, 1, 2, 3])
    }

    @Test("a pager of tables: the visible page's table is visible, its neighbour's is readied hidden")
    func pagerOfTables() {
        let pages = TablePages(count: 5)
        let (pager, loop, _) = loadedPager(pages)
        let visibleTable = pages.tables[0]!
        let nextTable = pages.tables[1]!
        // Page 0 is visible: its table has every bit and ranges as a visible table.
        #expect(visibleTable.interfaceState == .inHierarchy)
        #expect(visibleTable.frame == Rect(x: 0, y: 0, width: 320, height: 480))
        #expect(visibleTable.rangeController.visibleIndices == Array(0...4))
        #expect(visibleTable.cellForItem(at: 0)?.interfaceState == .inHierarchy)
        // Page 1 is only in the pager's preload range (state preload|measureLayout): its table
        // loads and ranges as a hidden container: the would-be-visible rows 0...4 get
        // preload|display (7), row 5 (display rect only) preload (3), rows 6, 7 measureLayout.
        #expect(nextTable.interfaceState == [.measureLayout, .preload])
        #expect(nextTable.rangeController.itemStates.prefix(9).map(\.rawValue) == [7, 7, 7, 7, 7, 3, 1, 1, 1])
        // Page 3 is outside every range: its table never loaded.
        #expect(pages.tables[3]?.hasLoadedData == false)
        // Scrolling the pager to page 1 makes that table visible.
        pager.contentOffset = Point(x: 320, y: 0)
        loop.run(frames: 1)
        #expect(nextTable.interfaceState == .inHierarchy)
        #expect(nextTable.cellForItem(at: 0)?.interfaceState == .inHierarchy)
        #expect(visibleTable.interfaceState == [.measureLayout, .preload])
        // Page 3 (minimum preload (1, 1): pages 2...4): page 0 leaves every range; its table
        // leaves preload and display, and so do its rows (clearPreloadedData, clearContents).
        pager.contentOffset = Point(x: 960, y: 0)
        loop.run(frames: 1)
        #expect(visibleTable.interfaceState == .measureLayout)
        #expect(visibleTable.cellForItem(at: 0)?.interfaceState == .measureLayout)
        #expect(visibleTable.rangeController.itemStates.allSatisfy { $0.isDisjoint(with: [.preload, .display, .visible]) })
    }

    @Test("every node counts the containers of its subtree; off-screen pages are found through their pager")
    func containerCounts() throws {
        // A plain subtree holding a table counts 1 at each level; moving it moves the count.
        let holder = DisplayNode()
        let table = TableNode()
        let first = DisplayNode()
        let second = DisplayNode()
        holder.addSubnode(table)
        first.addSubnode(holder)
        #expect(table.containerCountInSubtree == 1 && holder.containerCountInSubtree == 1)
        #expect(first.containerCountInSubtree == 1)
        second.addSubnode(holder)
        #expect(first.containerCountInSubtree == 0 && second.containerCountInSubtree == 1)
        holder.removeFromSupernode()
        #expect(second.containerCountInSubtree == 0 && holder.containerCountInSubtree == 1)

        // A pager of table pages: page 0 is on screen (a subnode), page 1 is preloaded off
        // screen (no supernode): the pager's subtree holds itself and page 0's table.
        let pages = TablePages(count: 5)
        let (pager, loop, root) = loadedPager(pages)
        #expect(pager.containerCountInSubtree == 2 && root.containerCountInSubtree == 2)
        let page1 = try #require(pager.cellForItem(at: 1))
        #expect(page1.supernode == nil && page1.containerCountInSubtree == 1)
        // Parents first: the pager, page 1's table (off screen), page 0's table (a subnode).
        #expect(loop.allContainers().map(\.id) == [pager.id, pages.tables[1]!.id, pages.tables[0]!.id])
        // On page 3 (preload pages 2...4): page 3 is the subnode, 2 and 4 are off screen.
        pager.contentOffset = Point(x: 960, y: 0)
        loop.run(frames: 1)
        #expect(pager.containerCountInSubtree == 2 && root.containerCountInSubtree == 2)
        #expect(loop.allContainers().map(\.id) == [pager.id] + [2, 4, 3].map { pages.tables[$0]!.id })
        pager.removeFromSupernode()
        #expect(root.containerCountInSubtree == 0 && loop.allContainers().isEmpty)
    }

    @Test("the frame's walks enter only subtrees holding a container, and follow containers added, moved and removed")
    func frameWalksFollowContainerCounts() throws {
        let plain = DisplayNode()
        let deep = DisplayNode()
        let (loop, _) = makeScreen(plain)
        plain.addSubnode(deep)
        for _ in 0..<3 { plain.addSubnode(DisplayNode()) }
        // What the walks must find: every container reachable through subnodes, parents first.
        func reachable() -> [String] {
            var ids: [String] = []
            for root in loop.roots { root.forEachNode { if let container = $0 as? ContainerNode { ids.append(container.id) } } }
            return ids
        }
        loop.run(frames: 1)
        #expect(loop.containers.isEmpty)
        // A table added deep in a subtree that held none: updated (loaded) and moved by frames.
        let source = ListSource(count: 30)
        let table = TableNode()
        table.dataSource = source
        deep.addSubnode(table)
        table.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        loop.run(frames: 1)
        #expect(table.hasLoadedData && table.visibleCells.count == 5)
        #expect(loop.containers.map(\.id) == reachable())
        table.drag(by: Point(x: 0, y: 200), duration: 0.2)
        loop.run(frames: 30)
        #expect(table.contentOffset.y >= 200 && table.rangeController.visibleIndices.first! >= 2)
        // A pager of tables beside it in another root: on-screen pages' tables are listed.
        let pages = TablePages(count: 5)
        let (pager, pagerLoop, _) = loadedPager(pages)
        let pagerRoot = try #require(pagerLoop.roots.first)
        pagerLoop.removeRoot(pagerRoot)
        loop.addRoot(pagerRoot, frame: Rect(x: 0, y: 0, width: 320, height: 480))
        loop.run(frames: 1)
        #expect(loop.containers.map(\.id) == reachable() && reachable().count == 3)
        pager.contentOffset = Point(x: 640, y: 0)
        loop.run(frames: 1)
        #expect(loop.containers.map(\.id) == reachable() && loop.containers.contains { $0 === pages.tables[2] })
        // Moved to another plain subtree, removed, its root removed.
        let other = DisplayNode()
        plain.addSubnode(other)
        other.addSubnode(table)
        loop.run(frames: 1)
        #expect(loop.containers.map(\.id) == reachable() && loop.containers.contains { $0 === table })
        table.removeFromSupernode()
        #expect(loop.containers.map(\.id) == reachable() && !loop.containers.contains { $0 === table })
        loop.removeRoot(pagerRoot)
        #expect(loop.containers.isEmpty)
    }

    @Test("a container counts the containers in its cells' trees, on screen or not, as cells and trees change")
    func containerCountInCells() throws {
        let pages = TablePages(count: 5)
        let (pager, loop, _) = loadedPager(pages)
        func summed() -> Int { pager.cells.reduce(0) { $0 + $1.containerCountInSubtree } }
        #expect(summed() > 0 && pager.containerCountInCells == summed())
        pager.contentOffset = Point(x: 960, y: 0)
        loop.run(frames: 1)
        #expect(pager.containerCountInCells == summed())
        // A table added to an off-screen page's tree, then removed.
        let offscreen = try #require(pager.cells.first { $0.supernode == nil })
        let extra = TableNode()
        offscreen.addSubnode(extra)
        #expect(pager.containerCountInCells == summed() && offscreen.containerCountInSubtree >= 1)
        extra.removeFromSupernode()
        #expect(pager.containerCountInCells == summed())
        // Cells deleted and reloaded.
        pages.count = 4
        try pager.deleteItems(at: [1])
        loop.run(frames: 1)
        #expect(pager.containerCountInCells == summed())
        try pager.reloadItems(at: [0, 3])
        loop.run(frames: 1)
        #expect(pager.containerCountInCells == summed())
        // A feed's rows hold none: the capture's walk stops at the count.
        let (table, _, _, _) = loadedTable(count: 30)
        #expect(table.containerCountInCells == 0)
        var found: [ContainerNode] = []
        table.appendContainersInOffscreenCells(to: &found)
        #expect(found.isEmpty)
    }

    @Test("visibility depth sets the range mode when the program opts in")
    func visibilityDepth() {
        let (table, _, loop, _) = loadedTable(count: 30)
        table.visibilityDepth = 2
        loop.run(frames: 1)
        #expect(table.rangeController.currentMode == .minimum)  // not opted in
        table.automaticallyAdjustsRangeModeForVisibilityDepth = true
        table.visibilityDepth = 1
        table.visibilityDepth = 3
        loop.run(frames: 1)
        #expect(table.rangeController.currentMode == .lowMemory)
    }

    @Test("memory warnings and background transitions reach every container")
    func memoryAndBackground() {
        let pages = TablePages(count: 5)
        let (pager, loop, _) = loadedPager(pages)
        NodeDiagnostics.printsWarnings = false
        loop.rangeModeForMemoryWarnings = .full  // refused: stays lowMemory
        #expect(loop.rangeModeForMemoryWarnings == .lowMemory)
        loop.simulateMemoryWarning()
        // Displayed containers (the pager, page 0's table) go visibleOnly; page 1's table (no
        // display bit) goes lowMemory.
        #expect(pager.rangeController.currentMode == .visibleOnly)
        #expect(pages.tables[0]!.rangeController.currentMode == .visibleOnly)
        #expect(pages.tables[1]!.rangeController.currentMode == .lowMemory)
        #expect(pages.tables[0]!.cellForItem(at: 5)?.interfaceState == .measureLayout)

        let (table, _, tableLoop, _) = loadedTable(count: 30)
        tableLoop.setApplicationState(.background)
        #expect(table.rangeController.currentMode == .visibleOnly)
        #expect(table.cellForItem(at: 0)?.interfaceState == [.measureLayout, .preload, .display])
        tableLoop.setApplicationState(.active)
        #expect(table.rangeController.currentMode == .minimum)
        #expect(table.cellForItem(at: 0)?.interfaceState == .inHierarchy)
    }

    @Test("cells leave the visible state in the background even when a memory warning already set visibleOnly")
    func backgroundAfterMemoryWarning() {
        let (table, _, loop, _) = loadedTable(count: 30)
        loop.simulateMemoryWarning()
        #expect(table.rangeController.currentMode == .visibleOnly)
        #expect(table.cellForItem(at: 0)?.interfaceState == .inHierarchy)
        loop.setApplicationState(.background)
        loop.run(frames: 1)
        // Background: the table counts as not visible; its visible rows 0...4 keep preload and
        // display (visibleOnly, hidden-container rule) and lose the visible bit.
        for index in 0...4 {
            #expect(table.cellForItem(at: index)?.interfaceState == [.measureLayout, .preload, .display])
        }
        loop.setApplicationState(.active)
        loop.run(frames: 1)
        // Foreground, visible -> minimum: rows 0...4 visible again, 5 display, 6...7 preload.
        #expect(table.rangeController.currentMode == .minimum)
        #expect(table.cellForItem(at: 4)?.interfaceState == .inHierarchy)
        #expect(table.cellForItem(at: 5)?.interfaceState == [.measureLayout, .preload, .display])
        #expect(table.cellForItem(at: 7)?.interfaceState == [.measureLayout, .preload])
    }
}

@Suite("Batch fetching")
struct BatchFetchingTests {
    @Test("Texture's rule, in its order")
    func rule() {
        let bounds = Rect(x: 0, y: 0, width: 320, height: 480)
        func fetch(
            _ direction: ScrollDirection = .down, content: Double = 2000, offset: Double = 0,
            fetching: Bool = false, visible: Bool = true, screens: Double = 2
        ) -> Bool {
            shouldFetchBatch(
                isFetching: fetching, scrollDirection: direction, scrollableDirections: .vertical,
                bounds: bounds, contentSize: Size(width: 320, height: content),
                targetOffset: Point(x: 0, y: offset), leadingScreens: screens, visible: visible)
        }
        // Remaining = content - 480 - offset; fetch when <= 2 x 480 = 960.
        #expect(!fetch(offset: 559))  // 2000 - 480 - 559 = 961
        #expect(fetch(offset: 560))  // 960
        #expect(!fetch(.up, offset: 1000))
        #expect(!fetch(offset: 1000, fetching: true))
        #expect(!fetch(offset: 1000, visible: false))
        #expect(fetch(content: 400, visible: false))  // content shorter than the view
        #expect(!fetch(content: 400, screens: 0))
    }

    @Test("an infinite feed grows as the user scrolls")
    func infiniteFeed() throws {
        let table = TableNode()
        let source = ListSource(count: 5)  // 500 pt of content
        table.dataSource = source
        var batches = 0
        table.willBeginBatchFetch = { context in
            batches += 1
            // The host loads 10 more rows on a later frame, inserts them and completes.
            table.loopOfTree?.schedule {
                let old = source.count
                source.count += 10
                try? table.insertItems(at: Array(old..<source.count))
                context.completeBatchFetching(true)
            }
        }
        #expect(table.leadingScreensForBatching == 2)
        let (loop, _) = makeScreen(table)
        // 500 - 480 - 0 = 20 <= 960: a batch begins as soon as the table shows its data.
        #expect(batches == 1 && table.batchContext.isFetching)
        loop.run(frames: 3)
        // 1500 - 480 = 1020 > 960: no more.
        #expect(batches == 1 && source.count == 15 && !table.batchContext.isFetching)
        table.beginDragging()
        table.dragMoved(by: Point(x: 0, y: 100), velocity: Point(x: 0, y: 100))
        table.endDragging(velocity: .zero)
        // Resting at 100: 1500 - 480 - 100 = 920 <= 960.
        #expect(batches == 2)
        loop.run(frames: 3)
        #expect(source.count == 25 && table.contentSize.height == 2500)
        // A feed that has run out completes without inserting: it is not asked again until the
        // user scrolls (Texture's guard against fetching in a loop at the end of the content).
        table.willBeginBatchFetch = { context in
            batches += 1
            context.completeBatchFetching(false)
        }
        loop.run(frames: 10)
        #expect(batches == 2)
        table.beginDragging()
        table.dragMoved(by: Point(x: 0, y: 1000), velocity: Point(x: 0, y: 100))
        table.endDragging(velocity: .zero)
        #expect(batches == 3)  // the drag's end was checked once
        loop.run(frames: 10)
        #expect(batches == 3)
        // Scrolling toward the head never fetches.
        table.beginDragging()
        table.dragMoved(by: Point(x: 0, y: -50), velocity: Point(x: 0, y: -100))
        table.endDragging(velocity: Point(x: 0, y: -1))
        #expect(batches == 3)
    }
}
