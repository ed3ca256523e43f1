// swift-format-ignore-file: AlwaysUseLowerCamelCase
// Texture's own names (ASDimensionMake, UIEdgeInsetsMake, ...), so Texture code compiles unchanged.
import WeftLayout

/// Its child centred on the chosen axes.
public typealias ASCenterLayoutSpec = CenterLayoutSpec
/// `.X`, `.Y`, `.XY` or none: the axes the child is centred on.
public typealias ASCenterLayoutSpecCenteringOptions = CenterLayoutSpecCenteringOptions
/// `.minimumX`, `.minimumY`, `.minimumXY` or none: the axes the spec shrinks to its child on.
public typealias ASCenterLayoutSpecSizingOptions = CenterLayoutSpecSizingOptions

extension CenterLayoutSpecCenteringOptions {
    // The names Swift gives ASCenterLayoutSpecCenteringX, Y and XY.
    /// Texture's `ASCenterLayoutSpecCenteringX`: centre horizontally.
    public static let X = CenterLayoutSpecCenteringOptions.x
    /// Texture's `ASCenterLayoutSpecCenteringY`: centre vertically.
    public static let Y = CenterLayoutSpecCenteringOptions.y
    /// Texture's `ASCenterLayoutSpecCenteringXY`: centre on both axes.
    public static let XY = CenterLayoutSpecCenteringOptions.xy
}
