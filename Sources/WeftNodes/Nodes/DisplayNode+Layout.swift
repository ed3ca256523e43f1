import WeftLayout

/// The key of a node's layout cache: the constrained size after the node's style size was
/// applied, and the scale the layout was rounded with.
struct LayoutCacheKey: Hashable {
    let constrainedSize: SizeRange
    let scale: Double
}

/// Layout the Texture way: measure with `layoutThatFits` (cached per constrained size), apply
/// with `layoutIfNeeded` (frames down the tree, Texture's flattening with positions rounded up to
/// the pixel grid).
extension DisplayNode {
    /// How many constrained sizes a node remembers layouts for.
    static let layoutCacheCapacity = 4

    /// Lays the node out within `constrainedSize` (its style size applied first), reusing the
    /// cached layout for the same range and scale.
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        let resolved = resolvedSizeRange(constrainedSize, parentSize: parentSize)
        if let trace = context.trace {
            // A traced pass derives every layout afresh and leaves the caches and counters alone.
            return trace.call(self, constrainedSize: constrainedSize, parentSize: parentSize, resolvedSize: resolved) {
                let wasCalculating = isCalculatingLayout
                isCalculatingLayout = true
                defer { isCalculatingLayout = wasCalculating }
                return calculateLayoutThatFits(resolved, context: context)
            }
        }
        let key = LayoutCacheKey(constrainedSize: resolved, scale: context.scale)
        // The cache is keyed by the resolved range: a hit may answer another requested range.
        if let cached = layoutCache[key] { return cached.layout(of: self, recording: constrainedSize) }
        layoutCalculationCount += 1
        let wasCalculating = isCalculatingLayout
        isCalculatingLayout = true
        let layout = calculateLayoutThatFits(resolved, context: context)
        isCalculatingLayout = wasCalculating
        if layoutCache.count >= Self.layoutCacheCapacity { layoutCache.removeAll(keepingCapacity: true) }
        layoutCache[key] = OwnLayout(layout)
        return layout.recording(constrainedSize: constrainedSize)
    }

    /// Lays the node out with the tree's own settings (the root's `layoutContext`).
    public func layoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        layoutThatFits(constrainedSize, parentSize: constrainedSize.max, context: layoutContext)
    }

    /// Drops every cached layout of this node (not of its supernodes: see `setNeedsLayout`).
    public func invalidateCalculatedLayout() {
        layoutCache.removeAll()
    }

    /// Marks the node's layout stale: its caches and its ancestors' are dropped (a child's size
    /// may change theirs) and the next `layoutIfNeeded` (every frame of the main loop) lays out
    /// again. A cell tells its container, which measures it again.
    public func setNeedsLayout() {
        var node: DisplayNode? = self
        while let current = node {
            current.invalidateCalculatedLayout()
            current.needsLayout = true
            if current.supernode == nil || current.isRangeManaged, let cell = current as? CellNode {
                cell.container?.cellNeedsMeasurement(cell)
                break
            }
            node = current.supernode
        }
        noteChange()
    }

    /// A property of the node's style changed (`node.style.width = ...`): the layout is stale,
    /// as in Texture, so this is `setNeedsLayout` (caches up the tree dropped, a relayout on the
    /// next frame, a change the main loop signals). A change made while the node's tree is
    /// computing a layout (a spec block sizing its subnodes, an inspector's edit hook) is part
    /// of that computation: only the caches on the way up are dropped, so the pass uses the new
    /// value without marking the tree stale again, and a block that sets the same values on
    /// every pass (which change nothing) cannot make the tree lay out forever.
    public final func styleDidChange(_ style: LayoutElementStyle) {
        guard isInLayoutCalculation else {
            setNeedsLayout()
            return
        }
        var node: DisplayNode? = self
        while let current = node {
            current.invalidateCalculatedLayout()
            if current.isRangeManaged { break }
            node = current.supernode
        }
    }

    /// Whether this node or an ancestor (up to its cell, if any) is computing its layout now.
    private var isInLayoutCalculation: Bool {
        var node: DisplayNode? = self
        while let current = node {
            if current.isCalculatingLayout { return true }
            if current.isRangeManaged { return false }
            node = current.supernode
        }
        return false
    }

    /// Lays out the topmost ancestor that needs it (for its current bounds) and applies the
    /// frames down the tree; subtrees the layout does not place are laid out for their own bounds.
    public func layoutIfNeeded() {
        var top: DisplayNode = self
        var node = self
        while !node.isRangeManaged, let parent = node.supernode {
            if parent.needsLayout { top = parent }
            node = parent
        }
        top.layoutSubtreeIfNeeded()
    }

    /// Lays out this node if it needs it, else the nodes below that do (`mayNeedLayoutBelow`
    /// leads to them).
    func layoutSubtreeIfNeeded() {
        if needsLayout {
            let range = SizeRange(exactly: frame.size)
            apply(layoutThatFits(range, parentSize: frame.size, context: layoutContext), constrainedSize: range)
        } else if mayNeedLayoutBelow {
            mayNeedLayoutBelow = false
            for subnode in subnodes { subnode.layoutSubtreeIfNeeded() }
        }
    }

    /// Marks this node and its ancestors: a node below them needs layout. The walk stops at a
    /// node already marked: its ancestors are, or a layout pass going through them has yet to
    /// reach it.
    func markMayNeedLayoutBelow() {
        var node: DisplayNode? = self
        while let current = node, !current.mayNeedLayoutBelow {
            current.mayNeedLayoutBelow = true
            node = current.supernode
        }
    }

    /// Makes `layout` (this node's, at its current size) current: subnodes get the frames of the
    /// flattened layout and, recursively, their own layouts; with `automaticallyManagesSubnodes`
    /// the subnodes become exactly the layout's nodes, in the layout's order.
    func apply(_ layout: Layout, constrainedSize: SizeRange) {
        ownCalculatedLayout = OwnLayout(layout)
        constrainedSizeForCalculatedLayout = constrainedSize
        needsLayout = false
        // Every subnode is laid out below (placed ones with their part of the layout, the others
        // for their own bounds); one marked meanwhile marks this node again.
        mayNeedLayoutBelow = false
        let placed = layout.flattenedToNodes(context: layoutContext).sublayouts
        if automaticallyManagesSubnodes {
            manageSubnodes(following: placed.compactMap { $0.element as? DisplayNode })
        }
        var placedNodes = Set<ObjectIdentifier>()
        for nodeLayout in placed {
            guard let node = nodeLayout.element as? DisplayNode else { continue }
            guard node.supernode === self else {
                NodeDiagnostics.warn(
                    id,
                    "the layout spec places \(node.id) (\(node.textureClassName)), which is not a subnode; add it or set automaticallyManagesSubnodes"
                )
                continue
            }
            placedNodes.insert(ObjectIdentifier(node))
            if !nodeLayout.hasFinitePosition {
                NodeDiagnostics.warn(
                    node.id,
                    "the layout spec of \(id) places it at \(nodeLayout.position), which is not finite (an infinite inset in an unbounded range?): its origin is 0 on that axis, as Texture's -[ASLayout frame] gives"
                )
            }
            node.frame = nodeLayout.frame
            let own = Layout(element: node, exactSize: nodeLayout.size, sublayouts: nodeLayout.sublayouts)
            // The range this layout was computed for (the parent's layout records it), not the
            // node's last request: a cached parent layout may be applied after the node was
            // measured for another range.
            node.apply(own, constrainedSize: nodeLayout.constrainedSize)
        }
        for subnode in subnodes where !placedNodes.contains(ObjectIdentifier(subnode)) {
            subnode.layoutSubtreeIfNeeded()
        }
        didApplyLayout()
        noteChange()
    }

    /// Adds the spec's nodes that are not subnodes yet and removes the subnodes the spec no
    /// longer has, in the spec's order, without invalidating the layout being applied.
    private func manageSubnodes(following nodes: [DisplayNode]) {
        let wanted = Set(nodes.map(ObjectIdentifier.init))
        for subnode in subnodes where !wanted.contains(ObjectIdentifier(subnode)) {
            detach(subnode)
        }
        for (index, node) in nodes.enumerated() where index >= subnodes.count || subnodes[index] !== node {
            attach(node, at: index)
        }
    }
}
