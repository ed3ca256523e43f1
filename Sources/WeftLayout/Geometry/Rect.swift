/// An origin and a size (Texture's CGRect). Sizes are expected non-negative.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// A rectangle at `origin` of `size`.
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from its four numbers, as CGRectMake takes them.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The size's width.
    public var width: Double { size.width }
    /// The size's height.
    public var height: Double { size.height }
    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }

    /// The smallest rectangle containing both (CGRectUnion for non-null rectangles).
    public func union(_ other: Rect) -> Rect {
        let x = Swift.min(minX, other.minX)
        let y = Swift.min(minY, other.minY)
        return Rect(
            x: x, y: y,
            width: Swift.max(maxX, other.maxX) - x,
            height: Swift.max(maxY, other.maxY) - y)
    }

    /// The overlap of both, or nil when they do not overlap (touching edges count as no overlap
    /// only when the shared area is empty in both axes, like CGRectIntersection's null rect).
    public func intersection(_ other: Rect) -> Rect? {
        let x = Swift.max(minX, other.minX)
        let y = Swift.max(minY, other.minY)
        let right = Swift.min(maxX, other.maxX)
        let bottom = Swift.min(maxY, other.maxY)
        guard right >= x, bottom >= y else { return nil }
        return Rect(x: x, y: y, width: right - x, height: bottom - y)
    }

    /// True when `point` lies inside (the maximum edges excluded), as CGRectContainsPoint.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The rectangle shrunk by `insets` (negative insets grow it), as UIEdgeInsetsInsetRect.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: origin.x + insets.left, y: origin.y + insets.top,
            width: size.width - insets.left - insets.right,
            height: size.height - insets.top - insets.bottom)
    }

    /// `{{x, y}, {w, h}}`, as NSStringFromCGRect prints.
    public var description: String { "{\(origin), \(size)}" }
}
