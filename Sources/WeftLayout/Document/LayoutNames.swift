/// The layout-json names of the layout enums (Texture's names without their prefix), as
/// docs/layout-json.md lists them: the one table of each that the decoder and WeftCapture use.
public enum LayoutNames {
    /// `horizontal`, `vertical`.
    public static let direction = LayoutNameTable<StackLayoutDirection>([("horizontal", .horizontal), ("vertical", .vertical)])
    /// `start`, `center`, `end`, `spaceBetween`, `spaceAround`.
    public static let justifyContent = LayoutNameTable<StackLayoutJustifyContent>([
        ("start", .start), ("center", .center), ("end", .end), ("spaceBetween", .spaceBetween),
        ("spaceAround", .spaceAround),
    ])
    /// `start`, `end`, `center`, `stretch`, `baselineFirst`, `baselineLast`.
    public static let alignItems = LayoutNameTable<StackLayoutAlignItems>([
        ("start", .start), ("end", .end), ("center", .center), ("stretch", .stretch),
        ("baselineFirst", .baselineFirst), ("baselineLast", .baselineLast),
    ])
    /// `noWrap`, `wrap`.
    public static let flexWrap = LayoutNameTable<StackLayoutFlexWrap>([("noWrap", .noWrap), ("wrap", .wrap)])
    /// The wrapped lines' distributions: `start`, `end`, `center`, `spaceBetween`, `spaceAround`, `stretch`.
    public static let alignContent = LayoutNameTable<StackLayoutAlignContent>([
        ("start", .start), ("end", .end), ("center", .center), ("spaceBetween", .spaceBetween),
        ("spaceAround", .spaceAround), ("stretch", .stretch),
    ])
    /// `auto`, `start`, `end`, `center`, `stretch`.
    public static let alignSelf = LayoutNameTable<StackLayoutAlignSelf>([
        ("auto", .auto), ("start", .start), ("end", .end), ("center", .center), ("stretch", .stretch),
    ])
    /// A center spec's axes: `none`, `x`, `y`, `xy`.
    public static let centeringOptions = LayoutNameTable<CenterLayoutSpecCenteringOptions>([
        ("none", []), ("x", .x), ("y", .y), ("xy", .xy),
    ])
    /// A center spec's shrinking axes: `default`, `minimumX`, `minimumY`, `minimumXY`.
    public static let centerSizingOptions = LayoutNameTable<CenterLayoutSpecSizingOptions>([
        ("default", []), ("minimumX", .minimumX), ("minimumY", .minimumY), ("minimumXY", .minimumXY),
    ])
    /// A relative spec's positions: `none`, `start`, `center`, `end`.
    public static let relativePosition = LayoutNameTable<RelativeLayoutSpecPosition>([
        ("none", .none), ("start", .start), ("center", .center), ("end", .end),
    ])
    /// A relative spec's shrinking axes: `default`, `minimumWidth`, `minimumHeight`, `minimumSize`.
    public static let relativeSizingOption = LayoutNameTable<RelativeLayoutSpecSizingOption>([
        ("default", []), ("minimumWidth", .minimumWidth), ("minimumHeight", .minimumHeight),
        ("minimumSize", .minimumSize),
    ])
    /// An absolute spec's sizing: `default`, `sizeToFit`.
    public static let absoluteSizing = LayoutNameTable<AbsoluteLayoutSpecSizing>([
        ("default", .default), ("sizeToFit", .sizeToFit),
    ])
    /// A corner spec's corners: `topLeft`, `topRight`, `bottomLeft`, `bottomRight`.
    public static let cornerLocation = LayoutNameTable<CornerLayoutLocation>([
        ("topLeft", .topLeft), ("topRight", .topRight), ("bottomLeft", .bottomLeft), ("bottomRight", .bottomRight),
    ])
}
