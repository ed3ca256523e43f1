/// The result of laying out one element (Texture's ASLayout): the element, its size, its
/// position inside its parent layout, the size range it was laid out in, and the layouts of its
/// children. The tree keeps every level, specs included; `flattenedFrames` and
/// `flattenedToNodes` turn it into node frames.
public struct Layout {
    /// Sizes at or above this (in points) are invalid; such a layout gets size 0x0.
    public static let maxDimension: Double = 1e7

    /// The element this layout belongs to.
    public let element: any LayoutElement
    /// The element's size, on the pixel grid of the scale it was computed with.
    public var size: Size
    /// The origin inside the parent layout. Parents set it after the child is laid out;
    /// it is not rounded (some specs round their own offsets).
    public var position: Point
    /// The children's layouts, in the order the spec arranged them.
    public var sublayouts: [Layout]
    /// The range the element was asked to fit: the `constrainedSize` its parent passed to
    /// `layoutThatFits` (before the element's own style size narrowed it), as AsyncDisplayKit's
    /// ASLayout kept it in `constrainedSizeRange`. The `layoutThatFits` implementations set it
    /// (`recording(constrainedSize:)`); a layout made any other way (a stack's placeholder, a
    /// decoded one) has `.unconstrained`. A value inside the layout, so recording it costs no
    /// allocation.
    public var constrainedSize: SizeRange = .unconstrained

    /// A new layout whose size is rounded up to the pixel grid of `context.scale`
    /// (ceil((v - FLT_EPSILON) x scale) / scale per axis); an invalid size (NaN, infinite,
    /// negative, or >= 1e7 on either axis) becomes 0x0, as Texture's ASLayout does.
    @inlinable
    public init(
        element: any LayoutElement, size: Size, position: Point = .zero,
        sublayouts: [Layout] = [], context: LayoutContext
    ) {
        self.element = element
        if size.isValidForLayout {
            self.size = Size(width: context.ceilPixel(size.width), height: context.ceilPixel(size.height))
        } else {
            self.size = .zero
        }
        self.position = position
        self.sublayouts = sublayouts
    }

    /// A layout taken as it is, without rounding (for copies and for decoding stored layouts).
    public init(
        element: any LayoutElement, exactSize size: Size, position: Point = .zero,
        sublayouts: [Layout] = []
    ) {
        self.element = element
        self.size = size
        self.position = position
        self.sublayouts = sublayouts
    }

    /// The frame inside the parent layout, as Texture's `-[ASLayout frame]` gives it: a
    /// position that is not finite (an infinite inset in an unbounded range) counts 0 on that
    /// axis (Texture asserts in debug builds; `hasFinitePosition` tells callers to warn).
    public var frame: Rect {
        Rect(origin: Point(x: position.x.isFinite ? position.x : 0, y: position.y.isFinite ? position.y : 0), size: size)
    }

    /// Whether both coordinates of `position` are finite (`frame` replaces the others by 0).
    public var hasFinitePosition: Bool { position.x.isFinite && position.y.isFinite }

    /// This layout with `constrainedSize` set: what `layoutThatFits` returns.
    @inlinable
    public func recording(constrainedSize range: SizeRange) -> Layout {
        var layout = self
        layout.constrainedSize = range
        return layout
    }
}
