import WeftLayout

/// Its child centred on the chosen axes.
public typealias ASCenterLayoutSpec = CenterLayoutSpec
public typealias ASCenterLayoutSpecCenteringOptions = CenterLayoutSpecCenteringOptions
public typealias ASCenterLayoutSpecSizingOptions = CenterLayoutSpecSizingOptions

extension CenterLayoutSpecCenteringOptions {
    // The names Swift gives ASCenterLayoutSpecCenteringX, Y and XY.
    public static let X = CenterLayoutSpecCenteringOptions.x
    public static let Y = CenterLayoutSpecCenteringOptions.y
    public static let XY = CenterLayoutSpecCenteringOptions.xy
}
