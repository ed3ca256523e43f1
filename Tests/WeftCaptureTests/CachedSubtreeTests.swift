import Testing
import WeftLayout
import WeftNodes
import WeftSnapshot

@testable import WeftCapture

/// Streamed captures reuse the elements of cells that did not change. What such a cell shows
/// may still depend on its surroundings: a tappable area is cut by the ancestors' bounds, and a
/// scroll container inside the cell has a range controller of its own. Both must be as a fresh
/// capture has them, in every update an inspector applies.
@Suite("Streamed captures of reused subtrees")
struct CachedSubtreeTests {
    /// Rows 60 high, each holding a horizontal strip (a collection of 20 items 50 wide).
    final class StripRows: ContainerDataSource {
        final class Items: ContainerDataSource {
            func numberOfItems(in container: ContainerNode) -> Int { 20 }
            func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
                let cell = CellNode()
                cell.debugName = "item \(index)"
                return cell
            }
        }
        let items = Items()

        func numberOfItems(in container: ContainerNode) -> Int { 30 }

        func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
            let cell = CellNode()
            cell.debugName = "row \(index)"
            cell.style.height = .points(60)
            let strip = CollectionNode(scrollAxis: .horizontal)
            strip.debugName = "strip \(index)"
            strip.itemSize = Size(width: 50, height: 60)
            strip.dataSource = items
            cell.addSubnode(strip)
            cell.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: .zero, child: strip) }
            return cell
        }
    }

    /// A 375x220 table of `source`'s rows scrolled to each of `offsets` in turn, a frame each
    /// (`beforeFrame` runs just before it): the inspector's copy, built from the document and
    /// the updates, and a fresh document.
    private func scrolledTable(
        _ source: ContainerDataSource, offsets: [Double] = [3, 6, 9, 12],
        beforeFrame: (TableNode, Double) -> Void = { _, _ in }
    ) throws
        -> (Snapshot, Snapshot, RecordingSession)
    {
        let table = TableNode()
        table.dataSource = source
        let loop = loop(with: [table], size: Size(width: 375, height: 220))
        let recorder = RecordingSession(loop: loop)
        var copy = try Snapshot(json: try recorder.result("Tree.getDocument").jsonBytes)
        // The first streamed capture records the rows; the next ones reuse those that stay.
        for offset in offsets {
            table.contentOffset = Point(x: 0, y: offset)
            beforeFrame(table, offset)
            loop.run(frames: 1)
        }
        for update in recorder.updates { try applyUpdate(update, to: &copy) }
        return (copy, recorder.session.document(), recorder)
    }

    @Test("a reused subtree's tappable areas follow a change of an ancestor outside it")
    func tappableAreaCutByAnAncestorOutsideTheReusedSubtree() throws {
        // root > outer (50x50) > panel (50x50, slop 20) > inner (50x50, slop 10) > button (10x10
        // at 40,40, slop 10). The panel changes itself (a colour: captured again, inner reused),
        // then the outer node gets a slop of 20: the panel's subtree is the same, so it is
        // reused, but the button's area inside it changes.
        let (inner, button) = cornerButton()
        inner.hitTestSlop = EdgeInsets(all: -10)
        let panel = DisplayNode()
        panel.automaticallyManagesSubnodes = true
        panel.hitTestSlop = EdgeInsets(all: -20)
        panel.style.preferredSize = Size(width: 50, height: 50)
        panel.layoutSpecBlock = { _, _ in AbsoluteLayoutSpec(children: [inner]) }
        let outer = DisplayNode()
        outer.automaticallyManagesSubnodes = true
        outer.style.preferredSize = Size(width: 50, height: 50)
        outer.layoutSpecBlock = { _, _ in AbsoluteLayoutSpec(children: [panel]) }
        let root = DisplayNode()
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, _ in AbsoluteLayoutSpec(children: [outer]) }
        let loop = loop(with: [root], size: Size(width: 375, height: 220))
        let recorder = RecordingSession(loop: loop)
        var copy = try Snapshot(json: try recorder.result("Tree.getDocument").jsonBytes)
        func buttonArea(_ snapshot: Snapshot) -> Snapshot.Tappable? {
            snapshot.roots.first?.first { $0.id == button.id }?.tappable
        }
        // docs/texture-semantics.md section 5, in inner's coordinates: the button's area (its bounds
        // 40...50 with its slop) is 30...60; inner's hit rect -10...60 and the panel's -20...70
        // hold it; the outer node's bounds 0...50 cut it to 30...50, at the bottom and right. In
        // the button's coordinates: origin -10, size 20.
        #expect(
            buttonArea(recorder.session.document())
                == Snapshot.Tappable(
                    rect: Snapshot.Rect(x: -10, y: -10, width: 20, height: 20), restricted: [.bottom, .right]))
        root.backgroundColor = .black  // a streamed capture that records the subtrees
        loop.run(frames: 1)
        panel.backgroundColor = .black  // the panel is captured again; inner is reused
        loop.run(frames: 1)
        let panelRevision = panel.revisions.subtree
        outer.hitTestSlop = EdgeInsets(all: -20)
        loop.run(frames: 1)
        #expect(panel.revisions.subtree == panelRevision)  // reused, not captured again
        for update in recorder.updates { try applyUpdate(update, to: &copy) }
        #expect(firstDifference(copy, recorder.session.document()) == nil)
        // The outer node's hit rect is now -20...70: nothing cuts the area any more (size 30).
        #expect(buttonArea(copy) == Snapshot.Tappable(rect: Snapshot.Rect(x: -10, y: -10, width: 30, height: 30)))
    }

    /// Rows 60 high, each holding a corner button (`cornerButton`, 50x50) at its top left.
    final class ButtonRows: ContainerDataSource {
        func numberOfItems(in container: ContainerNode) -> Int { 30 }

        func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
            let cell = CellNode()
            cell.debugName = "row \(index)"
            cell.style.height = .points(60)
            let (holder, _) = cornerButton()
            cell.addSubnode(holder)
            cell.layoutSpecBlock = { _, _ in StackLayoutSpec(direction: .vertical, alignItems: .start, children: [holder]) }
            return cell
        }
    }

    @Test("the tappable areas in a scrolling feed's reused rows are cut by the rows, not by the feed's bounds")
    func tappableAreasInReusedRows() throws {
        let (copy, fresh, _) = try scrolledTable(ButtonRows(), offsets: [10, 25, 40, 45])
        #expect(firstDifference(copy, fresh) == nil)
        // docs/texture-semantics.md section 5: a chain stops below the nearest scroll container. In the
        // holder's coordinates the button's area (its bounds 40...50 with its slop) is 30...60,
        // cut by the holder's bounds 0...50 to 30...50, at the bottom and right; the row's
        // 375x60 bounds hold that. In the button's coordinates: origin -10, size 20, in every
        // row on screen: rows 0-4 at offset 45 in 220 points. Row 0's area (30...50 in a row
        // at -45) crosses the top of the table's bounds, which do not cut it.
        let rows = try #require(fresh.roots.first).children
        #expect(rows.map(\.debugName) == (0...4).map { "row \($0)" })
        for row in rows {
            #expect(
                row.first { $0.tappable != nil }?.tappable
                    == Snapshot.Tappable(
                        rect: Snapshot.Rect(x: -10, y: -10, width: 20, height: 20), restricted: [.bottom, .right]))
        }
    }

    @Test("a row that changes while its feed scrolls is read again; the rows around it are reused")
    func rowChangingWhileItsFeedScrolls() throws {
        let rows = Rows(count: 30)
        let (copy, fresh, _) = try scrolledTable(rows, offsets: Array(stride(from: 4.0, through: 40, by: 4))) { table, offset in
            if offset == 20 { (table.cellForItem(at: 2)?.subnodes.first as? TextNode)?.text = "Changed" }
        }
        #expect(firstDifference(copy, fresh) == nil)
        let row = try #require(copy.roots.first?.children.first { $0.debugName == "row 2" })
        #expect(row.first { $0.className == "ASTextNode" }?.props["text"] == "Changed")
        withExtendedLifetime(rows) {}
    }

    @Test("a row whose content changes without a relayout while its feed scrolls is at its frame now")
    func rowContentChangingWhileItsFeedScrolls() throws {
        // The label's alpha changes nothing of the row itself (no relayout): the row keeps its
        // recorded fields, read 16 points higher up, and its label is read again.
        let rows = Rows(count: 30)
        let (copy, fresh, _) = try scrolledTable(rows, offsets: Array(stride(from: 4.0, through: 40, by: 4))) { table, offset in
            if offset == 20 { table.cellForItem(at: 2)?.subnodes.first?.alpha = 0.5 }
        }
        #expect(firstDifference(copy, fresh) == nil)
        let row = try #require(copy.roots.first?.children.first { $0.debugName == "row 2" })
        #expect(row.frame.y == 2 * 44 - 40)
        withExtendedLifetime(rows) {}
    }

    @Test("a feed scrolled through more rows than the capture cache keeps, and back, streams every update right")
    func scrollingPastTheCacheSweep() throws {
        // Rows hold two nodes each, so 1 200 rows leave 2 400 cache entries behind: the cache
        // sweeps the ones no capture visited, while the rows on screen are reused without
        // being looked up.
        let rows = Rows(count: 1_200)
        let bottom = 1_200 * 44 - 220.0
        let (copy, fresh, _) = try scrolledTable(
            rows,
            offsets: Array(stride(from: 0, through: bottom, by: 130)) + Array(stride(from: bottom, through: 0, by: -170)) + [0])
        #expect(firstDifference(copy, fresh) == nil)
        #expect(fresh.roots.first?.children.first?.debugName == "row 0")
        withExtendedLifetime(rows) {}
    }

    @Test("a feed that only scrolled keeps its recorded children, moved when assembled; one whose rows came or went is read")
    func feedThatOnlyScrolled() throws {
        // Rows 44 high in a 220-high table: 10 and 12 points down, rows 0...5 show (row 5
        // starts at 220); 112 points down, rows 2...7.
        let rows = Rows(count: 30)
        let table = TableNode()
        table.dataSource = rows
        let loop = loop(with: [table], size: Size(width: 375, height: 220))
        var captures = StreamedCaptures(of: table, in: loop)
        func capture(at offset: Double) throws -> (children: [CapturedChild], snapshot: Snapshot) {
            table.contentOffset = Point(x: 0, y: offset)
            return try captures.next()
        }
        let storage = StreamedCaptures.storage
        let first = try capture(at: 10)
        let scrolled = try capture(at: 12)
        #expect(storage(scrolled.children) == storage(first.children))
        #expect(firstDifference(scrolled.snapshot, Capture.snapshot(of: [table])) == nil)
        #expect(scrolled.snapshot.roots[0].children.map(\.frame.y) == [-12, 32, 76, 120, 164, 208])
        let walked = try capture(at: 112)
        #expect(storage(walked.children) != storage(first.children))
        #expect(firstDifference(walked.snapshot, Capture.snapshot(of: [table])) == nil)
        #expect(walked.snapshot.roots[0].children.map(\.debugName) == (2...7).map { "row \($0)" })
        withExtendedLifetime(rows) {}
    }

    @Test("scroll containers inside reused rows keep their range controllers, parents first")
    func rangeControllersInsideReusedRows() throws {
        let (copy, fresh, recorder) = try scrolledTable(StripRows())
        #expect(firstDifference(copy, fresh) == nil)
        // 220 + 12 points of 60-high rows: rows 0-3 on screen.
        let rows = try #require(fresh.roots.first).children
        #expect(rows.map(\.debugName) == ["row 0", "row 1", "row 2", "row 3"])
        let strips = rows.compactMap { $0.first { $0.className == "ASCollectionNode" }?.id }
        // The table's controller first, then (docs/texture-semantics.md section 6) the strips of the rows
        // in a range but off screen: minimum mode (programmatic offsets), scrolling down (the
        // initial direction), so preload (leading 0.5 below, trailing 0.25 above) covers
        // [12 - 55, 232 + 110) = [-43, 342): rows 0-5; rows 4 and 5 are off screen, not
        // elements, but their strips have controllers. Then the strips of the rows on screen.
        let table = try #require(recorder.session.inspectedRoots.first as? TableNode)
        let offscreen = try [4, 5].map { try #require(table.cellForItem(at: $0)?.subnodes.first).id }
        #expect(!rows.contains { $0.id == table.cellForItem(at: 4)?.id })
        #expect(fresh.rangeControllers.map(\.owner) == [table.id] + offscreen + strips)
    }

    @Test("a screen around a scrolling feed keeps its own element and spec tree; the feed inside is captured again")
    func screenAroundAScrollingFeed() throws {
        // screen > stack [header text, table of 44-high rows] in a 375x320 root: the table
        // flexes into the 320 - header height left.
        let header = TextNode("Feed", font: .bold(17))
        let table = TableNode()
        table.style.flexGrow = 1
        let rows = StripRows()  // data sources are weak references
        table.dataSource = rows
        let screen = DisplayNode()
        screen.debugName = "screen"
        screen.automaticallyManagesSubnodes = true
        screen.layoutSpecBlock = { _, _ in StackLayoutSpec(direction: .vertical, children: [header, table]) }
        let loop = loop(with: [screen], size: Size(width: 375, height: 320))
        let recorder = RecordingSession(loop: loop)
        var copy = try Snapshot(json: try recorder.result("Tree.getDocument").jsonBytes)
        let (screenRevision, tableRevision) = (screen.revisions.own, table.revisions.own)
        for offset in stride(from: 5.0, through: 200, by: 15) {
            table.contentOffset = Point(x: 0, y: offset)
            loop.run(frames: 1)
        }
        // The scrolling changed below the screen and below the table (its cells come and go),
        // neither of them itself: both keep their own fields; the table's cells are read again.
        #expect(screen.revisions.own == screenRevision)
        #expect(table.revisions.own == tableRevision)
        for update in recorder.updates { try applyUpdate(update, to: &copy) }
        let fresh = recorder.session.document()
        #expect(firstDifference(copy, fresh) == nil)
        // 200 points down rows of 60: the first row on screen is row 3 (180...240).
        let feed = try #require(fresh.roots.first?.first { $0.id == table.id })
        #expect(feed.children.first?.debugName == "row 3")
        withExtendedLifetime(rows) {}
    }
}
