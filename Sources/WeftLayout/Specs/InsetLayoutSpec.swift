/// Lays its child out inside the spec's range shrunk by `insets` and places it at the insets
/// (Texture's ASInsetLayoutSpec). An infinite inset lets the child keep its own size on that
/// axis: infinite left right-aligns it, infinite top bottom-aligns it, both infinite centre it.
/// Ignores its own style size, as Texture's does.
public final class InsetLayoutSpec: StyleSizeIgnoringLayoutSpec {
    /// The space around the child, in points; an infinite inset pins the child to the opposite edge.
    public var insets: EdgeInsets

    /// A spec insetting `child` by `insets`.
    public init(insets: EdgeInsets, child: any LayoutElement) {
        self.insets = insets
        super.init(children: [child])
    }

    /// `ASInsetLayoutSpec`.
    public override var textureClassName: String { LayoutSpecType.inset.textureClassName }

    /// Infinite insets count 0 in the sums. The child's min is 0 on an axis with an infinite
    /// inset, else max(0, min - insets); its max is max(0, max - insets). The spec's size is
    /// child + insets (the range's max when that is infinite), clamped.
    override func layout(_ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        guard let child else { return Layout(element: self, size: .zero, context: context) }
        let insetsX = finiteOrZero(insets.left) + finiteOrZero(insets.right)
        let insetsY = finiteOrZero(insets.top) + finiteOrZero(insets.bottom)
        let minWidth = insets.left.isInfinite || insets.right.isInfinite ? 0 : constrainedSize.min.width
        let minHeight = insets.top.isInfinite || insets.bottom.isInfinite ? 0 : constrainedSize.min.height
        let childRange = SizeRange(
            min: Size(width: foundationMax(0, minWidth - insetsX), height: foundationMax(0, minHeight - insetsY)),
            max: Size(
                width: foundationMax(0, constrainedSize.max.width - insetsX),
                height: foundationMax(0, constrainedSize.max.height - insetsY)))
        let childParentSize = Size(
            width: foundationMax(0, parentSize.width - insetsX),
            height: foundationMax(0, parentSize.height - insetsY))
        var sublayout = child.layoutThatFits(childRange, parentSize: childParentSize, context: context)
        if let trace = context.trace {
            noteChildRange(trace, childRange, constrainedSize, minWidth: minWidth, minHeight: minHeight, child: sublayout.size)
        }

        let childSize = sublayout.size
        let size = constrainedSize.clamp(
            Size(
                width: finite(childSize.width + insets.left + insets.right, or: constrainedSize.max.width),
                height: finite(childSize.height + insets.top + insets.bottom, or: constrainedSize.max.height)))
        sublayout.position = Point(
            x: offset(
                leading: insets.left, trailing: insets.right, max: constrainedSize.max.width,
                child: childSize.width, context: context),
            y: offset(
                leading: insets.top, trailing: insets.bottom, max: constrainedSize.max.height,
                child: childSize.height, context: context))
        if let trace = context.trace { noteSizeAndPosition(trace, size: size, position: sublayout.position) }
        return Layout(element: self, size: size, sublayouts: [sublayout], context: context)
    }

    /// The leading inset when finite; otherwise from the far edge: max - (trailing inset, or
    /// the centring inset round((max - child) / 2) when that is infinite too) - child.
    private func offset(
        leading: Double, trailing: Double, max: Double, child: Double,
        context: LayoutContext
    ) -> Double {
        if leading.isFinite { return leading }
        let trailingInset = trailing.isFinite ? trailing : context.roundPixel((max - child) / 2)
        return max - (trailingInset + child)
    }

    /// The explanation of the child's range (traced passes only; kept out of the layout path).
    @inline(never)
    private func noteChildRange(
        _ trace: LayoutTrace, _ childRange: SizeRange, _ constrainedSize: SizeRange,
        minWidth: Double, minHeight: Double, child: Size
    ) {
        let insetsX = finiteOrZero(insets.left) + finiteOrZero(insets.right)
        let insetsY = finiteOrZero(insets.top) + finiteOrZero(insets.bottom)
        var sentence =
            "insets [top " + traceNumber(insets.top) + ", left " + traceNumber(insets.left) + ", bottom "
            + traceNumber(insets.bottom) + ", right " + traceNumber(insets.right) + "] take " + traceNumber(insetsX)
            + " across and " + traceNumber(insetsY) + " down from its range: the child gets " + traceRange(childRange)
        if minWidth != constrainedSize.min.width || minHeight != constrainedSize.min.height {
            sentence += " (an infinite inset centres the child on that axis, so its minimum there is 0)"
        }
        trace.noteChild(
            "inset.childRange", child: 0,
            [
                .init("insetsX", insetsX), .init("insetsY", insetsY), .init("minWidth", childRange.min.width),
                .init("minHeight", childRange.min.height), .init("maxWidth", childRange.max.width),
                .init("maxHeight", childRange.max.height),
            ], sentence + " -> " + traceSize(child))
    }

    @inline(never)
    private func noteSizeAndPosition(_ trace: LayoutTrace, size: Size, position: Point) {
        trace.computed(size)
        trace.note(
            "inset.size", [.init("width", size.width), .init("height", size.height)],
            "its size is the child's plus the insets"
                + (insets.left.isFinite && insets.right.isFinite && insets.top.isFinite && insets.bottom.isFinite
                    ? "" : " (with an infinite inset, the range's max)")
                + ", in its range: " + traceSize(size))
        let centred = !insets.left.isFinite || !insets.top.isFinite
        trace.note(
            "inset.position", child: 0, [.init("x", position.x), .init("y", position.y)],
            "the child sits at (" + traceNumber(position.x) + ", " + traceNumber(position.y)
                + ")"
                + (centred
                    ? ": an infinite leading inset places it from the trailing side, centred when both are infinite (rounded to the pixel grid)"
                    : ": the top and left insets"))
    }

    private func finite(_ value: Double, or substitute: Double) -> Double {
        value.isInfinite ? substitute : value
    }

    private func finiteOrZero(_ value: Double) -> Double { finite(value, or: 0) }
}
