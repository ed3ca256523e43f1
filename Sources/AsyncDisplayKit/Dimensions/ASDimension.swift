// swift-format-ignore-file: AlwaysUseLowerCamelCase
// Texture's own names (ASDimensionMake, UIEdgeInsetsMake, ...), so Texture code compiles unchanged.
import Foundation
import WeftLayout

/// Texture's ASDimension is Weft's `Dimension`: `.auto`, points or a fraction of the parent.
public typealias ASDimension = WeftLayout.Dimension
/// `.auto`, `.points`, `.fraction`.
public typealias ASDimensionUnit = WeftLayout.Dimension.Unit

/// The automatic dimension.
public let ASDimensionAuto = WeftLayout.Dimension.auto

/// A dimension of `points`.
public func ASDimensionMake(_ points: CGFloat) -> ASDimension { .points(Double(points)) }

/// A dimension of `value` in `unit` (an auto dimension keeps 0, as Texture asserts).
public func ASDimensionMake(_ unit: ASDimensionUnit, _ value: CGFloat) -> ASDimension {
    WeftLayout.Dimension(unit: unit, value: Double(value))
}

/// Texture's lenient parse: `"50%"`, `"12pt"`, `"auto"`; anything else is auto.
public func ASDimensionMake(_ text: String) -> ASDimension { WeftLayout.Dimension(lenient: text) }

/// A dimension of `points` points (Texture's `ASDimensionMakeWithPoints`).
public func ASDimensionMakeWithPoints(_ points: CGFloat) -> ASDimension { .points(Double(points)) }

/// `fraction` of the parent: 0.5 is 50 %.
public func ASDimensionMakeWithFraction(_ fraction: CGFloat) -> ASDimension { .fraction(Double(fraction)) }

/// Whether two dimensions have the same unit and value.
public func ASDimensionEqualToDimension(_ lhs: ASDimension, _ rhs: ASDimension) -> Bool { lhs == rhs }

/// `10pt`, `50%`, `Auto`.
public func NSStringFromASDimension(_ dimension: ASDimension) -> String { dimension.description }

/// The length `dimension` stands for inside `parentSize` (`autoSize` when auto).
public func ASDimensionResolve(_ dimension: ASDimension, _ parentSize: CGFloat, _ autoSize: CGFloat) -> CGFloat {
    CGFloat(dimension.resolve(autoSize: Double(autoSize), parentSize: Double(parentSize)))
}
