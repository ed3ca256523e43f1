import WeftLayout

/// Its child centred on the chosen axes.
public typealias ASCenterLayoutSpec = CenterLayoutSpec
/// `.X`, `.Y`, `.XY` or none: the axes the child is centred on.
public typealias ASCenterLayoutSpecCenteringOptions = CenterLayoutSpecCenteringOptions
/// `.minimumX`, `.minimumY`, `.minimumXY` or none: the axes the spec shrinks to its child on.
public typealias ASCenterLayoutSpecSizingOptions = CenterLayoutSpecSizingOptions

extension CenterLayoutSpecCenteringOptions {
    // The names Swift gives ASCenterLayoutSpecCenteringX, Y and XY.
    public static let X = CenterLayoutSpecCenteringOptions.x
    public static let Y = CenterLayoutSpecCenteringOptions.y
    public static let XY = CenterLayoutSpecCenteringOptions.xy
}
