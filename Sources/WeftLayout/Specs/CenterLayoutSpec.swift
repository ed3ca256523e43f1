/// The axes a center spec centres on (ASCenterLayoutSpecCenteringOptions).
public struct CenterLayoutSpecCenteringOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let x = CenterLayoutSpecCenteringOptions(rawValue: 1)
    public static let y = CenterLayoutSpecCenteringOptions(rawValue: 2)
    public static let xy: CenterLayoutSpecCenteringOptions = [.x, .y]
}

/// The axes on which a center spec shrinks to its child (ASCenterLayoutSpecSizingOptions).
public struct CenterLayoutSpecSizingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let minimumX = CenterLayoutSpecSizingOptions(rawValue: 1)
    public static let minimumY = CenterLayoutSpecSizingOptions(rawValue: 2)
    public static let minimumXY: CenterLayoutSpecSizingOptions = [.minimumX, .minimumY]
}

/// Centres its child on the chosen axes (Texture's ASCenterLayoutSpec): a relative spec with
/// position center on centred axes and none elsewhere, and minimum sizing on the chosen axes.
public final class CenterLayoutSpec: RelativeLayoutSpec {
    public var centeringOptions: CenterLayoutSpecCenteringOptions {
        didSet { applyOptions() }
    }
    public var sizingOptions: CenterLayoutSpecSizingOptions {
        didSet { applyOptions() }
    }

    public init(centeringOptions: CenterLayoutSpecCenteringOptions = [],
                sizingOptions: CenterLayoutSpecSizingOptions = [], child: any LayoutElement) {
        self.centeringOptions = centeringOptions
        self.sizingOptions = sizingOptions
        super.init(horizontalPosition: .none, verticalPosition: .none, child: child)
        applyOptions()
    }

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
