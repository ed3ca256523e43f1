import Testing
import WeftLayout

@testable import WeftNodes

/// A list of fixed-size items serving a range controller the way a container does: it owns the
/// viewport, the scroll direction of the moment and its own interface state, and records every
/// state pushed into an item, in order.
final class ListHost: RangeControllerDataSource {
    var viewport: Rect
    var direction: ScrollDirection = []
    var state: InterfaceState = .inHierarchy
    var pushes: [(index: Int, state: InterfaceState)] = []
    let controller: RangeController

    /// `count` items of `itemLength` points stacked along the axis; viewport 320 x 480.
    init(count: Int, itemLength: Double = 100, vertical: Bool = true, tuning: RangeTuningTable = .default) {
        viewport = Rect(x: 0, y: 0, width: 320, height: 480)
        controller = RangeController(scrollableDirections: vertical ? .vertical : .horizontal, tuning: tuning)
        controller.dataSource = self
        controller.setItemFrames(
            (0..<count).map { i in
                vertical
                    ? Rect(x: 0, y: Double(i) * itemLength, width: 320, height: itemLength)
                    : Rect(x: Double(i) * itemLength, y: 0, width: itemLength, height: 480)
            })
    }

    func viewport(for controller: RangeController) -> Rect { viewport }
    func currentScrollDirection(for controller: RangeController) -> ScrollDirection { direction }
    func interfaceState(for controller: RangeController) -> InterfaceState { state }
    func rangeController(_ controller: RangeController, didChangeState state: InterfaceState, ofItemAt index: Int) {
        pushes.append((index, state))
    }

    func scroll(toY y: Double, direction: ScrollDirection) {
        viewport.origin.y = y
        self.direction = direction
        controller.update()
    }
}

/// Range sets for 100-pt items in a 320 x 480 viewport, derived by hand from
/// docs/texture-semantics.md section 6. Item i covers [100 i, 100 i + 100) on the scroll axis; an item
/// is in a rect when it overlaps with positive length (touching edges are out).
@Suite("Range controller")
struct RangeControllerTests {
    @Test("Texture's default tuning per mode, with setters")
    func defaultTuning() {
        let controller = RangeController(scrollableDirections: .vertical)
        #expect(controller.tuningParameters(for: .full, .display) == RangeTuning(leading: 1, trailing: 0.5))
        #expect(controller.tuningParameters(for: .full, .preload) == RangeTuning(leading: 2.5, trailing: 1.5))
        #expect(controller.tuningParameters(for: .minimum, .display) == RangeTuning(leading: 0.25, trailing: 0.25))
        #expect(controller.tuningParameters(for: .minimum, .preload) == RangeTuning(leading: 0.5, trailing: 0.25))
        for mode in [RangeMode.visibleOnly, .lowMemory] {
            #expect(controller.tuningParameters(for: mode, .display) == .zero)
            #expect(controller.tuningParameters(for: mode, .preload) == .zero)
        }
        controller.setTuningParameters(RangeTuning(leading: 3, trailing: -1), for: .full, .preload)
        #expect(controller.tuningParameters(for: .full, .preload) == RangeTuning(leading: 3, trailing: 0))
    }

    @Test("each mode and range type has a tuning of its own; tables with the same tunings are equal")
    func tuningSlots() {
        var table = RangeTuningTable.default
        let pairs = RangeMode.allCases.flatMap { mode in RangeType.allCases.map { (mode, $0) } }
        for (number, (mode, type)) in pairs.enumerated() {
            table[mode, type] = RangeTuning(leading: Double(number), trailing: 0)
        }
        for (number, (mode, type)) in pairs.enumerated() {
            #expect(table[mode, type] == RangeTuning(leading: Double(number), trailing: 0), "\(mode) \(type)")
        }
        var edited = RangeTuningTable.default
        edited[.full, .display] = RangeTuning(leading: 9, trailing: 9)
        #expect(edited != .default)
        edited[.full, .display] = RangeTuning(leading: 1, trailing: 0.5)
        #expect(edited == .default)
    }

    @Test("pager overrides change only minimum and full")
    func pagerTuning() {
        let pager = RangeTuningTable.pager
        #expect(pager[.minimum, .display] == .zero)
        #expect(pager[.minimum, .preload] == RangeTuning(leading: 1, trailing: 1))
        #expect(pager[.full, .display] == RangeTuning(leading: 1, trailing: 1))
        #expect(pager[.full, .preload] == RangeTuning(leading: 2, trailing: 2))
        #expect(pager[.visibleOnly, .display] == .zero && pager[.lowMemory, .preload] == .zero)
    }

    @Test("range rects grow along the scrollable axis toward the leading side")
    func rects() {
        let viewport = Rect(x: 0, y: 1000, width: 320, height: 480)
        let tuning = RangeTuning(leading: 1, trailing: 0.5)
        // Down: bottom leads. Top moves back 0.5 x 480 = 240; height 480 x 2.5 = 1200.
        #expect(
            rangeRect(viewport: viewport, tuning: tuning, scrollable: .vertical, direction: .down)
                == Rect(x: 0, y: 760, width: 320, height: 1200))
        // Up: top leads, 480 back.
        #expect(
            rangeRect(viewport: viewport, tuning: tuning, scrollable: .vertical, direction: .up)
                == Rect(x: 0, y: 520, width: 320, height: 1200))
        // Horizontal scrolling right: right leads; the vertical axis is not scrollable, so y stays.
        #expect(
            rangeRect(viewport: viewport, tuning: tuning, scrollable: .horizontal, direction: .right)
                == Rect(x: -160, y: 1000, width: 800, height: 480))
    }

    @Test("first update: minimum mode, initial direction down")
    func firstUpdate() {
        let host = ListHost(count: 100)
        host.controller.update()
        // Visible: [0, 480) -> items 0...4. Minimum display (0.25, 0.25): [-120, 600) -> 0...5
        // (item 6 starts at 600: touching). Minimum preload (lead 0.5 below, trail 0.25 above):
        // [-120, 720) -> 0...7.
        #expect(host.controller.currentMode == .minimum)
        #expect(host.controller.visibleIndices == Array(0...4))
        #expect(host.controller.displayIndices == Array(0...5))
        #expect(host.controller.preloadIndices == Array(0...7))
        #expect(host.controller.scrollDirection == [.down, .right])
    }

    @Test("after a drag, a visible container switches to full; ranges follow the direction")
    func fullModeDirections() {
        let host = ListHost(count: 100)
        host.controller.update()
        host.controller.contentHasBeenScrolled = true
        host.scroll(toY: 1000, direction: .down)
        // Visible [1000, 1480) -> 10...14. Full display down: [760, 1960) -> 7...19.
        // Full preload (2.5 lead below, 1.5 trail above): top 1000 - 1.5 x 480 = 280, bottom
        // 1480 + 2.5 x 480 = 2680 -> [280, 2680) -> items 2...26.
        #expect(host.controller.currentMode == .full)
        #expect(host.controller.rect(for: .display) == Rect(x: 0, y: 760, width: 320, height: 1200))
        #expect(host.controller.rect(for: .preload) == Rect(x: 0, y: 280, width: 320, height: 2400))
        #expect(host.controller.visibleIndices == Array(10...14))
        #expect(host.controller.displayIndices == Array(7...19))
        #expect(host.controller.preloadIndices == Array(2...26))
        host.scroll(toY: 1000, direction: .up)
        // Up: display [1000 - 480, 520 + 1200) = [520, 1720) -> 5...17; preload top 1000 - 1200 =
        // -200, bottom 1480 + 720 = 2200 -> [-200, 2200) -> 0...21.
        #expect(host.controller.displayIndices == Array(5...17))
        #expect(host.controller.preloadIndices == Array(0...21))
        // Not scrolling: the previous direction (up) is kept.
        host.scroll(toY: 1000, direction: [])
        #expect(host.controller.scrollDirection == .up)
        #expect(host.controller.displayIndices == Array(5...17))
    }

    @Test("programmatic scrolling alone keeps minimum mode")
    func programmaticKeepsMinimum() {
        let host = ListHost(count: 100)
        host.controller.update()
        host.scroll(toY: 1000, direction: [])
        #expect(host.controller.currentMode == .minimum)
        // Minimum display around [1000, 1480): [880, 1600) -> 8...15.
        #expect(host.controller.displayIndices == Array(8...15))
    }

    @Test("item states in a visible container, pushed in order visible, display, preload")
    func itemStatesInOrder() {
        let host = ListHost(count: 20)
        host.controller.update()
        // First update after the data arrived visits every item: visible 0...4 get
        // visible|display|preload|measureLayout (15), 5 display|preload|measureLayout (7),
        // 6...7 preload|measureLayout (3), then 8...19 measureLayout (1).
        #expect(host.pushes.map(\.index) == Array(0...19))
        #expect(host.pushes.map(\.state.rawValue) == [15, 15, 15, 15, 15, 7, 3, 3] + Array(repeating: 1, count: 12))
        host.pushes = []
        // Scroll down by one item (minimum mode): visible 1...5, display [-20, 700) -> 0...6,
        // preload [-20, 820) -> 0...8. Changed: 0 loses visible (7), 5 gains it (15), 6 display
        // (7), 8 preload (3). Visit order: visible 1...5, display 0, 6, preload 7, 8.
        host.scroll(toY: 100, direction: [])
        #expect(host.pushes.map(\.index) == [5, 0, 6, 8])
        #expect(host.pushes.map(\.state.rawValue) == [15, 7, 7, 3])
        #expect(host.controller.itemStates.map(\.rawValue) == [7, 15, 15, 15, 15, 15, 7, 3, 3] + Array(repeating: 1, count: 11))
    }

    @Test("items that leave every range fall back to measureLayout")
    func leavingRanges() {
        let host = ListHost(count: 40)
        host.controller.update()
        host.pushes = []
        host.scroll(toY: 2000, direction: [])
        // Minimum around [2000, 2480): visible 20...24, display [1880, 2600) 18...25, preload
        // [1880, 2720) 18...27. The old items 0...7 left every range: measureLayout (1).
        let left = host.pushes.filter { $0.index < 8 }
        #expect(left.map(\.index) == Array(0...7))
        #expect(left.allSatisfy { $0.state == .measureLayout })
    }

    @Test("no visible item: the update only clears the visible bit")
    func nothingVisible() {
        let host = ListHost(count: 10)
        host.controller.update()
        host.pushes = []
        host.scroll(toY: 5000, direction: .down)  // past the 1000-pt content
        #expect(host.pushes.map(\.index) == Array(0...4))
        #expect(host.pushes.allSatisfy { $0.state.rawValue == 7 })  // 15 minus visible
        #expect(host.controller.currentMode == .minimum)
        #expect(host.controller.displayIndices == Array(0...5))  // unchanged
    }

    @Test("a hidden container readies the would-be-visible items without marking them visible")
    func hiddenContainer() {
        let host = ListHost(count: 20)
        host.state = [.measureLayout, .preload]
        host.controller.update()
        // Minimum: visible set 0...4 -> preload|display|measureLayout (7); display-only 5 ->
        // preload|measureLayout (3); preload-only 6...7 -> measureLayout (1).
        #expect(host.controller.itemStates.prefix(9).map(\.rawValue) == [7, 7, 7, 7, 7, 3, 1, 1, 1])
        // A hidden container keeps its mode even after a drag.
        host.controller.contentHasBeenScrolled = true
        host.controller.update()
        #expect(host.controller.currentMode == .minimum)
    }

    @Test("memory warning: displayed containers go visibleOnly, others lowMemory")
    func memoryWarning() {
        let shown = ListHost(count: 20)
        shown.controller.update()
        shown.controller.handleMemoryWarning()
        // visibleOnly: display and preload tuning (0, 0) -> both equal the visible set 0...4.
        #expect(shown.controller.currentMode == .visibleOnly)
        #expect(shown.controller.displayIndices == Array(0...4))
        #expect(shown.controller.preloadIndices == Array(0...4))
        #expect(shown.controller.itemStates.prefix(8).map(\.rawValue) == [15, 15, 15, 15, 15, 1, 1, 1])

        let offscreen = ListHost(count: 20)
        offscreen.state = .measureLayout
        offscreen.controller.update()
        offscreen.controller.handleMemoryWarning()
        // lowMemory: display and preload empty; hidden container: the visible set gets preload
        // only (no display in lowMemory).
        #expect(offscreen.controller.currentMode == .lowMemory)
        #expect(offscreen.controller.displayIndices.isEmpty && offscreen.controller.preloadIndices.isEmpty)
        #expect(offscreen.controller.itemStates.prefix(6).map(\.rawValue) == [3, 3, 3, 3, 3, 1])

        let other = ListHost(count: 20)
        other.state = .measureLayout
        other.controller.update()
        other.controller.handleMemoryWarning(modeForOthers: .visibleOnly)
        #expect(other.controller.currentMode == .visibleOnly)
    }

    @Test("background and foreground transitions")
    func backgroundForeground() {
        let host = ListHost(count: 20)
        host.controller.update()
        host.controller.enterBackground()
        // Visible container -> visibleOnly, then treated as not visible: the visible set 0...4
        // gets preload|display (7), the rest measureLayout.
        #expect(host.controller.currentMode == .visibleOnly)
        #expect(host.controller.itemStates.prefix(6).map(\.rawValue) == [7, 7, 7, 7, 7, 1])
        host.controller.enterForeground()
        // Visible again -> minimum: 0...4 visible (15), 5 display (7), 6...7 preload (3).
        #expect(host.controller.currentMode == .minimum)
        #expect(host.controller.itemStates.prefix(9).map(\.rawValue) == [15, 15, 15, 15, 15, 7, 3, 3, 1])

        let hidden = ListHost(count: 20)
        hidden.state = .measureLayout
        hidden.controller.update()
        hidden.controller.enterBackground()
        #expect(hidden.controller.currentMode == .lowMemory)
        hidden.controller.enterForeground()
        #expect(hidden.controller.currentMode == .visibleOnly)
    }

    @Test("going to the background after a memory warning still takes the visible bit away")
    func backgroundAfterMemoryWarning() {
        let host = ListHost(count: 20)
        host.controller.update()
        host.controller.handleMemoryWarning()
        // Displayed container -> visibleOnly: 0...4 visible (15), the rest measureLayout.
        #expect(host.controller.itemStates.prefix(6).map(\.rawValue) == [15, 15, 15, 15, 15, 1])
        host.controller.enterBackground()
        // Section 6: background -> visibleOnly (already the mode) and the container counts as not
        // visible, so this is the hidden-container rule: the visible set 0...4 gets
        // preload|display|measureLayout (7), nothing is visible.
        #expect(host.controller.currentMode == .visibleOnly)
        #expect(host.controller.itemStates.prefix(6).map(\.rawValue) == [7, 7, 7, 7, 7, 1])
        host.controller.enterForeground()
        // Foreground, visible -> minimum: 0...4 visible (15); display rect [-120, 600) adds 5
        // (7); preload rect [-120, 720) adds 6...7 (3); 8 stays measureLayout.
        #expect(host.controller.currentMode == .minimum)
        #expect(host.controller.itemStates.prefix(9).map(\.rawValue) == [15, 15, 15, 15, 15, 7, 3, 3, 1])
    }

    @Test("an explicit mode holds for one update, then the rules resume")
    func explicitMode() {
        let host = ListHost(count: 100)
        host.controller.update()
        host.controller.contentHasBeenScrolled = true
        host.controller.updateCurrentRange(with: .visibleOnly)
        host.controller.update()
        #expect(host.controller.currentMode == .visibleOnly)
        host.controller.update()
        #expect(host.controller.currentMode == .full)
    }

    @Test("visibility depth maps to modes: 0 full, 1 minimum, 2 visibleOnly, 3+ lowMemory")
    func visibilityDepth() {
        #expect(
            (0...4).map(RangeController.rangeMode(forVisibilityDepth:)) == [
                .full, .minimum, .visibleOnly, .lowMemory, .lowMemory,
            ])
    }

    @Test("the pager's minimum display range is the visible page")
    func pagerRanges() {
        // Horizontal pages 320 wide, viewport 320 x 480 at x = 640: visible page 2. Minimum
        // display (0, 0) -> page 2; minimum preload (1, 1): [320, 1280) -> pages 1...3.
        let host = ListHost(count: 10, itemLength: 320, vertical: false, tuning: .pager)
        host.viewport.origin.x = 640
        host.controller.update()
        #expect(host.controller.visibleIndices == [2])
        #expect(host.controller.displayIndices == [2])
        #expect(host.controller.preloadIndices == [1, 2, 3])
    }

    @Test("index runs compress sorted indices")
    func runs() {
        #expect(indexRuns([0, 1, 2, 5, 7, 8]) == [0...2, 5...5, 7...8])
        #expect(indexRuns([]).isEmpty)
    }
}
