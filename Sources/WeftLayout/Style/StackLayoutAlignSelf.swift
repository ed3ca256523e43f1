/// How one stack child is aligned on the cross axis, overriding the stack's `alignItems`
/// (ASStackLayoutAlignSelf). Baseline alignment exists only on the stack, not per child.
public enum StackLayoutAlignSelf: UInt8, Sendable, CaseIterable {
    /// Use the stack's alignItems.
    case auto
    /// At the start of the stack's cross axis.
    case start
    /// At the end of the stack's cross axis.
    case end
    /// Centred on the stack's cross axis.
    case center
    /// Stretched to the stack's cross size.
    case stretch

    /// Texture's enum constant name, as the style description prints it.
    public var textureName: String {
        switch self {
        case .auto: return "ASStackLayoutAlignSelfAuto"
        case .start: return "ASStackLayoutAlignSelfStart"
        case .end: return "ASStackLayoutAlignSelfEnd"
        case .center: return "ASStackLayoutAlignSelfCenter"
        case .stretch: return "ASStackLayoutAlignSelfStretch"
        }
    }
}
