/// Finding every range controller a program runs. A container's cells that are in one of its
/// ranges but not on screen (a pager's preloaded neighbour pages) have no supernode, so
/// containers nested in them (a table on such a page) are not reached through `subnodes`: only
/// through the cells of the container that owns them.
extension DisplayNode {
    /// Appends the containers of this node's tree to `result`, parents first: a container, then
    /// the containers in its off-screen cells (`appendContainersInOffscreenCells`), then those
    /// of its subnodes in order (its cells on screen among them).
    public func appendContainers(to result: inout [ContainerNode]) {
        if let container = self as? ContainerNode {
            result.append(container)
            container.appendContainersInOffscreenCells(to: &result)
        }
        for subnode in subnodes { subnode.appendContainers(to: &result) }
    }
}

extension ContainerNode {
    /// Appends the containers in the trees of the cells that are in a range (preload, display or
    /// visible) but have no supernode, in item order, each tree as `appendContainers` lists it.
    /// Cells on screen are subnodes and are left to the walk through `subnodes`, so no
    /// container is listed twice.
    public func appendContainersInOffscreenCells(to result: inout [ContainerNode]) {
        let controller = rangeController
        var indexes = controller.preloadIndices + controller.displayIndices + controller.visibleIndices
        guard !indexes.isEmpty else { return }
        indexes.sort()
        var previous: Int?
        for index in indexes where index != previous {
            previous = index
            if let cell = cellForItem(at: index), cell.supernode == nil { cell.appendContainers(to: &result) }
        }
    }
}
