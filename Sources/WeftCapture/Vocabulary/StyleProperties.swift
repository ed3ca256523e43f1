import WeftLayout
import WeftSnapshot

/// One entry of an element's layout style under its layout-json key: how capture reads it
/// (nil when it has Texture's default, which snapshots omit) and how `Layout.setStyle` writes
/// it. Cases in the order snapshots write them.
///
/// An enum read with switches rather than a table of closures: a capture reads every entry of
/// every style, and copying a table entry (its key and closures) out of the table cost a
/// reference count operation per closure, more than the read itself.
enum StyleProperty: CaseIterable, Sendable {
    case width, height, minWidth, minHeight, maxWidth, maxHeight, flexBasis
    case flexGrow, flexShrink, ascender, descender, spacingBefore, spacingAfter
    case alignSelf, layoutPosition

    /// The layout-json key (docs/layout-json.md, `style`).
    var key: String {
        switch self {
        case .width: "width"
        case .height: "height"
        case .minWidth: "minWidth"
        case .minHeight: "minHeight"
        case .maxWidth: "maxWidth"
        case .maxHeight: "maxHeight"
        case .flexBasis: "flexBasis"
        case .flexGrow: "flexGrow"
        case .flexShrink: "flexShrink"
        case .ascender: "ascender"
        case .descender: "descender"
        case .spacingBefore: "spacingBefore"
        case .spacingAfter: "spacingAfter"
        case .alignSelf: "alignSelf"
        case .layoutPosition: "layoutPosition"
        }
    }

    /// Texture's default, in the layout-json form (what reverting an edit writes back).
    var defaultValue: JSONValue {
        switch self {
        case .width, .height, .minWidth, .minHeight, .maxWidth, .maxHeight, .flexBasis, .alignSelf: "auto"
        case .flexGrow, .flexShrink, .ascender, .descender, .spacingBefore, .spacingAfter: 0
        case .layoutPosition: [0, 0]
        }
    }

    /// The entry in `values` (read once per style: one access to the class), nil when it is
    /// the default.
    func read(_ values: LayoutElementStyle.Values) -> JSONValue? {
        switch self {
        case .width: Self.json(values.size.width)
        case .height: Self.json(values.size.height)
        case .minWidth: Self.json(values.size.minWidth)
        case .minHeight: Self.json(values.size.minHeight)
        case .maxWidth: Self.json(values.size.maxWidth)
        case .maxHeight: Self.json(values.size.maxHeight)
        case .flexBasis: Self.json(values.flexBasis)
        case .flexGrow: Self.json(values.flexGrow)
        case .flexShrink: Self.json(values.flexShrink)
        case .ascender: Self.json(values.ascender)
        case .descender: Self.json(values.descender)
        case .spacingBefore: Self.json(values.spacingBefore)
        case .spacingAfter: Self.json(values.spacingAfter)
        case .alignSelf: values.alignSelf == .auto ? JSONValue?.none : .string(LayoutNames.alignSelf.name(of: values.alignSelf))
        case .layoutPosition: values.layoutPosition == .zero ? JSONValue?.none : LayoutValues.json(values.layoutPosition)
        }
    }

    /// Sets the entry from its layout-json form, with layout-json's validation.
    func write(_ style: LayoutElementStyle, _ value: JSONValue) throws(EditValueError) {
        switch self {
        case .width: style.width = try LayoutValues.dimension(value)
        case .height: style.height = try LayoutValues.dimension(value)
        case .minWidth: style.minWidth = try LayoutValues.dimension(value)
        case .minHeight: style.minHeight = try LayoutValues.dimension(value)
        case .maxWidth: style.maxWidth = try LayoutValues.dimension(value)
        case .maxHeight: style.maxHeight = try LayoutValues.dimension(value)
        case .flexBasis: style.flexBasis = try LayoutValues.dimension(value)
        case .flexGrow: style.flexGrow = try LayoutValues.nonNegativeNumber(value)
        case .flexShrink: style.flexShrink = try LayoutValues.nonNegativeNumber(value)
        case .ascender: style.ascender = try LayoutValues.number(value)
        case .descender: style.descender = try LayoutValues.number(value)
        case .spacingBefore: style.spacingBefore = try LayoutValues.number(value)
        case .spacingAfter: style.spacingAfter = try LayoutValues.number(value)
        case .alignSelf: style.alignSelf = try LayoutNames.alignSelf.value(of: value)
        case .layoutPosition: style.layoutPosition = try LayoutValues.point(value)
        }
    }

    private static func json(_ dimension: WeftLayout.Dimension) -> JSONValue? {
        dimension.unit == .auto ? JSONValue?.none : LayoutValues.json(dimension)
    }

    private static func json(_ number: Double) -> JSONValue? {
        number == 0 ? JSONValue?.none : .number(number)
    }
}

/// The layout style in the layout-json vocabulary (docs/layout-json.md, `style`).
enum StyleProperties {
    /// The property named `key`, or nil when layout-json has no such style key.
    static func named(_ key: String) -> StyleProperty? {
        StyleProperty.allCases.first { $0.key == key }
    }

    static var keys: [String] { StyleProperty.allCases.map(\.key) }

    /// The style's non-default entries, in snapshot order. Most styles (every spec's, most
    /// nodes') have none: one comparison of the whole style settles those.
    static func capture(_ style: LayoutElementStyle) -> JSONObject {
        let values = style.values
        if values == LayoutElementStyle.Values() { return JSONObject() }
        var object = JSONObject()
        object.reserveCapacity(4)  // a node's size, flex or baseline entries: one allocation
        for property in StyleProperty.allCases {
            if let value = property.read(values) { object.append(key: property.key, value: value) }
        }
        return object
    }
}
