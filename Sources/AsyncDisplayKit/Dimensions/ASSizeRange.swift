// swift-format-ignore-file: AlwaysUseLowerCamelCase
// Texture's own names (ASDimensionMake, UIEdgeInsetsMake, ...), so Texture code compiles unchanged.
import Foundation
import WeftLayout

/// The sizes a layout may take, Texture's ASSizeRange: CGSize bounds, the rules of Weft's
/// `SizeRange` (which every call converts to).
public struct ASSizeRange: Hashable, CustomStringConvertible {
    /// The smallest size, in points.
    public var min: CGSize
    /// The largest size, in points (`CGFloat.infinity` for unbounded).
    public var max: CGSize

    /// A range from `min` to `max`.
    public init(min: CGSize, max: CGSize) {
        self.min = min
        self.max = max
    }

    /// Texture's `ASSizeRange()`: zero to zero.
    public init() { self.init(min: .zero, max: .zero) }

    init(_ range: SizeRange) { self.init(min: CGSize(range.min), max: CGSize(range.max)) }

    /// The same range as Weft's value, for Weft's own calls (WeftTesting's
    /// `assertLayoutSnapshot(of:in:named:)`).
    public var weftRange: SizeRange { SizeRange(min: Size(min), max: Size(max)) }

    /// The range as Weft writes it (`{{min}, {max}}`).
    public var description: String { weftRange.description }
}

/// The range holding only `size`.
public func ASSizeRangeMake(_ exactSize: CGSize) -> ASSizeRange { ASSizeRange(min: exactSize, max: exactSize) }

/// A range from `min` to `max` (Texture's `ASSizeRangeMake`).
public func ASSizeRangeMake(_ min: CGSize, _ max: CGSize) -> ASSizeRange { ASSizeRange(min: min, max: max) }

/// {0, 0} to {inf, inf}.
public let ASSizeRangeUnconstrained = ASSizeRange(SizeRange.unconstrained)
/// {0, 0} to {0, 0}.
public let ASSizeRangeZero = ASSizeRange(SizeRange.zero)

/// Whether any size in the range has a non-zero area (max above zero on both axes).
public func ASSizeRangeHasSignificantArea(_ range: ASSizeRange) -> Bool {
    range.max.width > 0 && range.max.height > 0
}

/// `size` forced into the range per axis.
public func ASSizeRangeClamp(_ range: ASSizeRange, _ size: CGSize) -> CGSize {
    CGSize(range.weftRange.clamp(Size(size)))
}

/// The overlap of both ranges (Texture's rules when they do not overlap).
public func ASSizeRangeIntersect(_ range: ASSizeRange, _ other: ASSizeRange) -> ASSizeRange {
    ASSizeRange(range.weftRange.intersect(other.weftRange))
}

/// Whether two ranges have the same minimum and maximum.
public func ASSizeRangeEqualToSizeRange(_ lhs: ASSizeRange, _ rhs: ASSizeRange) -> Bool { lhs == rhs }

/// The range as text, for logs.
public func NSStringFromASSizeRange(_ range: ASSizeRange) -> String { range.description }
