import WeftLayout

/// What a range controller asks of the container it serves (a table, collection or pager).
public protocol RangeControllerDataSource: AnyObject {
    /// The container's bounds in content coordinates (origin = content offset).
    func viewport(for controller: RangeController) -> Rect
    /// The direction the user is scrolling right now (drag or deceleration); empty when not.
    func currentScrollDirection(for controller: RangeController) -> ScrollDirection
    /// The container's own interface state.
    func interfaceState(for controller: RangeController) -> InterfaceState
    /// Pushes an item's new state into its cell (and, recursively, the cell's subnodes).
    func rangeController(_ controller: RangeController, didChangeState state: InterfaceState, ofItemAt index: Int)
}

/// Decides, for one scrolling container, which items are visible, which should render (display
/// range) and which should load data (preload range), and pushes the resulting interface states
/// into the cells. It follows Texture's `ASRangeController` as docs/texture-semantics.md section 6
/// describes it.
///
/// Each update: the visible set is the items intersecting the viewport (if none, only the visible
/// bit is cleared and nothing else changes); the mode is chosen (minimum on the first update; full
/// once the user has dragged and while the container is visible; a mode set explicitly holds for
/// one update); the display and preload sets are the items intersecting the viewport expanded by
/// that mode's tuning toward the scroll direction; then every item whose state changes gets it, in
/// the order visible, display, preload, items that just left a range (all items after a data
/// change). All queries are binary searches over the sorted item frames (`ItemGeometry`), so an
/// update costs O(log n + items in the ranges). It belongs to its main loop's thread, like the
/// nodes, and keeps what an update and an inspector read in private storage unchecked for
/// exclusivity (`stored*`), behind ordinary accessors: checked, the update's accesses cost a
/// scrolling feed's frame a few percent (docs/benchmarks.md). Debug builds check the thread at
/// each update.
public final class RangeController {
    /// The container it asks for the viewport, scroll direction and interface state; held weakly.
    public var dataSource: (any RangeControllerDataSource)? {
        get { storedDataSource }
        _modify { yield &storedDataSource }
    }
    @exclusivity(unchecked) private weak var storedDataSource: (any RangeControllerDataSource)?
    /// Called after anything an inspector shows changed: tuning, mode, an update.
    public var didChange: (() -> Void)? {
        get { storedDidChange }
        _modify { yield &storedDidChange }
    }
    @exclusivity(unchecked) private var storedDidChange: (() -> Void)?
    /// The type name of the container's data source, as the inspector's range bar labels it.
    public var dataSourceTypeName: String {
        get { storedDataSourceTypeName }
        _modify { yield &storedDataSourceTypeName }
    }
    @exclusivity(unchecked) private var storedDataSourceTypeName: String = ""
    /// The directions the container scrolls in.
    public let scrollableDirections: ScrollDirection
    /// The items' frames the ranges are computed from.
    public private(set) var geometry: ItemGeometry {
        get { storedGeometry }
        _modify { yield &storedGeometry }
    }
    @exclusivity(unchecked) private var storedGeometry: ItemGeometry

    /// How far each range reaches, per mode.
    public private(set) var tuning: RangeTuningTable {
        get { storedTuning }
        _modify { yield &storedTuning }
    }
    @exclusivity(unchecked) private var storedTuning: RangeTuningTable
    /// The mode of the last update; nil before the first one (Texture's "unspecified").
    public private(set) var currentMode: RangeMode? {
        get { storedCurrentMode }
        _modify { yield &storedCurrentMode }
    }
    @exclusivity(unchecked) private var storedCurrentMode: RangeMode?
    /// The direction the ranges lead toward: the last non-empty scroll direction, initially
    /// down|right.
    public private(set) var scrollDirection: ScrollDirection {
        get { storedScrollDirection }
        _modify { yield &storedScrollDirection }
    }
    @exclusivity(unchecked) private var storedScrollDirection: ScrollDirection = [.down, .right]
    /// Set once the user drags the container (programmatic offsets do not count).
    public var contentHasBeenScrolled: Bool {
        get { storedContentHasBeenScrolled }
        _modify { yield &storedContentHasBeenScrolled }
    }
    @exclusivity(unchecked) private var storedContentHasBeenScrolled: Bool = false
    /// The items on screen after the last update, ascending.
    public private(set) var visibleIndices: [Int] {
        get { storedVisibleIndices }
        _modify { yield &storedVisibleIndices }
    }
    @exclusivity(unchecked) private var storedVisibleIndices: [Int] = []
    /// The items in the display range after the last update, ascending.
    public private(set) var displayIndices: [Int] {
        get { storedDisplayIndices }
        _modify { yield &storedDisplayIndices }
    }
    @exclusivity(unchecked) private var storedDisplayIndices: [Int] = []
    /// The items in the preload range after the last update, ascending.
    public private(set) var preloadIndices: [Int] {
        get { storedPreloadIndices }
        _modify { yield &storedPreloadIndices }
    }
    @exclusivity(unchecked) private var storedPreloadIndices: [Int] = []
    /// The interface state last pushed to each item, in item order.
    public private(set) var itemStates: [InterfaceState] {
        get { storedItemStates }
        _modify { yield &storedItemStates }
    }
    @exclusivity(unchecked) private var storedItemStates: [InterfaceState] = []
    /// The viewport of the last update, in content coordinates.
    public private(set) var lastViewport: Rect {
        get { storedLastViewport }
        _modify { yield &storedLastViewport }
    }
    @exclusivity(unchecked) private var storedLastViewport: Rect = .zero
    /// Whether the host program is in the background (clears the container's visible bit).
    /// It is part of `containerState`, so changing it needs an update like any change of the
    /// container's own interface state (the mode may stay the same: a memory warning may already
    /// have set visibleOnly).
    public private(set) var isInBackground: Bool {
        get { storedIsInBackground }
        set {
            if newValue != storedIsInBackground {
                storedIsInBackground = newValue
                setNeedsUpdate()
            }
        }
    }
    @exclusivity(unchecked) private var storedIsInBackground: Bool = false
    /// Updates run so far (an inspector's change signal).
    public private(set) var updateCount: Int {
        get { storedUpdateCount }
        _modify { yield &storedUpdateCount }
    }
    @exclusivity(unchecked) private var storedUpdateCount: Int = 0
    /// Whether an update is pending (`setNeedsUpdate`); the container runs it on the next frame.
    public private(set) var needsUpdate: Bool {
        get { storedNeedsUpdate }
        _modify { yield &storedNeedsUpdate }
    }
    @exclusivity(unchecked) private var storedNeedsUpdate: Bool = true

    @exclusivity(unchecked) private var preserveCurrentMode = false
    @exclusivity(unchecked) private var rangeIsValid = false
    @exclusivity(unchecked) private var previousInRange: [Int] = []

    /// A controller for a container scrolling in `scrollableDirections`, with Texture's tuning by default.
    public init(scrollableDirections: ScrollDirection, tuning: RangeTuningTable = .default) {
        self.scrollableDirections = scrollableDirections
        storedTuning = tuning
        storedGeometry = ItemGeometry(axis: scrollableDirections.isDisjoint(with: .vertical) ? .horizontal : .vertical)
    }

    // MARK: Tuning

    /// How far the range of `type` reaches in `mode`, in screenfuls.
    public func tuningParameters(for mode: RangeMode, _ type: RangeType) -> RangeTuning {
        tuning[mode, type]
    }

    /// Changes one mode's tuning of one range; negative screenfuls are clamped to 0.
    public func setTuningParameters(_ parameters: RangeTuning, for mode: RangeMode, _ type: RangeType) {
        tuning[mode, type] = RangeTuning(
            leading: max(0, parameters.leadingBufferScreenfuls), trailing: max(0, parameters.trailingBufferScreenfuls)
        )
        setNeedsUpdate()
        didChange?()
    }

    // MARK: Data

    /// Replaces the item frames after the data or the layout changed. The next update visits
    /// every item (items outside all ranges fall back to measureLayout). With `resetStates`
    /// (new data) every item starts from no state.
    public func setItemFrames(_ frames: [Rect], resetStates: Bool = false) {
        geometry.setFrames(frames)
        if resetStates {
            itemStates = Array(repeating: [], count: frames.count)
            previousInRange = []
            visibleIndices = []
        } else if itemStates.count != frames.count {
            itemStates =
                Array(itemStates.prefix(frames.count)) + Array(repeating: [], count: max(0, frames.count - itemStates.count))
        }
        invalidateItems()
    }

    /// Inserts item states for new items at `indices` (in the new numbering) so the states of
    /// the other items move with them, then takes the new frames.
    public func insertItems(at indices: [Int], frames: [Rect]) {
        let inserted = indices.sorted()
        for index in inserted where index <= itemStates.count { itemStates.insert([], at: index) }
        // An old index moves past every inserted index at or before its new position.
        func renumber(_ old: Int) -> Int {
            var new = old
            for index in inserted where index <= new { new += 1 }
            return new
        }
        previousInRange = previousInRange.map(renumber)
        visibleIndices = visibleIndices.map(renumber)
        setItemFrames(frames)
    }

    /// Removes the states of deleted items (indices in the old numbering), then takes the new frames.
    public func deleteItems(at indices: [Int], frames: [Rect]) {
        let deleted = Set(indices)
        let sorted = indices.sorted()
        for index in sorted.reversed() where index < itemStates.count { itemStates.remove(at: index) }
        func renumber(_ old: Int) -> Int? {
            deleted.contains(old) ? nil : old - sorted.prefix { $0 < old }.count
        }
        previousInRange = previousInRange.compactMap(renumber)
        visibleIndices = visibleIndices.compactMap(renumber)
        setItemFrames(frames)
    }

    /// Forgets the state of one item (a reloaded item's new cell starts from nothing).
    public func resetItemState(at index: Int) {
        guard itemStates.indices.contains(index) else { return }
        itemStates[index] = []
        invalidateItems()
    }

    /// Takes `bits` away from every item that has them (Texture's clearPreloadedData and
    /// clearContents when the container leaves the preload or display state).
    public func removeFromAllItems(_ bits: InterfaceState) {
        for index in itemStates.indices where !itemStates[index].isDisjoint(with: bits) {
            push(itemStates[index].subtracting(bits), to: index)
        }
    }

    private func invalidateItems() {
        rangeIsValid = false
        visibleIndices = visibleIndices.filter { $0 < geometry.count }
        setNeedsUpdate()
    }

    // MARK: Modes

    /// Marks the ranges stale; the next `updateIfNeeded()` recomputes them.
    public func setNeedsUpdate() {
        needsUpdate = true
    }

    /// Sets the mode for the next update, which keeps it for at least that update (Texture's
    /// `updateCurrentRangeWithMode:`).
    public func updateCurrentRange(with mode: RangeMode) {
        preserveCurrentMode = true
        if currentMode != mode {
            currentMode = mode
            setNeedsUpdate()
            didChange?()
        }
    }

    /// Texture's mode for a visibility depth: 0 full, 1 minimum, 2 visibleOnly, 3+ lowMemory.
    public static func rangeMode(forVisibilityDepth depth: Int) -> RangeMode {
        switch depth {
        case ...0: .full
        case 1: .minimum
        case 2: .visibleOnly
        default: .lowMemory
        }
    }

    /// A memory warning: containers with the display bit go to visibleOnly, the others to
    /// `modeForOthers` (lowMemory by default, Texture's `rangeModeForMemoryWarnings`), and update.
    public func handleMemoryWarning(modeForOthers: RangeMode = .lowMemory) {
        let showing = containerState.contains(.display)
        updateCurrentRange(with: showing ? .visibleOnly : modeForOthers)
        updateIfNeeded()
    }

    /// The host went to the background: a visible container keeps only its visible items
    /// (visibleOnly), the others drop to lowMemory; then the container counts as not visible.
    public func enterBackground() {
        updateCurrentRange(with: containerState.contains(.visible) ? .visibleOnly : .lowMemory)
        isInBackground = true
        updateIfNeeded()
    }

    /// Back in the foreground: visible containers restart at minimum, the others at visibleOnly.
    public func enterForeground() {
        isInBackground = false
        updateCurrentRange(with: containerState.contains(.visible) ? .minimum : .visibleOnly)
        updateIfNeeded()
    }

    /// The container's interface state as ranges see it (no visible bit in the background).
    public var containerState: InterfaceState {
        var state = dataSource?.interfaceState(for: self) ?? []
        if isInBackground { state.remove(.visible) }
        return state
    }

    // MARK: Updating

    /// Runs `update()` if `setNeedsUpdate()` marked the ranges stale since the last one.
    public func updateIfNeeded() {
        if needsUpdate { update() }
    }

    /// Recomputes the ranges and pushes changed item states into the cells.
    public func update() {
        needsUpdate = false
        guard let dataSource else { return }
        #if DEBUG
            // The unchecked storage's invariant: updated during a frame on the frame's thread only.
            (dataSource as? DisplayNode)?.loopOfTree?.assertOnFrameThread()
        #endif
        updateCount += 1
        // Only a change of what the controller shows counts (item states signal theirs through
        // the data source): ranges computed again without anything having moved have not
        // changed, and a streamed capture need not read the container's cells again.
        let before = Shown(self)
        defer { if Shown(self) != before { didChange?() } }
        let motion = dataSource.currentScrollDirection(for: self).intersection(scrollableDirections)
        if !motion.isEmpty { scrollDirection = motion }
        let viewport = dataSource.viewport(for: self)
        lastViewport = viewport
        let visible = geometry.indices(intersecting: viewport)

        guard !visible.isEmpty else {
            // Nothing on screen (scrolled past the content, or no items): only the visible bit goes.
            for index in visibleIndices where index < itemStates.count && itemStates[index].contains(.visible) {
                push(itemStates[index].subtracting(.visible), to: index)
            }
            visibleIndices = []
            return
        }

        let containerState = self.containerState
        let containerVisible = containerState.contains(.visible)
        var mode = currentMode
        let mayChangeMode = !preserveCurrentMode && contentHasBeenScrolled
        if (mayChangeMode && containerVisible) || mode == nil {
            mode = (!containerVisible || mode == nil) ? .minimum : .full
        }
        let rangeMode = mode ?? .minimum

        let displayTuning = tuning[rangeMode, .display]
        let preloadTuning = tuning[rangeMode, .preload]
        let display: [Int]
        let preload: [Int]
        if rangeMode == .lowMemory {
            display = []
            preload = []
        } else {
            display = displayTuning == .zero ? visible : indices(for: displayTuning, viewport: viewport)
            if preloadTuning == displayTuning {
                preload = display
            } else if preloadTuning == .zero {
                preload = visible
            } else {
                preload = indices(for: preloadTuning, viewport: viewport)
            }
        }

        let ranges = RangeMembership(visible: visible, display: display, preload: preload)
        // The items whose states are pushed, in order, appended in place to one array with room
        // for all of them (`filter` and `+` made and copied an array for each list).
        var order: [Int] = []
        order.reserveCapacity(visible.count + display.count + preload.count + previousInRange.count)
        order += visible
        for index in display where !ranges[index].contains(.visible) { order.append(index) }
        for index in preload where ranges[index].isDisjoint(with: [.visible, .display]) { order.append(index) }
        for index in previousInRange where ranges[index].isEmpty && index < itemStates.count { order.append(index) }
        if !rangeIsValid {
            var visited = [Bool](repeating: false, count: itemStates.count)
            for index in order where visited.indices.contains(index) { visited[index] = true }
            order += visited.indices.filter { !visited[$0] }
        }

        for index in order {
            var state: InterfaceState = .measureLayout
            let itemRanges = ranges[index]
            if containerVisible {
                if itemRanges.contains(.visible) {
                    state.formUnion([.visible, .display, .preload])
                } else {
                    if itemRanges.contains(.preload) { state.insert(.preload) }
                    if itemRanges.contains(.display) { state.insert(.display) }
                }
            } else if itemRanges.contains(.visible) {
                // Hidden container: what would be on screen is readied, nothing is marked visible.
                state.insert(.preload)
                if rangeMode != .lowMemory { state.insert(.display) }
            } else if itemRanges.contains(.display) {
                state.insert(.preload)
            }
            if index < itemStates.count, itemStates[index] != state { push(state, to: index) }
        }

        visibleIndices = visible
        displayIndices = display
        preloadIndices = preload
        previousInRange = ranges.indicesInAnyRange
        currentMode = rangeMode
        preserveCurrentMode = false
        rangeIsValid = true
    }

    /// What the controller shows of its last update (its ranges and how it computed them), apart
    /// from the item states.
    private struct Shown: Equatable {
        let mode: RangeMode?
        let scrollDirection: ScrollDirection
        let viewport: Rect
        let visible: [Int], display: [Int], preload: [Int]

        init(_ controller: RangeController) {
            (mode, scrollDirection, viewport) = (controller.currentMode, controller.scrollDirection, controller.lastViewport)
            (visible, display, preload) = (controller.visibleIndices, controller.displayIndices, controller.preloadIndices)
        }
    }

    private func indices(for tuning: RangeTuning, viewport: Rect) -> [Int] {
        geometry.indices(
            intersecting: rangeRect(
                viewport: viewport, tuning: tuning, scrollable: scrollableDirections, direction: scrollDirection
            ))
    }

    private func push(_ state: InterfaceState, to index: Int) {
        itemStates[index] = state
        dataSource?.rangeController(self, didChangeState: state, ofItemAt: index)
    }

    /// The item states as runs of equal states over consecutive items: `(first, last, state)`,
    /// docs/protocol.md's `itemStates` form. O(items).
    public func itemStateRuns() -> [(first: Int, last: Int, state: InterfaceState)] {
        var runs: [(first: Int, last: Int, state: InterfaceState)] = []
        for (index, state) in itemStates.enumerated() {
            if let last = runs.last, last.state == state {
                runs[runs.count - 1].last = index
            } else {
                runs.append((index, index, state))
            }
        }
        return runs
    }

    /// The rect a range covers right now for `mode` (the current mode by default).
    public func rect(for type: RangeType, mode: RangeMode? = nil) -> Rect {
        rangeRect(
            viewport: lastViewport, tuning: tuning[mode ?? currentMode ?? .minimum, type],
            scrollable: scrollableDirections, direction: scrollDirection
        )
    }
}
