import Synchronization
import WeftLayout

/// Node ids are "n<counter>", unique in the process and stable for a node's lifetime.
private let nodeCounter = Atomic<Int>(0)

/// The base of every node, Weft's `ASDisplayNode`: a rectangle in a tree with layout, hit
/// testing and interface state, and no view behind it (Weft is headless; the inspector draws).
///
/// - Tree: `subnodes` / `supernode`; `addSubnode` refuses cycles with a warning and moves a node
///   that is already in another tree, as Texture does.
/// - Layout (DisplayNode+Layout.swift): a `layoutSpecBlock` or an override of
///   `layoutSpecThatFits(_:)`, or `calculateSizeThatFits(_:)` for leaves; layouts cached per
///   constrained size; `setNeedsLayout` / `layoutIfNeeded` apply frames down the tree.
/// - Interface state (DisplayNode+InterfaceState.swift) and hit testing
///   (DisplayNode+HitTesting.swift).
///
/// Every observable change moves the node's `revisions` (docs/nodes.md, "Change tracking"), and
/// the root's `revisions.tree`, which the main loop sums into its change counter so an
/// inspector can skip frames where nothing changed.
///
/// The state a frame or a capture touches for every node it visits is stored unchecked for
/// exclusivity (`stored*` below, private to this type, behind ordinary accessors): a node
/// belongs to its main loop's thread, that state is only read or assigned whole through these
/// accessors, never passed `inout` out of them, and the runtime check cost more than the read
/// (docs/benchmarks.md). Debug builds check the thread of every change (`propagateChange`).
open class DisplayNode: LayoutElement, LayoutElementStyleDelegate, CustomStringConvertible {
    /// "n<counter>" (docs/protocol.md, Identity of elements).
    public let id: String
    /// The node's layout style: its size, flex and position as its parent spec reads them.
    public let style = LayoutElementStyle()
    /// The name shown after the class name in ASCII art, snapshots and the inspector.
    public var debugName: String? {
        get { storedDebugName }
        set {
            storedDebugName = newValue
            noteChange()
        }
    }
    @exclusivity(unchecked) private var storedDebugName: String?

    /// Texture's class name, printed in ASCII art and snapshots.
    open var textureClassName: String { "ASDisplayNode" }
    /// `.displayNode`.
    public final var layoutElementType: LayoutElementType { .displayNode }

    /// An empty node with no subnodes.
    public init() {
        id = "n\(nodeCounter.add(1, ordering: .relaxed).newValue)"
        style.delegate = self
    }

    deinit {
        // The style does not zero its unowned delegate; code may still hold the style.
        style.delegate = nil
        // `supernode` is unowned: the subnodes, which may outlive this node, must not point here.
        for node in subnodes { node.storedSupernode = nil }
    }

    /// `<ASTextNode n12 (title); frame = {{0, 0}, {100, 20}}>` for debugging.
    public var description: String {
        "<\(textureClassName) \(id)\(debugName.map { " (\($0))" } ?? ""); frame = \(frame)>"
    }

    // MARK: Tree

    /// Unowned, not weak: a weak reference gives the node a side table, and every retain and
    /// release of it then takes the runtime's slow path (a quarter of a scrolling frame's
    /// instructions). The link is cleared when the node is detached or the supernode goes.
    public var supernode: DisplayNode? { storedSupernode }
    @exclusivity(unchecked) private unowned var storedSupernode: DisplayNode?
    /// The node's children, in order (back to front).
    public var subnodes: [DisplayNode] { storedSubnodes }
    @exclusivity(unchecked) private var storedSubnodes: [DisplayNode] = []
    /// How many scroll containers this node's subtree holds, itself included (kept up to date
    /// by attaching and detaching subnodes), so that walks looking for containers skip the
    /// subtrees without any in constant time (`appendContainers`): captures list the range
    /// controllers in a table's off-screen cells on every streamed update.
    public internal(set) var containerCountInSubtree: Int {
        get { storedContainerCountInSubtree }
        set { storedContainerCountInSubtree = newValue }
    }
    @exclusivity(unchecked) private var storedContainerCountInSubtree = 0

    /// Appends `node` as the last subnode (moving it from its current supernode). Refused with a
    /// warning, returning false, when `node` is this node or one of its ancestors (a cycle), a
    /// main loop root, or a cell of a container.
    @discardableResult
    public func addSubnode(_ node: DisplayNode) -> Bool {
        insertSubnode(node, at: subnodes.count)
    }

    /// Inserts `node` at `index` (clamped to 0...subnodes.count), with the rules of `addSubnode`.
    @discardableResult
    public func insertSubnode(_ node: DisplayNode, at index: Int) -> Bool {
        guard attach(node, at: index) else { return false }
        setNeedsLayout()
        return true
    }

    /// Detaches the node from its supernode; its subtree leaves the interface states it had.
    public func removeFromSupernode() {
        guard let parent = supernode else { return }
        parent.detach(self)
        parent.setNeedsLayout()
    }

    /// Moves `node` to `index` among the subnodes without invalidating any layout (layout
    /// application and containers use it). Refuses cycles with a warning.
    @discardableResult
    func attach(_ node: DisplayNode, at index: Int) -> Bool {
        if node === self || node.isAncestor(of: self) {
            NodeDiagnostics.warn(id, "refused to add \(node.id) (\(node.textureClassName)) as a subnode: it would make a cycle")
            return false
        }
        if node.mainLoop != nil {
            NodeDiagnostics.warn(
                id, "refused to add \(node.id) as a subnode: it is a main loop root (remove it from the loop first)")
            return false
        }
        if let owner = node.owningContainer, owner !== self {
            NodeDiagnostics.warn(id, "refused to add \(node.id) as a subnode: it is a cell of \(owner.id)")
            return false
        }
        if node.supernode === self, let current = subnodes.firstIndex(where: { $0 === node }) {
            storedSubnodes.remove(at: current)
            storedSubnodes.insert(node, at: min(max(0, index), subnodes.count))
            noteChangeBelow()
            return true
        }
        if let previous = node.supernode { previous.detach(node) }
        storedSubnodes.insert(node, at: min(max(0, index), subnodes.count))
        node.storedSupernode = self
        if node.needsLayout || node.mayNeedLayoutBelow { markMayNeedLayoutBelow() }
        addToContainerCounts(node.containerCountInSubtree)
        if !node.isRangeManaged { node.recursivelySetInterfaceState(interfaceState) }
        noteChangeBelow()
        return true
    }

    /// Removes `node` from the subnodes without invalidating any layout.
    func detach(_ node: DisplayNode) {
        guard node.supernode === self else { return }
        storedSubnodes.removeAll { $0 === node }
        node.storedSupernode = nil
        addToContainerCounts(-node.containerCountInSubtree)
        if !node.isRangeManaged { node.recursivelySetInterfaceState([]) }
        noteChangeBelow()
    }

    /// Adds `delta` to the container count of this node and of every ancestor, and to the
    /// count of the container owning a cell on the way (`containerCountInCells`).
    private func addToContainerCounts(_ delta: Int) {
        guard delta != 0 else { return }
        var node: DisplayNode? = self
        while let current = node {
            current.containerCountInSubtree += delta
            if let owner = current.owningContainer as? ContainerNode { owner.containerCountInCells += delta }
            node = current.supernode
        }
    }

    /// Whether this node is `node`'s supernode, or its supernode's, and so on.
    public func isAncestor(of node: DisplayNode) -> Bool {
        var current = node.supernode
        while let ancestor = current {
            if ancestor === self { return true }
            current = ancestor.supernode
        }
        return false
    }

    /// The topmost ancestor (the node itself when it has no supernode).
    public var rootNode: DisplayNode {
        var node = self
        while let parent = node.supernode { node = parent }
        return node
    }

    /// Runs `body` on this node and every descendant, parents before children.
    public func forEachNode(_ body: (DisplayNode) -> Void) {
        body(self)
        for subnode in subnodes { subnode.forEachNode(body) }
    }

    // MARK: Geometry

    /// The node's rectangle in its supernode's coordinates.
    public var frame: Rect {
        get { storedFrame }
        set {
            let oldValue = storedFrame
            storedFrame = newValue
            guard newValue != oldValue else { return }
            if newValue.size != oldValue.size { boundsSizeDidChange() }
            noteChange()
        }
    }
    @exclusivity(unchecked) private var storedFrame: Rect = .zero

    /// The origin of the node's own coordinate space: zero, except for scrolling containers
    /// (their content offset).
    open var boundsOrigin: Point { .zero }

    /// The node's rectangle in its own coordinates.
    public var bounds: Rect { Rect(origin: boundsOrigin, size: frame.size) }

    /// The centre of the frame (UIKit's `position` with the default anchor point).
    public var position: Point {
        get { Point(x: frame.midX, y: frame.midY) }
        set { frame.origin = Point(x: newValue.x - frame.size.width / 2, y: newValue.y - frame.size.height / 2) }
    }

    /// Called when the frame's size changed: the node lays out again for the new size.
    open func boundsSizeDidChange() {
        needsLayout = true
    }

    // MARK: Appearance

    /// Whether subnodes are clipped to the node's bounds (default false).
    public var clipsToBounds: Bool {
        get { storedClipsToBounds }
        set {
            if newValue != storedClipsToBounds {
                storedClipsToBounds = newValue
                noteChange()
            }
        }
    }
    /// Whether the node is hidden: it keeps its frame but takes no touches.
    public var isHidden: Bool {
        get { storedIsHidden }
        set {
            if newValue != storedIsHidden {
                storedIsHidden = newValue
                noteChange()
            }
        }
    }
    /// The opacity, 0 to 1 (default 1).
    public var alpha: Double {
        get { storedAlpha }
        set {
            if newValue != storedAlpha {
                storedAlpha = newValue
                noteChange()
            }
        }
    }
    /// The fill behind the content, or nil for none.
    public var backgroundColor: Color? {
        get { storedBackgroundColor }
        set {
            if newValue != storedBackgroundColor {
                storedBackgroundColor = newValue
                noteChange()
            }
        }
    }
    /// Texture's cornerRadius, kept for Texture code (AsyncDisplayKit): Weft draws nothing and
    /// snapshots leave it out.
    public var cornerRadius: Double = 0 { didSet { if cornerRadius != oldValue { noteChange() } } }
    /// Whether the node takes touches (default true; false passes them to the node below).
    public var isUserInteractionEnabled = true { didSet { if isUserInteractionEnabled != oldValue { noteChange() } } }
    /// Edge insets applied to the bounds for hit testing; negative values enlarge the hit area.
    public var hitTestSlop: EdgeInsets {
        get { storedHitTestSlop }
        set {
            if newValue != storedHitTestSlop {
                storedHitTestSlop = newValue
                noteChange()
            }
        }
    }
    @exclusivity(unchecked) private var storedClipsToBounds = false
    @exclusivity(unchecked) private var storedIsHidden = false
    @exclusivity(unchecked) private var storedAlpha: Double = 1
    @exclusivity(unchecked) private var storedBackgroundColor: Color?
    @exclusivity(unchecked) private var storedHitTestSlop: EdgeInsets = .zero

    // MARK: Layout state (used by DisplayNode+Layout.swift)

    /// Builds the node's layout spec, Texture's `layoutSpecBlock`. Setting it invalidates the layout.
    public var layoutSpecBlock: ((DisplayNode, SizeRange) -> any LayoutElement)? {
        didSet { setNeedsLayout() }
    }
    /// Whether the subnodes follow the nodes of the layout spec (added and removed when a layout
    /// is applied), Texture's `automaticallyManagesSubnodes`.
    public var automaticallyManagesSubnodes = false
    /// The last layout calculated for the node's own bounds: the unflattened tree, specs included.
    public var calculatedLayout: Layout? { ownCalculatedLayout?.layout(of: self) }
    var ownCalculatedLayout: OwnLayout? {
        get { storedOwnCalculatedLayout }
        set { storedOwnCalculatedLayout = newValue }
    }
    @exclusivity(unchecked) private var storedOwnCalculatedLayout: OwnLayout?
    /// The constrained size `calculatedLayout` was computed for.
    public internal(set) var constrainedSizeForCalculatedLayout: SizeRange? {
        get { storedConstrainedSizeForCalculatedLayout }
        set { storedConstrainedSizeForCalculatedLayout = newValue }
    }
    @exclusivity(unchecked) private var storedConstrainedSizeForCalculatedLayout: SizeRange?
    /// How many layouts were calculated (cache misses): tests of the layout cache read it.
    public internal(set) var layoutCalculationCount = 0
    var layoutCache: [LayoutCacheKey: OwnLayout] = [:]
    var needsLayout = true {
        didSet { if needsLayout { supernode?.markMayNeedLayoutBelow() } }
    }
    /// Whether a node below may need layout: set on the ancestors of a node whose `needsLayout`
    /// is set or that is attached needing layout, cleared when a layout pass goes through the
    /// node (`layoutSubtreeIfNeeded`, `apply`). The frame's pass from each root enters only the
    /// subtrees it marks: walking every node of a scrolling feed's screen to find none needing
    /// layout cost the frame about 12 % of its instructions.
    var mayNeedLayoutBelow: Bool {
        get { storedMayNeedLayoutBelow }
        set { storedMayNeedLayoutBelow = newValue }
    }
    @exclusivity(unchecked) private var storedMayNeedLayoutBelow: Bool = false
    /// True while `calculateLayoutThatFits` of this node runs (a layout cache miss).
    var isCalculatingLayout = false

    // MARK: Interface state (used by DisplayNode+InterfaceState.swift)

    /// The ranges the node is in (preload, display, visible), set by its container or root.
    public internal(set) var interfaceState: InterfaceState {
        get { storedInterfaceState }
        set { storedInterfaceState = newValue }
    }
    @exclusivity(unchecked) private var storedInterfaceState: InterfaceState = []
    /// Cells of containers: their state comes from the container's range controller, not from
    /// their supernode.
    public internal(set) var isRangeManaged: Bool {
        get { storedIsRangeManaged }
        set { storedIsRangeManaged = newValue }
    }
    @exclusivity(unchecked) private var storedIsRangeManaged: Bool = false
    /// Set on a container's visible cells while `showVisibleCells` detaches the others.
    var isKeptAsVisibleCell: Bool {
        get { storedIsKeptAsVisibleCell }
        set { storedIsKeptAsVisibleCell = newValue }
    }
    @exclusivity(unchecked) private var storedIsKeptAsVisibleCell: Bool = false
    var interfaceStateObservers: [(DisplayNode, InterfaceStateEvent) -> Void] {
        get { storedInterfaceStateObservers }
        set { storedInterfaceStateObservers = newValue }
    }
    @exclusivity(unchecked) private var storedInterfaceStateObservers: [(DisplayNode, InterfaceStateEvent) -> Void] = []

    // MARK: Roots and change tracking

    /// The main loop this node is a root of (nil for nodes below a root).
    public internal(set) weak var mainLoop: MainLoop?
    /// The main loop whose tree holds this node (through supernodes and, for cells, their
    /// containers), if any.
    public var loopOfTree: MainLoop? {
        var current: DisplayNode? = self
        while let candidate = current {
            if let loop = candidate.mainLoop { return loop }
            current = candidate.supernode ?? candidate.owningContainer
        }
        return nil
    }

    /// The settings layouts of this tree are computed with (the root's; default scale 2).
    public var layoutContext: LayoutContext {
        get { supernode?.layoutContext ?? owningContainer?.layoutContext ?? ownLayoutContext }
        set { ownLayoutContext = newValue }
    }
    private var ownLayoutContext = LayoutContext.default

    /// The node's change tracking: counters that move with every observable change, read
    /// together (docs/nodes.md, "Change tracking"). An observer that keeps what it saw of a node
    /// (the inspector's capture cache) compares them with the ones it saw then.
    public var revisions: NodeRevisions { storedRevisions }
    @exclusivity(unchecked) private var storedRevisions = NodeRevisions()

    /// The last of its loop's container-updating walks that visited this node
    /// (`MainLoop.layoutRoots`).
    var containerUpdateWalk: UInt64 {
        get { storedContainerUpdateWalk }
        set { storedContainerUpdateWalk = newValue }
    }
    @exclusivity(unchecked) private var storedContainerUpdateWalk: UInt64 = 0

    /// Records an observable change: moves the node's `revisions.own`, the `revisions.subtree` of
    /// this node and its ancestors and the root's `revisions.tree` (and, through it, the main
    /// loop's change counter).
    public func noteChange() {
        propagateChange(.own)
    }

    /// Records a change below this node that leaves its own element as it was: its list of
    /// subnodes, or a change in one of its cells. (A container's scroll position and ranges are
    /// its scroll state: `noteScrollStateChange`.)
    func noteChangeBelow() {
        propagateChange(.below)
    }

    /// Records a change of this node's interface state, counted in `revisions.interfaceStates`
    /// instead of `revisions.subtree`.
    func noteInterfaceStateChange() {
        propagateChange(.interfaceState)
    }

    /// Records a change of a container's scroll state (`revisions.scrollState`): for its
    /// ancestors, a change below them.
    func noteScrollStateChange() {
        propagateChange(.scrollState)
    }

    private enum Change { case own, below, scrollState, interfaceState }

    private func propagateChange(_ change: Change) {
        if change == .own { storedRevisions.own &+= 1 }
        if change == .scrollState { storedRevisions.scrollState &+= 1 }
        var node = self
        while true {
            if change == .interfaceState {
                node.storedRevisions.interfaceStates &+= 1
            } else {
                node.storedRevisions.subtree &+= 1
            }
            guard let parent = node.supernode else { break }
            node = parent
        }
        node.storedRevisions.tree &+= 1
        #if DEBUG
            // The unchecked state's invariant: a tree in a frame changes on the frame's thread only.
            node.mainLoop?.assertOnFrameThread()
        #endif
        // A cell on screen is a subnode of its container, and its changes went up through it.
        // One off screen is not in the container's tree: its changes (its range states, most
        // often) show in the container's range controller and in the containers it holds, which
        // is the container's scroll state.
        if let owner = node.owningContainer { owner.propagateChange(.scrollState) }
    }

    /// For a cell: the container that owns it (its changes count as the container's).
    /// Unowned, as `supernode` is: the container clears it when it releases the cell or goes.
    var owningContainer: DisplayNode? {
        get { storedOwningContainer }
        set { storedOwningContainer = newValue }
    }
    @exclusivity(unchecked) private unowned var storedOwningContainer: DisplayNode?

    // MARK: Layout overrides

    /// The node's layout spec for `constrainedSize`, or nil for a leaf. Default: the
    /// `layoutSpecBlock`'s result. Subclasses override it (Texture's `layoutSpecThatFits:`).
    open func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        layoutSpecBlock?(self, constrainedSize)
    }

    /// A leaf's own size for the largest size it may take. Default: that size when both
    /// dimensions are valid, else 0x0 (Texture's plain node). Text and image nodes measure
    /// their content.
    open func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        constrainedSize.isValidForLayout ? constrainedSize : .zero
    }

    /// The node's layout for an already resolved range: its spec's layout below it when it has a
    /// spec, else its clamped `calculateSizeThatFits`.
    open func calculateLayoutThatFits(_ constrainedSize: SizeRange, context: LayoutContext) -> Layout {
        if let spec = layoutSpecThatFits(constrainedSize) {
            loopOfTree?.specWillLayout(self, spec)
            let specLayout = spec.layoutThatFits(constrainedSize, parentSize: constrainedSize.max, context: context)
            context.trace?.noteChild(
                "node.spec", child: 0, [.init("width", specLayout.size.width), .init("height", specLayout.size.height)],
                "lays out its layout spec (layoutSpecThatFits) in its range, the range's max as the parent size, and takes the spec's size: "
                    + LayoutTrace.format(specLayout.size))
            return Layout(element: self, size: specLayout.size, sublayouts: [specLayout], context: context)
        }
        let measured = calculateSizeThatFits(constrainedSize.max)
        let size = constrainedSize.clamp(measured)
        context.trace?.noteMeasurement(measured: measured, size: size, source: measurementSource(constrainedSize.max))
        return Layout(element: self, size: size, context: context)
    }

    /// What `calculateSizeThatFits` measured, for a layout explanation (`LayoutTrace`).
    open func measurementSource(_ maxSize: Size) -> String {
        maxSize.isValidForLayout
            ? "calculateSizeThatFits: a plain node takes the largest size it may"
            : "calculateSizeThatFits: a plain node in an unbounded range is 0 x 0"
    }

    /// Called after a layout was applied to the node and its subnodes.
    open func didApplyLayout() {}

    /// Whether the node can take touches at all: not hidden, alpha at least 0.01, interaction
    /// enabled. A disabled control overrides it to take none.
    open var acceptsTouches: Bool {
        !isHidden && alpha >= 0.01 && isUserInteractionEnabled
    }

    // MARK: Interface-state callbacks (subclasses call super)

    /// Called when the node enters the preload range: start loading its data.
    open func didEnterPreloadState() {}
    /// Called when the node leaves the preload range.
    open func didExitPreloadState() {}
    /// Called when the node enters the display range.
    open func didEnterDisplayState() {}
    /// Called when the node leaves the display range.
    open func didExitDisplayState() {}
    /// Called when the node comes on screen.
    open func didEnterVisibleState() {}
    /// Called when the node leaves the screen.
    open func didExitVisibleState() {}
    /// Called with the new and old states whenever the state changes.
    open func interfaceStateDidChange(_ newState: InterfaceState, from oldState: InterfaceState) {}
}
