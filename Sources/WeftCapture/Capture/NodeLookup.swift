import WeftLayout
import WeftNodes

/// Finding the nodes commands name, in the inspected trees (the roots and everything below them,
/// a container's visible cells included).
enum NodeLookup {
    static func node(withId id: String, in roots: [DisplayNode]) -> DisplayNode? {
        for root in roots {
            if let found = find(id, under: root) { return found }
        }
        return nil
    }

    private static func find(_ id: String, under node: DisplayNode) -> DisplayNode? {
        if node.id == id { return node }
        for subnode in node.subnodes {
            if let found = find(id, under: subnode) { return found }
        }
        return nil
    }

    /// The frame a node's element has in a snapshot: the unflattened layout's when its
    /// supernode's layout placed it, else its frame moved by the supernode's bounds origin.
    static func frameInParentElement(of node: DisplayNode) -> WeftLayout.Rect {
        guard let parent = node.supernode else { return node.frame }
        if let layout = parent.calculatedLayout, let placed = position(of: node, in: layout.sublayouts) {
            return placed
        }
        let origin = parent.boundsOrigin
        return WeftLayout.Rect(
            x: node.frame.minX - origin.x, y: node.frame.minY - origin.y,
            width: node.frame.width, height: node.frame.height)
    }

    private static func position(of node: DisplayNode, in layouts: [Layout]) -> WeftLayout.Rect? {
        for layout in layouts {
            if layout.element === node { return layout.frame }
            if layout.element.layoutElementType == .layoutSpec,
                let found = position(of: node, in: layout.sublayouts)
            {
                return found
            }
        }
        return nil
    }
}
