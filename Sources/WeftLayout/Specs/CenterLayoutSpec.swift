/// The axes a center spec centres on (ASCenterLayoutSpecCenteringOptions).
public struct CenterLayoutSpecCenteringOptions: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: UInt8
    /// Options of these bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Centre horizontally.
    public static let x = CenterLayoutSpecCenteringOptions(rawValue: 1)
    /// Centre vertically.
    public static let y = CenterLayoutSpecCenteringOptions(rawValue: 2)
    /// Centre on both axes.
    public static let xy: CenterLayoutSpecCenteringOptions = [.x, .y]
}

/// The axes on which a center spec shrinks to its child (ASCenterLayoutSpecSizingOptions).
public struct CenterLayoutSpecSizingOptions: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: UInt8
    /// Options of these bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shrink the spec's width to the child's.
    public static let minimumX = CenterLayoutSpecSizingOptions(rawValue: 1)
    /// Shrink the spec's height to the child's.
    public static let minimumY = CenterLayoutSpecSizingOptions(rawValue: 2)
    /// Shrink both to the child's size.
    public static let minimumXY: CenterLayoutSpecSizingOptions = [.minimumX, .minimumY]
}

/// Centres its child on the chosen axes (Texture's ASCenterLayoutSpec): a relative spec with
/// position center on centred axes and none elsewhere, and minimum sizing on the chosen axes.
public final class CenterLayoutSpec: RelativeLayoutSpec {
    /// The axes the child is centred on (default none: the child sits at the start).
    public var centeringOptions: CenterLayoutSpecCenteringOptions {
        didSet { applyOptions() }
    }
    /// The axes on which the spec takes the child's size instead of the range's max.
    public var sizingOptions: CenterLayoutSpecSizingOptions {
        didSet { applyOptions() }
    }

    /// A spec centring `child` on `centeringOptions`, shrinking on `sizingOptions`.
    public init(
        centeringOptions: CenterLayoutSpecCenteringOptions = [],
        sizingOptions: CenterLayoutSpecSizingOptions = [], child: any LayoutElement
    ) {
        self.centeringOptions = centeringOptions
        self.sizingOptions = sizingOptions
        super.init(horizontalPosition: .none, verticalPosition: .none, child: child)
        applyOptions()
    }

    /// `ASCenterLayoutSpec`.
    public override var textureClassName: String { LayoutSpecType.center.textureClassName }

    private func applyOptions() {
        horizontalPosition = centeringOptions.contains(.x) ? .center : .none
        verticalPosition = centeringOptions.contains(.y) ? .center : .none
        var sizing: RelativeLayoutSpecSizingOption = []
        if sizingOptions.contains(.minimumX) { sizing.insert(.minimumWidth) }
        if sizingOptions.contains(.minimumY) { sizing.insert(.minimumHeight) }
        sizingOption = sizing
    }
}
