/// The corner of the child a corner spec pins its corner element to (ASCornerLayoutLocation).
public enum CornerLayoutLocation: UInt8, Sendable, CaseIterable {
    /// The child's top-left corner.
    case topLeft
    /// The child's top-right corner.
    case topRight
    /// The child's bottom-left corner.
    case bottomLeft
    /// The child's bottom-right corner.
    case bottomRight
}

/// Pins a `corner` element (a badge) centred on a corner of its child (Texture's
/// ASCornerLayoutSpec).
public final class CornerLayoutSpec: LayoutSpec {
    /// The corner of the child the corner element is centred on.
    public var location: CornerLayoutLocation
    /// Moves the corner element from the exact corner.
    public var offset: Point
    /// When true the spec grows to include the corner element; when false (the default) it
    /// has the child's size and the corner element may stick out (a negative position).
    public var wrapsCorner: Bool

    /// A spec pinning `corner` to `location` of `child`, moved by `offset`.
    public init(
        child: any LayoutElement, corner: any LayoutElement, location: CornerLayoutLocation,
        offset: Point = .zero, wrapsCorner: Bool = false
    ) {
        self.location = location
        self.offset = offset
        self.wrapsCorner = wrapsCorner
        super.init(children: [child, corner])
    }

    /// The pinned element.
    public var corner: (any LayoutElement)? { children.count > 1 ? children[1] : nil }

    /// `ASCornerLayoutSpec`.
    public override var textureClassName: String { LayoutSpecType.corner.textureClassName }

    /// Both elements get the spec's range (parent size: the max where valid). The corner
    /// element's centre sits on the chosen corner of the child's frame, plus `offset`.
    public override func calculateLayoutThatFits(_ constrainedSize: SizeRange, context: LayoutContext) -> Layout {
        guard let child, let corner else { return super.calculateLayoutThatFits(constrainedSize, context: context) }
        let max = constrainedSize.max
        let parentSize = Size(
            width: Size.isValidDimension(max.width) ? max.width : .nan,
            height: Size.isValidDimension(max.height) ? max.height : .nan)
        var childLayout = child.layoutThatFits(constrainedSize, parentSize: parentSize, context: context)
        var cornerLayout = corner.layoutThatFits(constrainedSize, parentSize: parentSize, context: context)

        var childFrame = Rect(origin: .zero, size: childLayout.size)
        let cornerSize = cornerLayout.size
        let base = childFrame
        var cornerOrigin: Point
        switch location {
        case .topLeft:
            cornerOrigin = Point(x: base.minX - cornerSize.width / 2, y: base.minY - cornerSize.height / 2)
        case .topRight:
            cornerOrigin = Point(x: base.maxX - cornerSize.width / 2, y: base.minY - cornerSize.height / 2)
        case .bottomLeft:
            cornerOrigin = Point(x: base.minX - cornerSize.width / 2, y: base.maxY - cornerSize.height / 2)
        case .bottomRight:
            cornerOrigin = Point(x: base.maxX - cornerSize.width / 2, y: base.maxY - cornerSize.height / 2)
        }
        cornerOrigin = cornerOrigin + offset
        var cornerFrame = Rect(origin: cornerOrigin, size: cornerSize)

        var frame = childFrame
        if wrapsCorner {
            frame = childFrame.union(cornerFrame)
            frame.size = constrainedSize.clamp(frame.size)
        }
        // Shift both so the spec's frame starts at (0, 0).
        childFrame.origin = childFrame.origin - frame.origin
        cornerFrame.origin = cornerFrame.origin - frame.origin

        childLayout.position = childFrame.origin
        cornerLayout.position = cornerFrame.origin
        if let trace = context.trace {
            trace.computed(frame.size)
            trace.note(
                "corner.child", child: 0, [.init("x", childFrame.minX), .init("y", childFrame.minY)],
                "the child is laid out in the spec's range -> " + traceSize(childLayout.size))
            trace.note(
                "corner.corner", child: 1,
                [
                    .init("x", cornerFrame.minX), .init("y", cornerFrame.minY), .init("offsetX", offset.x),
                    .init("offsetY", offset.y),
                ],
                "the corner element is centred on the child's \(location) corner, moved by the offset ("
                    + traceNumber(offset.x) + ", " + traceNumber(offset.y) + ")")
            trace.note(
                "corner.size", [.init("width", frame.width), .init("height", frame.height)],
                wrapsCorner
                    ? "wrapsCorner: the spec encloses child and corner, in its range: " + traceSize(frame.size)
                    : "the spec is the child's size, " + traceSize(frame.size) + " (the corner may stick out)")
        }
        return Layout(element: self, size: frame.size, sublayouts: [childLayout, cornerLayout], context: context)
    }
}
