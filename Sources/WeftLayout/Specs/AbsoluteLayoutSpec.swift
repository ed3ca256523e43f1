/// How an absolute spec sizes itself (ASAbsoluteLayoutSpecSizing).
public enum AbsoluteLayoutSpecSizing: UInt8, Sendable, CaseIterable {
    /// The range's max where valid, else fit the children.
    case `default`
    /// Always fit the children.
    case sizeToFit
}

/// Places each child at its style's `layoutPosition` (Texture's ASAbsoluteLayoutSpec).
public final class AbsoluteLayoutSpec: LayoutSpec {
    public var sizing: AbsoluteLayoutSpecSizing

    public init(sizing: AbsoluteLayoutSpecSizing = .default, children: [any LayoutElement]) {
        self.sizing = sizing
        super.init(children: children)
    }

    public override var textureClassName: String { LayoutSpecType.absolute.textureClassName }

    /// Each child: its style size resolved against the auto range {{0, 0}, max - position};
    /// then placed at its position. Per axis the spec is the range's max when valid and not
    /// sizeToFit, else max(min, the children's far edges); clamped.
    public override func calculateLayoutThatFits(_ constrainedSize: SizeRange, context: LayoutContext) -> Layout {
        let max = constrainedSize.max
        var size = Size(width: Size.isValidDimension(max.width) ? max.width : .nan,
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
        return Layout(element: self, size: constrainedSize.clamp(size), sublayouts: sublayouts, context: context)
    }
}
