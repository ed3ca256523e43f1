import WeftLayout

/// The layout-json names of the layout enums (Texture's names without their prefix), as
/// docs/layout-json.md lists them.
enum LayoutNames {
    static let direction = NameTable<StackLayoutDirection>([("horizontal", .horizontal), ("vertical", .vertical)])
    static let justifyContent = NameTable<StackLayoutJustifyContent>([
        ("start", .start), ("center", .center), ("end", .end), ("spaceBetween", .spaceBetween),
        ("spaceAround", .spaceAround),
    ])
    static let alignItems = NameTable<StackLayoutAlignItems>([
        ("start", .start), ("end", .end), ("center", .center), ("stretch", .stretch),
        ("baselineFirst", .baselineFirst), ("baselineLast", .baselineLast),
    ])
    static let flexWrap = NameTable<StackLayoutFlexWrap>([("noWrap", .noWrap), ("wrap", .wrap)])
    static let alignContent = NameTable<StackLayoutAlignContent>([
        ("start", .start), ("end", .end), ("center", .center), ("spaceBetween", .spaceBetween),
        ("spaceAround", .spaceAround), ("stretch", .stretch),
    ])
    static let alignSelf = NameTable<StackLayoutAlignSelf>([
        ("auto", .auto), ("start", .start), ("end", .end), ("center", .center), ("stretch", .stretch),
    ])
    static let centeringOptions = NameTable<CenterLayoutSpecCenteringOptions>([
        ("none", []), ("x", .x), ("y", .y), ("xy", .xy),
    ])
    static let centerSizingOptions = NameTable<CenterLayoutSpecSizingOptions>([
        ("default", []), ("minimumX", .minimumX), ("minimumY", .minimumY), ("minimumXY", .minimumXY),
    ])
    static let relativePosition = NameTable<RelativeLayoutSpecPosition>([
        ("none", .none), ("start", .start), ("center", .center), ("end", .end),
    ])
    static let relativeSizingOption = NameTable<RelativeLayoutSpecSizingOption>([
        ("default", []), ("minimumWidth", .minimumWidth), ("minimumHeight", .minimumHeight),
        ("minimumSize", .minimumSize),
    ])
    static let absoluteSizing = NameTable<AbsoluteLayoutSpecSizing>([("default", .default), ("sizeToFit", .sizeToFit)])
    static let cornerLocation = NameTable<CornerLayoutLocation>([
        ("topLeft", .topLeft), ("topRight", .topRight), ("bottomLeft", .bottomLeft), ("bottomRight", .bottomRight),
    ])
}
