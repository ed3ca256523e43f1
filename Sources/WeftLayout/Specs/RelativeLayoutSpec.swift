/// Where a relative spec puts its child on one axis (ASRelativeLayoutSpecPosition).
public enum RelativeLayoutSpecPosition: UInt8, Sendable, CaseIterable {
    /// Not positioned on this axis: the child is laid out with the spec's min too.
    case none
    /// At the start of the axis.
    case start
    /// In the middle of the axis.
    case center
    /// At the end of the axis.
    case end

    /// The share of the free space before the child: 0, 0, 0.5, 1.
    var proportion: Double {
        switch self {
        case .none, .start: return 0
        case .center: return 0.5
        case .end: return 1
        }
    }
}

/// Whether a relative spec shrinks to its child on an axis (ASRelativeLayoutSpecSizingOption).
public struct RelativeLayoutSpecSizingOption: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: UInt8
    /// Options of these bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shrink the spec's width to the child's.
    public static let minimumWidth = RelativeLayoutSpecSizingOption(rawValue: 1)
    /// Shrink the spec's height to the child's.
    public static let minimumHeight = RelativeLayoutSpecSizingOption(rawValue: 2)
    /// Shrink both to the child's size.
    public static let minimumSize: RelativeLayoutSpecSizingOption = [.minimumWidth, .minimumHeight]
}

/// Places its child at the start, center or end of each axis of its own size
/// (Texture's ASRelativeLayoutSpec). Its size is the range's max on axes where that is a valid
/// number, the child's size elsewhere (or with a minimum sizing option), clamped.
public class RelativeLayoutSpec: LayoutSpec {
    /// Where the child sits horizontally.
    public var horizontalPosition: RelativeLayoutSpecPosition
    /// Where the child sits vertically.
    public var verticalPosition: RelativeLayoutSpecPosition
    /// The axes on which the spec takes the child's size instead of the range's max.
    public var sizingOption: RelativeLayoutSpecSizingOption

    /// A spec placing `child` at these positions, shrinking on `sizingOption`.
    public init(
        horizontalPosition: RelativeLayoutSpecPosition, verticalPosition: RelativeLayoutSpecPosition,
        sizingOption: RelativeLayoutSpecSizingOption = [], child: any LayoutElement
    ) {
        self.horizontalPosition = horizontalPosition
        self.verticalPosition = verticalPosition
        self.sizingOption = sizingOption
        super.init(children: [child])
    }

    /// `ASRelativeLayoutSpec`.
    public override var textureClassName: String { LayoutSpecType.relative.textureClassName }

    /// The child gets [0 on positioned axes (else the spec's min), the spec's max] with the
    /// spec's size as parent size; its origin is round((size - child) x proportion).
    public override func calculateLayoutThatFits(_ constrainedSize: SizeRange, context: LayoutContext) -> Layout {
        guard let child else { return super.calculateLayoutThatFits(constrainedSize, context: context) }
        let max = constrainedSize.max
        var size = Size(
            width: Size.isValidDimension(max.width) ? max.width : .nan,
            height: Size.isValidDimension(max.height) ? max.height : .nan)
        let childMin = Size(
            width: horizontalPosition != .none ? 0 : constrainedSize.min.width,
            height: verticalPosition != .none ? 0 : constrainedSize.min.height)
        var sublayout = child.layoutThatFits(SizeRange(min: childMin, max: max), parentSize: size, context: context)
        let childSize = sublayout.size
        context.trace?.noteChild(
            "relative.childRange", child: 0,
            [.init("minWidth", childMin.width), .init("minHeight", childMin.height)],
            "the child gets the spec's max with a minimum of 0 on each positioned axis ("
                + traceRange(SizeRange(min: childMin, max: max)) + ") -> " + traceSize(childSize))

        // Undefined axes take the child's size.
        size = constrainedSize.clamp(
            Size(
                width: size.width.isFinite ? size.width : childSize.width,
                height: size.height.isFinite ? size.height : childSize.height))
        // Minimum sizing shrinks towards the child.
        size = constrainedSize.clamp(
            Size(
                width: foundationMin(size.width, sizingOption.contains(.minimumWidth) ? childSize.width : size.width),
                height: foundationMin(size.height, sizingOption.contains(.minimumHeight) ? childSize.height : size.height)))

        sublayout.position = Point(
            x: context.roundPixel((size.width - childSize.width) * horizontalPosition.proportion),
            y: context.roundPixel((size.height - childSize.height) * verticalPosition.proportion))
        if let trace = context.trace {
            trace.computed(size)
            let minimum = sizingOption.isEmpty ? "" : " (minimum sizing shrinks it toward the child)"
            trace.note(
                "relative.size", [.init("width", size.width), .init("height", size.height)],
                "it takes its range's max where bounded, else the child's size" + minimum + ": " + traceSize(size))
            trace.note(
                "relative.position", child: 0,
                [
                    .init("x", sublayout.position.x), .init("y", sublayout.position.y),
                    .init("freeWidth", size.width - childSize.width), .init("freeHeight", size.height - childSize.height),
                ],
                "the child sits at (" + traceNumber(sublayout.position.x) + ", " + traceNumber(sublayout.position.y)
                    + "): horizontal position \(horizontalPosition) of " + traceNumber(size.width - childSize.width)
                    + " free, vertical position \(verticalPosition) of " + traceNumber(size.height - childSize.height)
                    + " free, rounded to the pixel grid")
        }
        return Layout(element: self, size: size, sublayouts: [sublayout], context: context)
    }
}
