/// Finding every range controller a program runs. A container's cells that are in one of its
/// ranges but not on screen (a pager's preloaded neighbour pages) have no supernode, so
/// containers nested in them (a table on such a page) are not reached through `subnodes`: only
/// through the cells of the container that owns them.
extension DisplayNode {
    /// Appends the containers of this node's tree to `result`, parents first: a container, then
    /// the containers in its off-screen cells (`appendContainersInOffscreenCells`), then those
    /// of its subnodes in order (its cells on screen among them). Subtrees without a container
    /// are skipped without a visit (`containerCountInSubtree`).
    public func appendContainers(to result: inout [ContainerNode]) {
        appendContainers(to: &result, includingOffscreenCells: true)
    }

    /// `appendContainers`, or without the off-screen cells' containers: only those reachable
    /// through `subnodes` (`MainLoop.containers`, the ones on screen).
    func appendContainers(to result: inout [ContainerNode], includingOffscreenCells: Bool) {
        guard containerCountInSubtree > 0 else { return }
        if let container = self as? ContainerNode {
            result.append(container)
            if includingOffscreenCells { container.appendContainersInOffscreenCells(to: &result) }
        }
        for subnode in subnodes { subnode.appendContainers(to: &result, includingOffscreenCells: includingOffscreenCells) }
    }
}

extension ContainerNode {
    /// Appends the containers in the trees of the cells that are in a range (preload, display or
    /// visible) but have no supernode, in item order, each tree as `appendContainers` lists it.
    /// Cells on screen are subnodes and are left to the walk through `subnodes`, so no
    /// container is listed twice. Usually no cell holds a container (a feed's rows): that is
    /// one look at a count (`containerCountInCells`); otherwise the cells in a range are looked
    /// at one by one before anything is sorted or allocated.
    public func appendContainersInOffscreenCells(to result: inout [ContainerNode]) {
        guard containerCountInCells > 0 else { return }
        let controller = rangeController
        let (preload, display, visible) = (controller.preloadIndices, controller.displayIndices, controller.visibleIndices)
        let cells = self.cells
        guard
            Self.anyHoldsOffscreenContainer(preload, in: cells) || Self.anyHoldsOffscreenContainer(display, in: cells)
                || Self.anyHoldsOffscreenContainer(visible, in: cells)
        else { return }
        var indexes = preload + display + visible
        indexes.sort()
        var previous: Int?
        for index in indexes where index != previous {
            previous = index
            if Self.holdsOffscreenContainer(item: index, in: cells) { cells[index].appendContainers(to: &result) }
        }
    }

    /// Whether one of the items `indexes` has a cell off the tree whose subtree holds a container.
    private static func anyHoldsOffscreenContainer(_ indexes: [Int], in cells: [CellNode]) -> Bool {
        for index in indexes where holdsOffscreenContainer(item: index, in: cells) { return true }
        return false
    }

    /// Whether item `index` has a cell off the tree whose subtree holds a container. The count
    /// is read first: it is a plain integer, while `supernode` is a weak reference (an atomic
    /// load), and streamed captures ask this for every preloaded cell of every container.
    @inline(__always)
    private static func holdsOffscreenContainer(item index: Int, in cells: [CellNode]) -> Bool {
        cells.indices.contains(index) && cells[index].containerCountInSubtree > 0 && cells[index].supernode == nil
    }
}
