import Testing
import WeftLayout
import WeftNodes
import WeftSnapshot

@testable import WeftCapture

/// Pages of a pager, each a cell holding one table of `Rows` (44-high rows) that fills it.
final class TablePages: ContainerDataSource {
    let count: Int
    private(set) var tables: [Int: TableNode] = [:]
    /// Tables hold their data sources weakly: the pages keep them here.
    private var rows: [Rows] = []

    init(count: Int) { self.count = count }

    func numberOfItems(in container: ContainerNode) -> Int { count }

    func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
        let page = CellNode()
        page.debugName = "page \(index)"
        let table = TableNode()
        table.debugName = "table \(index)"
        let source = Rows(count: 20)
        rows.append(source)
        table.dataSource = source
        tables[index] = table
        page.automaticallyManagesSubnodes = true
        page.layoutSpecBlock = { _, _ in WrapperLayoutSpec(child: table) }
        return page
    }
}

/// A pager of 5 table pages as a root of 320 x 480 (pages are exactly that size), one frame run.
func pagerLoop() -> (MainLoop, PagerNode, TablePages) {
    let pager = PagerNode()
    pager.debugName = "pager"
    let pages = TablePages(count: 5)
    pager.dataSource = pages
    let loop = MainLoop(clock: .manual)
    loop.addRoot(pager, frame: Rect(x: 0, y: 0, width: 320, height: 480))
    loop.run(frames: 1)
    return (loop, pager, pages)
}

@Suite("Containers nested in off-screen cells")
struct NestedContainerTests {
    /// The range controller id of a container (`r<n>` for `n<n>`).
    private func controllerID(_ container: ContainerNode) -> String { "r" + container.id.dropFirst() }

    @Test("a pager's preloaded page is not an element, but the table on it has its range controller listed")
    func preloadedPageTable() throws {
        let (loop, pager, pages) = pagerLoop()
        let snapshot = Capture.snapshot(of: loop.roots)
        let table0 = try #require(pages.tables[0])
        let table1 = try #require(pages.tables[1])
        // The pager's first update is in minimum mode with its overrides: display (0, 0) is the
        // visible page 0, preload (1, 1) reaches [-320, 640): pages 0 and 1. Page 0 is on screen
        // (the pager's subnode); page 1 is preloaded off screen (no supernode). Parents first,
        // as MainLoop.allContainers: the pager, then the containers of its off-screen cells
        // (page 1's table), then those below its subnodes (page 0's table).
        #expect(pager.rangeController.preloadIndices == [0, 1] && pager.rangeController.visibleIndices == [0])
        let expected = [pager, table1, table0]
        #expect(snapshot.rangeControllers.map(\.owner) == expected.map(\.id))
        #expect(snapshot.rangeControllers.map(\.id) == expected.map(controllerID))
        #expect(loop.allContainers().map(\.id) == expected.map(\.id))
        // Only the visible page is in the tree (pager > page 0 > its wrapper spec > table 0).
        var ids: Set<String> = []
        snapshot.forEachElement { ids.insert($0.id) }
        #expect(ids.contains(table0.id))
        let page1 = try #require(pager.cellForItem(at: 1))
        #expect(!ids.contains(table1.id) && !ids.contains(page1.id))
        // Page 1's table ranges as a hidden container (its page has preload|measureLayout): the
        // rows a visible table would show (480 / 44: rows 0...10, the 11th partly) get
        // measureLayout|preload|display (7) but not the visible bit; page 0's have all four (15).
        let hidden = try #require(snapshot.rangeControllers.first { $0.owner == table1.id })
        #expect(hidden.itemCount == 20)
        #expect(hidden.itemStates.first == Snapshot.ItemStateRun(0, 10, Snapshot.InterfaceState(rawValue: 7)))
        let shown = try #require(snapshot.rangeControllers.first { $0.owner == table0.id })
        #expect(shown.visible == [Snapshot.IndexRun(0, 10)])
        #expect(shown.itemStates.first == Snapshot.ItemStateRun(0, 10, Snapshot.InterfaceState(rawValue: 15)))
        try writeArtifact(snapshot, name: "pager-of-tables")
    }

    @Test("scrolling pages in and out streams range and rangeRemoved ops that keep a copy equal to fresh documents")
    func streamingPages() throws {
        let (loop, pager, pages) = pagerLoop()
        let recorder = RecordingSession(loop: loop)
        var copy = try Snapshot(json: try recorder.result("Tree.getDocument").jsonBytes)
        // Page 1 (minimum preload (1, 1): pages 0...2; page 1 on screen), then page 3 (pages
        // 2...4: pages 0 and 1 leave every range, so their tables' controllers go), then back to
        // page 0 (pages 0 and 1 again). Each step: parents first, off-screen pages in item
        // order, then the table of the page on screen.
        let steps: [(page: Int, tables: [Int])] = [(1, [0, 2, 1]), (3, [2, 4, 3]), (0, [1, 0])]
        var allOps: [UpdateOp] = []
        for step in steps {
            let updatesBefore = recorder.updates.count
            pager.contentOffset = Point(x: Double(step.page) * 320, y: 0)
            loop.run(frames: 2)
            let updates = recorder.updates.dropFirst(updatesBefore)
            #expect(!updates.isEmpty)
            for update in updates {
                try applyUpdate(update, to: &copy)
                allOps += try UpdateOp.decode(try #require(update["ops"]).jsonBytes)
            }
            let fresh = recorder.session.document()
            #expect(copy.revision == fresh.revision)
            #expect(firstDifference(copy, fresh) == nil)
            #expect(copy.rangeControllers == fresh.rangeControllers)
            let tables = try step.tables.map { try #require(pages.tables[$0]) }
            #expect(fresh.rangeControllers.map(\.owner) == [pager.id] + tables.map(\.id))
            #expect(loop.allContainers().map(\.id) == [pager.id] + tables.map(\.id))
        }
        // Page 4's table appeared with a `range` op; page 0's left with a `rangeRemoved` one
        // (when the pager reached page 3) and came back with a `range` op.
        let table0 = controllerID(try #require(pages.tables[0]))
        let table4 = controllerID(try #require(pages.tables[4]))
        #expect(allOps.contains { if case .range(let controller) = $0 { controller.id == table4 } else { false } })
        #expect(allOps.contains { if case .rangeRemoved(let id) = $0 { id == table0 } else { false } })
    }

    @Test("a pager that only scrolled keeps its pages whole and lists the tables on them from their records")
    func pagerThatOnlyScrolled() throws {
        let (loop, pager, pages) = pagerLoop()
        var captures = StreamedCaptures(of: pager, in: loop)
        let storage = StreamedCaptures.storage
        func expectFresh(_ snapshot: Snapshot) {
            let fresh = Capture.snapshot(of: [pager])
            #expect(firstDifference(snapshot, fresh) == nil)
            #expect(snapshot.rangeControllers == fresh.rangeControllers)
        }
        // 10 and 20 points along, pages 0 and 1 show and pages 0...2 preload (minimum preload
        // (1, 1)): the pager only scrolled. Its controllers: the pager, page 2's table (off
        // screen), then the tables of pages 0 and 1 (on screen).
        pager.contentOffset = Point(x: 10, y: 0)
        let first = try captures.next()
        pager.contentOffset = Point(x: 20, y: 0)
        let scrolled = try captures.next()
        #expect(storage(scrolled.children) == storage(first.children))
        expectFresh(scrolled.snapshot)
        let tables = try [2, 0, 1].map { try #require(pages.tables[$0]) }
        #expect(scrolled.snapshot.rangeControllers.map(\.owner) == [pager.id] + tables.map(\.id))
        #expect(scrolled.snapshot.roots[0].children.map(\.frame.x) == [-20, 300])
        // A table on a page scrolls: a change below the pager, whose pages are read again.
        tables[1].contentOffset = Point(x: 0, y: 30)
        let below = try captures.next()
        #expect(storage(below.children) != storage(first.children))
        expectFresh(below.snapshot)
        // The pager scrolls again: its pages, as just read, are kept whole.
        pager.contentOffset = Point(x: 25, y: 0)
        let again = try captures.next()
        #expect(storage(again.children) == storage(below.children))
        expectFresh(again.snapshot)
    }

    @Test("Range.setTuningParameters reaches the controller of a table on an off-screen page")
    func tuningOffscreenTable() throws {
        let (loop, _, pages) = pagerLoop()
        let recorder = RecordingSession(loop: loop)
        var copy = try Snapshot(json: try recorder.result("Tree.getDocument").jsonBytes)
        let table1 = try #require(pages.tables[1])
        _ = try recorder.result(
            "Range.setTuningParameters",
            [
                "controller": .string(controllerID(table1)),
                "mode": "minimum", "rangeType": "preload",
                "leading": 3, "trailing": 2,
            ])
        loop.run(frames: 2)
        for update in recorder.updates { try applyUpdate(update, to: &copy) }
        let fresh = recorder.session.document()
        #expect(firstDifference(copy, fresh) == nil)
        let tuning = try #require(fresh.rangeControllers.first { $0.owner == table1.id }).tuning.minimum.preload
        #expect(tuning == Snapshot.TuningParameters(leading: 3, trailing: 2))
        // An id no container has is still an unknown element.
        #expect(
            recorder.errorCode(
                "Range.setTuningParameters",
                [
                    "controller": "r999999", "mode": "minimum",
                    "rangeType": "preload", "leading": 1,
                    "trailing": 1,
                ]) == -32010)
    }
}
