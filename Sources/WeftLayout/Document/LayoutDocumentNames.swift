/// The names the layout description format uses for enum values (Texture's, without prefix).
enum LayoutDocumentNames {
    static let direction: KeyValuePairs<String, StackLayoutDirection> = ["horizontal": .horizontal, "vertical": .vertical]
    static let justifyContent: KeyValuePairs<String, StackLayoutJustifyContent> = [
        "start": .start, "center": .center, "end": .end, "spaceBetween": .spaceBetween, "spaceAround": .spaceAround,
    ]
    static let alignItems: KeyValuePairs<String, StackLayoutAlignItems> = [
        "start": .start, "end": .end, "center": .center, "stretch": .stretch,
        "baselineFirst": .baselineFirst, "baselineLast": .baselineLast,
    ]
    static let flexWrap: KeyValuePairs<String, StackLayoutFlexWrap> = ["noWrap": .noWrap, "wrap": .wrap]
    static let alignContent: KeyValuePairs<String, StackLayoutAlignContent> = [
        "start": .start, "end": .end, "center": .center, "spaceBetween": .spaceBetween, "spaceAround": .spaceAround,
        "stretch": .stretch,
    ]
    static let alignSelf: KeyValuePairs<String, StackLayoutAlignSelf> = [
        "auto": .auto, "start": .start, "end": .end, "center": .center, "stretch": .stretch,
    ]
    static let centeringOptions: KeyValuePairs<String, CenterLayoutSpecCenteringOptions> = [
        "none": [], "x": .x, "y": .y, "xy": .xy,
    ]
    static let centerSizingOptions: KeyValuePairs<String, CenterLayoutSpecSizingOptions> = [
        "default": [], "minimumX": .minimumX, "minimumY": .minimumY, "minimumXY": .minimumXY,
    ]
    static let relativePosition: KeyValuePairs<String, RelativeLayoutSpecPosition> = [
        "none": .none, "start": .start, "center": .center, "end": .end,
    ]
    static let relativeSizingOption: KeyValuePairs<String, RelativeLayoutSpecSizingOption> = [
        "default": [], "minimumWidth": .minimumWidth, "minimumHeight": .minimumHeight, "minimumSize": .minimumSize,
    ]
    static let absoluteSizing: KeyValuePairs<String, AbsoluteLayoutSpecSizing> = [
        "default": .default, "sizeToFit": .sizeToFit,
    ]
    static let cornerLocation: KeyValuePairs<String, CornerLayoutLocation> = [
        "topLeft": .topLeft, "topRight": .topRight, "bottomLeft": .bottomLeft, "bottomRight": .bottomRight,
    ]
}
