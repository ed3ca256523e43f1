/// A position in points (Texture's CGPoint).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate, growing to the right.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// A point at `x`, `y`.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// `{x, y}` with the shortest round-trip numbers, as NSStringFromCGPoint prints.
    public var description: String { "{\(formatNumber(x)), \(formatNumber(y))}" }

    /// The sum of both coordinates: a point moved by an offset.
    @inlinable
    public static func + (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    /// The difference of both coordinates: the offset from `rhs` to `lhs`.
    @inlinable
    public static func - (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }
}
