/// The layout-json names of the layout enums (Texture's names without their prefix), as
/// docs/layout-json.md lists them: the one table of each that the decoder and WeftCapture use.
public enum LayoutNames {
    public static let direction = LayoutNameTable<StackLayoutDirection>([("horizontal", .horizontal), ("vertical", .vertical)])
    public static let justifyContent = LayoutNameTable<StackLayoutJustifyContent>([
        ("start", .start), ("center", .center), ("end", .end), ("spaceBetween", .spaceBetween),
        ("spaceAround", .spaceAround),
    ])
    public static let alignItems = LayoutNameTable<StackLayoutAlignItems>([
        ("start", .start), ("end", .end), ("center", .center), ("stretch", .stretch),
        ("baselineFirst", .baselineFirst), ("baselineLast", .baselineLast),
    ])
    public static let flexWrap = LayoutNameTable<StackLayoutFlexWrap>([("noWrap", .noWrap), ("wrap", .wrap)])
    public static let alignContent = LayoutNameTable<StackLayoutAlignContent>([
        ("start", .start), ("end", .end), ("center", .center), ("spaceBetween", .spaceBetween),
        ("spaceAround", .spaceAround), ("stretch", .stretch),
    ])
    public static let alignSelf = LayoutNameTable<StackLayoutAlignSelf>([
        ("auto", .auto), ("start", .start), ("end", .end), ("center", .center), ("stretch", .stretch),
    ])
    public static let centeringOptions = LayoutNameTable<CenterLayoutSpecCenteringOptions>([
        ("none", []), ("x", .x), ("y", .y), ("xy", .xy),
    ])
    public static let centerSizingOptions = LayoutNameTable<CenterLayoutSpecSizingOptions>([
        ("default", []), ("minimumX", .minimumX), ("minimumY", .minimumY), ("minimumXY", .minimumXY),
    ])
    public static let relativePosition = LayoutNameTable<RelativeLayoutSpecPosition>([
        ("none", .none), ("start", .start), ("center", .center), ("end", .end),
    ])
    public static let relativeSizingOption = LayoutNameTable<RelativeLayoutSpecSizingOption>([
        ("default", []), ("minimumWidth", .minimumWidth), ("minimumHeight", .minimumHeight),
        ("minimumSize", .minimumSize),
    ])
    public static let absoluteSizing = LayoutNameTable<AbsoluteLayoutSpecSizing>([
        ("default", .default), ("sizeToFit", .sizeToFit),
    ])
    public static let cornerLocation = LayoutNameTable<CornerLayoutLocation>([
        ("topLeft", .topLeft), ("topRight", .topRight), ("bottomLeft", .bottomLeft), ("bottomRight", .bottomRight),
    ])
}
