import WeftLayout

/// The shared base of `TableNode`, `CollectionNode` and `PagerNode`: a scrolling node that
/// shows the items of a data source, each a `CellNode`, with a `RangeController`.
///
/// - Data: on the first layout (or `reloadData`) every item's cell is made and measured against
///   the container's size (`constrainedSizeForItem`); the subclass places the measured sizes
///   (`itemFrames`), which gives the content size. `insertItems` / `deleteItems` /
///   `reloadItems` apply changes the data source already made, and throw on indices that do
///   not match it.
/// - Scrolling (ContainerNode+Scrolling.swift): `contentOffset` (the bounds origin),
///   programmatic and animated offsets, `scrollToItem`, and simulated drags with deceleration.
/// - Every frame (the main loop's layout phase) the range controller updates when something
///   moved, its item states go into the cells, and the visible cells become the subnodes, as
///   UIKit's visible cells are a scroll view's subviews.
/// - Batch fetching (BatchFetching.swift) when the user nears the end of the content.
open class ContainerNode: DisplayNode, RangeControllerDataSource {
    /// Supplies the items; held weakly. Setting it reloads the data at the next layout.
    public weak var dataSource: ContainerDataSource? {
        didSet {
            rangeController.dataSourceTypeName = dataSource.map { String(describing: type(of: $0)) } ?? ""
            hasLoadedData = false
            setNeedsLayout()
        }
    }
    /// Moves the items through the preload, display and visible ranges as the container scrolls.
    public let rangeController: RangeController
    /// The directions the container scrolls in (vertical for a table, horizontal for a pager).
    public let scrollableDirections: ScrollDirection

    /// Every item's cell, in item order (allocated when data loads, as Texture does). This,
    /// `contentSize` and `offset` are stored unchecked for exclusivity, as DisplayNode's state
    /// (`rangeInspection` reads them on every streamed update).
    public internal(set) var cells: [CellNode] {
        get { storedCells }
        _modify { yield &storedCells }
    }
    @exclusivity(unchecked) private var storedCells: [CellNode] = []
    /// How many scroll containers the trees of `cells` hold (their `containerCountInSubtree`
    /// summed, kept up to date as cells come and go and as their trees change), so that a
    /// capture finds in constant time that no off-screen cell holds one (a feed's rows).
    var containerCountInCells = 0
    /// Every item's frame in content coordinates.
    public private(set) var itemFrames: [Rect] = []
    /// The size of all items together, in points; the offset is clamped to it.
    public private(set) var contentSize: Size {
        get { storedContentSize }
        set {
            if newValue != storedContentSize {
                storedContentSize = newValue
                noteChange()
            }
        }
    }
    @exclusivity(unchecked) private var storedContentSize: Size = .zero
    /// Whether the data source's items have been loaded and measured.
    public internal(set) var hasLoadedData = false
    /// The size the items were last measured for.
    private var measuredBoundsSize: Size?
    /// A cell changed its layout since the last measurement.
    var needsItemRelayout = false

    // Scrolling state (ContainerNode+Scrolling.swift).
    var offset: Point {
        get { storedOffset }
        _modify { yield &storedOffset }
    }
    @exclusivity(unchecked) private var storedOffset: Point = .zero
    var motion: ScrollMotion?
    /// Whether a finger is on the content (between `beginDragging` and `endDragging`).
    public internal(set) var isTracking = false
    /// The content-offset velocity of the drag in points per second (positive y: scrolling down).
    public internal(set) var dragVelocity: Point = .zero
    /// Whether the container is coasting after a drag (the range controller then looks further ahead).
    public var isDecelerating: Bool { motion?.isDeceleration ?? false }
    /// Whether a released drag settles on a page boundary (pagers).
    public internal(set) var pagingEnabled = false

    // Batch fetching state (BatchFetching.swift).
    /// How many screens before the end of the content a batch fetch starts (Texture: 2).
    public var leadingScreensForBatching: Double = 2
    /// Called when a batch should begin; nil disables batch fetching.
    public var willBeginBatchFetch: ((BatchContext) -> Void)?
    /// Asked before a batch begins (default: yes).
    public var shouldBatchFetch: (() -> Bool)?
    /// The context handed to `willBeginBatchFetch`.
    public let batchContext = BatchContext()
    var needsBatchFetchCheck = false

    /// Range modes follow `visibilityDepth` (0 full, 1 minimum, 2 visibleOnly, 3+ lowMemory)
    /// when set to true, as Texture's view controllers arrange for the containers in them.
    public var automaticallyAdjustsRangeModeForVisibilityDepth = false
    /// How many levels the container is from the screen the user sees (0: on it).
    public var visibilityDepth = 0 {
        didSet {
            if automaticallyAdjustsRangeModeForVisibilityDepth, visibilityDepth != oldValue {
                rangeController.updateCurrentRange(with: RangeController.rangeMode(forVisibilityDepth: visibilityDepth))
            }
        }
    }

    init(scrollableDirections: ScrollDirection, tuning: RangeTuningTable = .default) {
        self.scrollableDirections = scrollableDirections
        rangeController = RangeController(scrollableDirections: scrollableDirections, tuning: tuning)
        super.init()
        containerCountInSubtree = 1
        // A scroll container clips its content, as UIScrollView (and so ASTableView and
        // ASCollectionView) does by default: cells scrolled out of the viewport are not drawn.
        clipsToBounds = true
        rangeController.dataSource = self
        rangeController.didChange = { [weak self] in self?.noteScrollStateChange() }
    }

    deinit {
        // `owningContainer` is unowned: cells that outlive their container must not point here.
        for cell in cells { cell.owningContainer = nil }
    }

    /// The content offset: subnodes are placed relative to the scrolled bounds.
    open override var boundsOrigin: Point { offset }

    /// The orientation the inspector shows: vertical when the container scrolls vertically.
    public var orientation: ItemGeometry.Axis { scrollableDirections.isDisjoint(with: .vertical) ? .horizontal : .vertical }

    // MARK: Subclass hooks

    /// The size range item `index` is measured in: the data source's, else the subclass's.
    open func constrainedSizeForItem(at index: Int) -> SizeRange {
        SizeRange(min: .zero, max: frame.size)
    }

    /// Places measured item sizes in content coordinates, in item order along the scroll axis.
    open func itemFrames(for sizes: [Size]) -> [Rect] {
        var y = 0.0
        return sizes.map { size in
            defer { y += size.height }
            return Rect(x: 0, y: y, width: size.width, height: size.height)
        }
    }

    /// Where the content comes to rest after a release: the deceleration's end, clamped.
    open func restingOffset(afterReleaseWith velocity: Point) -> Point {
        clamped(
            Point(
                x: offset.x
                    + ScrollMotion.decelerationDistance(scrollableDirections.isDisjoint(with: .horizontal) ? 0 : velocity.x),
                y: offset.y + ScrollMotion.decelerationDistance(scrollableDirections.isDisjoint(with: .vertical) ? 0 : velocity.y)
            ))
    }

    // MARK: Items

    /// The items loaded.
    public var numberOfItems: Int { cells.count }

    /// The cell of the item at `index`, or nil when out of bounds.
    public func cellForItem(at index: Int) -> CellNode? {
        cells.indices.contains(index) ? cells[index] : nil
    }

    /// The index of `cell` among the items, or nil.
    public func index(of cell: CellNode) -> Int? {
        cells.firstIndex { $0 === cell }
    }

    /// The cells on screen, in item order (also the container's subnodes). Built with room for
    /// all of them (`compactMap` grew its result by reallocation, every frame that scrolled).
    public var visibleCells: [CellNode] {
        let indices = rangeController.visibleIndices
        var result: [CellNode] = []
        result.reserveCapacity(indices.count)
        for index in indices { if let cell = cellForItem(at: index) { result.append(cell) } }
        return result
    }

    // MARK: Measurement

    /// Measures every cell for the current size and places the items.
    func measureAllItems() {
        measuredBoundsSize = frame.size
        _ = relayoutFrames()
    }

    /// Measures the cells (cached layouts make unchanged ones cheap), places them and applies
    /// each cell's layout at its frame. Returns the frames.
    @discardableResult
    func relayoutFrames() -> [Rect] {
        let context = layoutContext
        let layouts = cells.indices.map { index -> Layout in
            let range = dataSource?.container(self, constrainedSizeForItemAt: index) ?? constrainedSizeForItem(at: index)
            return cells[index].layoutThatFits(range, parentSize: frame.size, context: context)
        }
        itemFrames = itemFrames(for: layouts.map(\.size))
        for index in cells.indices {
            let cell = cells[index]
            cell.frame = itemFrames[index]
            if cell.calculatedLayout.map({ $0.size != layouts[index].size }) ?? true || cell.needsLayout {
                cell.apply(layouts[index], constrainedSize: layouts[index].constrainedSize)
            }
        }
        contentSize = Size(
            width: itemFrames.map(\.maxX).max() ?? 0,
            height: itemFrames.map(\.maxY).max() ?? 0
        )
        return itemFrames
    }

    /// A cell (or a node in it) changed its layout: measure the cells again on the next frame
    /// (unchanged cells answer from their layout caches).
    func cellNeedsMeasurement(_ cell: CellNode) {
        needsItemRelayout = true
    }

    /// A new size changes which items are in range: the ranges update at the next frame.
    open override func boundsSizeDidChange() {
        super.boundsSizeDidChange()
        rangeController.setNeedsUpdate()
    }

    // MARK: Frames

    /// What the main loop runs for the container in every frame's layout phase: load or
    /// re-measure when needed, update the ranges when anything moved, show the visible cells,
    /// check batch fetching.
    public func frameUpdate() {
        guard frame.size.width > 0, frame.size.height > 0 else { return }
        if !hasLoadedData {
            loadData()
        } else if measuredBoundsSize != frame.size {
            measureAllItems()
            rangeController.setItemFrames(itemFrames)
        } else if needsItemRelayout {
            rangeController.setItemFrames(relayoutFrames())
        }
        needsItemRelayout = false
        let updatesBefore = rangeController.updateCount
        rangeController.updateIfNeeded()
        if rangeController.updateCount != updatesBefore { showVisibleCells() }
        if needsBatchFetchCheck {
            // A drag is checked when it ends, against where it will come to rest (as Texture).
            needsBatchFetchCheck = false
            if !isTracking { checkBatchFetching(targetOffset: offset) }
        }
    }

    /// Makes the visible cells the subnodes, in item order. The cells to keep are marked
    /// (`isKeptAsVisibleCell`) while the others are detached, so no cell is hashed every frame.
    func showVisibleCells() {
        let visible = visibleCells
        for cell in visible { cell.isKeptAsVisibleCell = true }
        for subnode in subnodes where !subnode.isKeptAsVisibleCell && subnode.isRangeManaged {
            detach(subnode)
        }
        for cell in visible { cell.isKeptAsVisibleCell = false }
        for (index, cell) in visible.enumerated() where index >= subnodes.count || subnodes[index] !== cell {
            attach(cell, at: index)
        }
        for cell in visible where cell.needsLayout { cell.layoutSubtreeIfNeeded() }
    }

    /// Brings the ranges up to date; a container entering preload off screen updates them at once.
    open override func interfaceStateDidChange(_ newState: InterfaceState, from oldState: InterfaceState) {
        super.interfaceStateDidChange(newState, from: oldState)
        rangeController.setNeedsUpdate()
        // A container that is not on screen (a page in the preload range, say) is not visited by
        // the frame walk: bring its ranges up to date now, as Texture does on entering preload.
        if newState.contains(.preload) { frameUpdate() }
    }

    /// Leaving the display state releases the cells' contents (Texture's clearContents);
    /// leaving the preload state their preloaded data (clearPreloadedData) and, since a hidden
    /// container may have readied its would-be-visible items for display, their contents too.
    open override func didExitPreloadState() {
        super.didExitPreloadState()
        rangeController.removeFromAllItems([.preload, .display])
    }

    /// Leaving the display state releases the cells' contents (Texture's `clearContents`).
    open override func didExitDisplayState() {
        super.didExitDisplayState()
        if !interfaceState.contains(.preload) { rangeController.removeFromAllItems(.display) }
    }

    // MARK: RangeControllerDataSource

    /// The visible rectangle in content coordinates: the bounds.
    public func viewport(for controller: RangeController) -> Rect { bounds }

    /// The direction of the drag or deceleration under way, in the scrollable directions.
    public func currentScrollDirection(for controller: RangeController) -> ScrollDirection {
        let velocity = isTracking ? dragVelocity : (motion?.directionVelocity ?? .zero)
        return ScrollDirection(velocityX: velocity.x, velocityY: velocity.y, scrollable: scrollableDirections)
    }

    /// The container's own interface state, which its ranges start from.
    public func interfaceState(for controller: RangeController) -> InterfaceState { interfaceState }

    /// Sets the new state on the item's cell and its subnodes.
    public func rangeController(_ controller: RangeController, didChangeState state: InterfaceState, ofItemAt index: Int) {
        guard cells.indices.contains(index) else { return }
        cells[index].recursivelySetInterfaceState(state)
        noteScrollStateChange()
    }
}
