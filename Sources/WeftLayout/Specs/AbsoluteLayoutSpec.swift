/// How an absolute spec sizes itself (ASAbsoluteLayoutSpecSizing).
public enum AbsoluteLayoutSpecSizing: UInt8, Sendable, CaseIterable {
    /// The range's max where valid, else fit the children.
    case `default`
    /// Always fit the children.
    case sizeToFit
}

/// Places each child at its style's `layoutPosition` (Texture's ASAbsoluteLayoutSpec).
public final class AbsoluteLayoutSpec: LayoutSpec {
    /// How the spec's own size is chosen: the range's max (`.default`) or the children's far edges (`.sizeToFit`).
    public var sizing: AbsoluteLayoutSpecSizing

    /// A spec placing `children` at their `style.layoutPosition`.
    public init(sizing: AbsoluteLayoutSpecSizing = .default, children: [any LayoutElement]) {
        self.sizing = sizing
        super.init(children: children)
    }

    /// `ASAbsoluteLayoutSpec`.
    public override var textureClassName: String { LayoutSpecType.absolute.textureClassName }

    /// Each child: its style size resolved against the auto range {{0, 0}, max - position};
    /// then placed at its position. Per axis the spec is the range's max when valid and not
    /// sizeToFit, else max(min, the children's far edges); clamped.
    public override func calculateLayoutThatFits(_ constrainedSize: SizeRange, context: LayoutContext) -> Layout {
        let max = constrainedSize.max
        var size = Size(
            width: Size.isValidDimension(max.width) ? max.width : .nan,
            height: Size.isValidDimension(max.height) ? max.height : .nan)
        let parentSize = size
        var sublayouts: [Layout] = []
        sublayouts.reserveCapacity(children.count)
        for child in children {
            let position = child.style.layoutPosition
            let autoRange = SizeRange(min: .zero, max: Size(width: max.width - position.x, height: max.height - position.y))
            let childRange = child.style.size.resolve(parentSize: parentSize, autoRange: autoRange)
            var sublayout = child.layoutThatFits(childRange, parentSize: parentSize, context: context)
            sublayout.position = position
            context.trace?.noteChild(
                "absolute.child", child: sublayouts.count,
                [.init("x", position.x), .init("y", position.y)],
                "at its layoutPosition (" + traceNumber(position.x) + ", " + traceNumber(position.y)
                    + "), its own style size resolved with auto = up to the spec's max minus the position: "
                    + traceRange(childRange) + " -> " + traceSize(sublayout.size))
            sublayouts.append(sublayout)
        }
        if sizing == .sizeToFit || size.width.isNaN {
            size.width = constrainedSize.min.width
            for sublayout in sublayouts { size.width = foundationMax(size.width, sublayout.position.x + sublayout.size.width) }
        }
        if sizing == .sizeToFit || size.height.isNaN {
            size.height = constrainedSize.min.height
            for sublayout in sublayouts { size.height = foundationMax(size.height, sublayout.position.y + sublayout.size.height) }
        }
        if let trace = context.trace {
            trace.computed(constrainedSize.clamp(size))
            trace.note(
                "absolute.size", [.init("width", size.width), .init("height", size.height)],
                (sizing == .sizeToFit
                    ? "sizeToFit: it encloses its children: " : "its range's max where bounded, else it encloses its children: ")
                    + traceSize(size) + ", in its range: " + traceSize(constrainedSize.clamp(size)))
        }
        return Layout(element: self, size: constrainedSize.clamp(size), sublayouts: sublayouts, context: context)
    }
}
