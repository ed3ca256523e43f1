import WeftLayout
import WeftSnapshot

/// One entry of an element's layout style under its layout-json key: how capture reads it
/// (nil when it has Texture's default, which snapshots omit) and how `Layout.setStyle` writes it.
struct StyleProperty: Sendable {
    let key: String
    /// Texture's default, in the layout-json form (what reverting an edit writes back).
    let defaultValue: JSONValue
    let read: @Sendable (LayoutElementStyle) -> JSONValue?
    let write: @Sendable (LayoutElementStyle, JSONValue) throws(EditValueError) -> Void
}

/// The layout style in the layout-json vocabulary (docs/layout-json.md, `style`), in the order
/// snapshots write it.
enum StyleProperties {
    static let all: [StyleProperty] = [
        dimension("width", { $0.size.width }, { $0.size.width = $1 }),
        dimension("height", { $0.size.height }, { $0.size.height = $1 }),
        dimension("minWidth", { $0.size.minWidth }, { $0.size.minWidth = $1 }),
        dimension("minHeight", { $0.size.minHeight }, { $0.size.minHeight = $1 }),
        dimension("maxWidth", { $0.size.maxWidth }, { $0.size.maxWidth = $1 }),
        dimension("maxHeight", { $0.size.maxHeight }, { $0.size.maxHeight = $1 }),
        dimension("flexBasis", { $0.flexBasis }, { $0.flexBasis = $1 }),
        number("flexGrow", { $0.flexGrow }, { $0.flexGrow = $1 }, LayoutValues.nonNegativeNumber),
        number("flexShrink", { $0.flexShrink }, { $0.flexShrink = $1 }, LayoutValues.nonNegativeNumber),
        number("ascender", { $0.ascender }, { $0.ascender = $1 }, LayoutValues.number),
        number("descender", { $0.descender }, { $0.descender = $1 }, LayoutValues.number),
        number("spacingBefore", { $0.spacingBefore }, { $0.spacingBefore = $1 }, LayoutValues.number),
        number("spacingAfter", { $0.spacingAfter }, { $0.spacingAfter = $1 }, LayoutValues.number),
        StyleProperty(
            key: "alignSelf", defaultValue: "auto",
            read: { $0.alignSelf == .auto ? JSONValue?.none : .string(LayoutNames.alignSelf.name(of: $0.alignSelf)) },
            write: { style, value throws(EditValueError) in style.alignSelf = try LayoutNames.alignSelf.value(of: value) }),
        StyleProperty(
            key: "layoutPosition", defaultValue: [0, 0],
            read: { $0.layoutPosition == .zero ? JSONValue?.none : LayoutValues.json($0.layoutPosition) },
            write: { style, value throws(EditValueError) in style.layoutPosition = try LayoutValues.point(value) }),
    ]

    /// The property named `key`, or nil when layout-json has no such style key.
    static func named(_ key: String) -> StyleProperty? {
        all.first { $0.key == key }
    }

    static var keys: [String] { all.map(\.key) }

    /// The style's non-default entries, in table order. Most styles (every spec's, most nodes')
    /// have none: one comparison of the whole style settles those.
    static func capture(_ style: LayoutElementStyle) -> JSONObject {
        if style.hasDefaultValues { return JSONObject() }
        var object = JSONObject()
        object.reserveCapacity(4)  // a node's size, flex or baseline entries: one allocation
        for property in all {
            if let value = property.read(style) { object.append(key: property.key, value: value) }
        }
        return object
    }

    // Getter and setter closures rather than key paths: key path reads cost more than the rest
    // of a capture.
    private static func dimension(_ key: String, _ get: @escaping @Sendable (LayoutElementStyle) -> WeftLayout.Dimension,
                                  _ set: @escaping @Sendable (LayoutElementStyle, WeftLayout.Dimension) -> Void) -> StyleProperty {
        StyleProperty(
            key: key, defaultValue: "auto",
            read: { style in
                let value = get(style)
                return value.unit == .auto ? JSONValue?.none : LayoutValues.json(value)
            },
            write: { style, value throws(EditValueError) in set(style, try LayoutValues.dimension(value)) })
    }

    private static func number(_ key: String, _ get: @escaping @Sendable (LayoutElementStyle) -> Double,
                               _ set: @escaping @Sendable (LayoutElementStyle, Double) -> Void,
                               _ parse: @escaping @Sendable (JSONValue) throws(EditValueError) -> Double) -> StyleProperty {
        StyleProperty(
            key: key, defaultValue: 0,
            read: { style in
                let value = get(style)
                return value == 0 ? JSONValue?.none : .number(value)
            },
            write: { style, value throws(EditValueError) in set(style, try parse(value)) })
    }
}
