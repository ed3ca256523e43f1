/// A width and a height in points (Texture's CGSize).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// A size of `width` by `height`.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No extent on either axis.
    public static let zero = Size(width: 0, height: 0)
    /// Both dimensions unbounded.
    public static let infinite = Size(width: .infinity, height: .infinity)
    /// Texture's ASLayoutElementParentSizeUndefined: a parent whose size is not known yet.
    public static let undefined = Size(width: .nan, height: .nan)

    /// `{w, h}` with the shortest round-trip numbers (`{375, 48.5}`), as CGSize prints.
    public var description: String { "{\(formatNumber(width)), \(formatNumber(height))}" }

    /// True when both dimensions are finite, non-negative and below `Layout.maxDimension`:
    /// Texture's test for a size a layout may keep (anything else becomes 0x0).
    @inlinable
    public var isValidForLayout: Bool {
        Size.isValidDimension(width) && Size.isValidDimension(height)
    }

    /// A single dimension that is finite, non-negative and below `Layout.maxDimension`.
    @inlinable
    public static func isValidDimension(_ value: Double) -> Bool {
        value >= 0 && value < Layout.maxDimension
    }
}

/// Formats a number the way Weft prints numbers everywhere: integral values without a
/// fraction (`48`), others in the shortest form that reads back to the same Double (`48.5`).
@usableFromInline
func formatNumber(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == value.rounded(), abs(value) < 1e15 {
        return String(Int64(value))
    }
    return "\(value)"
}
