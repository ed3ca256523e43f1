/// The layout-json `type` of each WeftLayout spec and Texture's name for its class
/// (docs/layout-json.md, Elements): the one table of both. The spec classes take their
/// `textureClassName` from it, capture takes a spec's `type` from it, and a snapshot element of
/// a spec type may leave out its `className` when it is this one (docs/snapshot-format.md,
/// "Implied values").
public enum LayoutSpecType: String, CaseIterable, Sendable {
    /// ``StackLayoutSpec``.
    case stack
    /// ``InsetLayoutSpec``.
    case inset
    /// ``OverlayLayoutSpec``.
    case overlay
    /// ``BackgroundLayoutSpec``.
    case background
    /// ``CenterLayoutSpec``.
    case center
    /// ``RatioLayoutSpec``.
    case ratio
    /// ``RelativeLayoutSpec``.
    case relative
    /// ``AbsoluteLayoutSpec``.
    case absolute
    /// ``CornerLayoutSpec``.
    case corner
    /// ``WrapperLayoutSpec``.
    case wrapper

    /// Texture's class: `ASStackLayoutSpec` for `stack`.
    public var textureClassName: String {
        switch self {
        case .stack: "ASStackLayoutSpec"
        case .inset: "ASInsetLayoutSpec"
        case .overlay: "ASOverlayLayoutSpec"
        case .background: "ASBackgroundLayoutSpec"
        case .center: "ASCenterLayoutSpec"
        case .ratio: "ASRatioLayoutSpec"
        case .relative: "ASRelativeLayoutSpec"
        case .absolute: "ASAbsoluteLayoutSpec"
        case .corner: "ASCornerLayoutSpec"
        case .wrapper: "ASWrapperLayoutSpec"
        }
    }
}
