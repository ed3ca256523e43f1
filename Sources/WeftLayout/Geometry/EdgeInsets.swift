/// Distances from each edge (UIEdgeInsets): used by the inset spec and for hit-test slop.
/// An inset may be `.infinity` (the inset spec treats it specially: see `InsetLayoutSpec`).
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// The inset from the top edge.
    public var top: Double
    /// The inset from the left edge.
    public var left: Double
    /// The inset from the bottom edge.
    public var bottom: Double
    /// The inset from the right edge.
    public var right: Double

    /// Insets per edge, in UIEdgeInsetsMake's order.
    @inlinable
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    @inlinable
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets(all: 0)

    /// `{top, left, bottom, right}` as NSStringFromUIEdgeInsets prints it.
    public var description: String {
        "{\(formatNumber(top)), \(formatNumber(left)), \(formatNumber(bottom)), \(formatNumber(right))}"
    }
}
