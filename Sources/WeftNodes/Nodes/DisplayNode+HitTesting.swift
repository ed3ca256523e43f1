import WeftLayout

/// Hit testing with slop (docs/texture-semantics.md section 5): a node's hit area is its bounds inset
/// by `hitTestSlop`, and `hitTest` descends only into nodes whose hit area holds the point, so a
/// child is reachable only inside its parent's bounds plus the parent's slop.
extension DisplayNode {
    /// The node's hit area in its own coordinates: bounds inset by the slop.
    public var hitTestRect: Rect { bounds.inset(by: hitTestSlop) }

    /// Whether `point` (in the node's coordinates) lies in its bounds inset by its slop.
    public func point(inside point: Point) -> Bool {
        hitTestRect.contains(point)
    }

    /// The deepest node that takes a touch at `point` (in this node's coordinates): hidden,
    /// transparent (alpha < 0.01) and non-interactive nodes and disabled controls take none;
    /// later subnodes are on top.
    public func hitTest(_ point: Point) -> DisplayNode? {
        guard acceptsTouches, self.point(inside: point) else { return nil }
        for subnode in subnodes.reversed() {
            if let hit = subnode.hitTest(convert(point, to: subnode)) { return hit }
        }
        return self
    }

    /// The path from this node to the node `hitTest` finds (inclusive), empty when none.
    public func hitTestPath(_ point: Point) -> [DisplayNode] {
        guard let target = hitTest(point) else { return [] }
        var path: [DisplayNode] = [target]
        var node = target
        while node !== self, let parent = node.supernode {
            path.insert(parent, at: 0)
            node = parent
        }
        return path
    }

    /// Converts a point in this node's coordinates into a subnode's.
    public func convert(_ point: Point, to subnode: DisplayNode) -> Point {
        Point(x: point.x - subnode.frame.minX + subnode.boundsOrigin.x, y: point.y - subnode.frame.minY + subnode.boundsOrigin.y)
    }

    /// Converts a rect in this node's coordinates into its supernode's.
    public func convertToSupernode(_ rect: Rect) -> Rect {
        Rect(
            x: rect.minX + frame.minX - boundsOrigin.x, y: rect.minY + frame.minY - boundsOrigin.y,
            width: rect.size.width, height: rect.size.height)
    }

    /// The node's frame in the coordinates of `ancestor` (its root by default).
    public func frame(in ancestor: DisplayNode? = nil) -> Rect {
        let target = ancestor ?? rootNode
        var rect = frame
        var node = supernode
        while let current = node, current !== target {
            rect = current.convertToSupernode(rect)
            node = current.supernode
        }
        return rect
    }
}
