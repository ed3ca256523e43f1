import Foundation

/// The sizes a layout may take: every size between `min` and `max` per axis (Texture's
/// ASSizeRange). A parent hands it to a child, which picks a size inside it.
public struct SizeRange: Hashable, Sendable, CustomStringConvertible {
    /// The smallest size allowed, per axis.
    public var min: Size
    /// The largest size allowed, per axis (may be infinite).
    public var max: Size

    /// The sizes from `min` to `max` per axis (ASSizeRangeMake).
    @inlinable
    public init(min: Size, max: Size) {
        self.min = min
        self.max = max
    }

    /// The range holding only `size`.
    @inlinable
    public init(exactly size: Size) {
        self.init(min: size, max: size)
    }

    /// {0, 0} to {inf, inf}: any size (ASSizeRangeUnconstrained).
    public static let unconstrained = SizeRange(min: .zero, max: .infinite)
    /// {0, 0} to {0, 0} (ASSizeRangeZero).
    public static let zero = SizeRange(min: .zero, max: .zero)

    /// Both axes have min == max.
    @inlinable
    public var isExact: Bool { min == max }

    /// The overlap of both ranges per axis: [max(mins), min(maxes)]. When they do not overlap
    /// this range wins with the single value of its own nearest the other: its max when it
    /// lies below the other range, else its min (ASSizeRangeIntersect).
    @inlinable
    public func intersect(_ other: SizeRange) -> SizeRange {
        let (minW, maxW) = SizeRange.intersectAxis(min.width, max.width, other.min.width, other.max.width)
        let (minH, maxH) = SizeRange.intersectAxis(min.height, max.height, other.min.height, other.max.height)
        return SizeRange(min: Size(width: minW, height: minH), max: Size(width: maxW, height: maxH))
    }

    @inlinable
    static func intersectAxis(_ min: Double, _ max: Double, _ otherMin: Double, _ otherMax: Double)
        -> (Double, Double)
    {
        let newMin = foundationMax(min, otherMin)
        let newMax = foundationMin(max, otherMax)
        if newMin <= newMax { return (newMin, newMax) }
        return min < otherMin ? (max, max) : (min, min)
    }

    /// `size` forced into the range per axis: max(min, min(max, v)) (ASSizeRangeClamp).
    @inlinable
    public func clamp(_ size: Size) -> Size {
        Size(
            width: foundationMax(min.width, foundationMin(max.width, size.width)),
            height: foundationMax(min.height, foundationMin(max.height, size.height)))
    }

    /// `{{w, h}}` when exact, else `{{minW, minH}, {maxW, maxH}}`, numbers with `%.17g`
    /// (NSStringFromASSizeRange), e.g. `{{0, 0}, {375, inf}}`.
    public var description: String {
        func g(_ value: Double) -> String { String(format: "%.17g", value) }
        if min == max { return "{{\(g(min.width)), \(g(min.height))}}" }
        return "{{\(g(min.width)), \(g(min.height))}, {\(g(max.width)), \(g(max.height))}}"
    }
}
