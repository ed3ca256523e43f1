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
        dimension("width", \.width),
        dimension("height", \.height),
        dimension("minWidth", \.minWidth),
        dimension("minHeight", \.minHeight),
        dimension("maxWidth", \.maxWidth),
        dimension("maxHeight", \.maxHeight),
        dimension("flexBasis", \.flexBasis),
        number("flexGrow", \.flexGrow, LayoutValues.nonNegativeNumber),
        number("flexShrink", \.flexShrink, LayoutValues.nonNegativeNumber),
        number("ascender", \.ascender, LayoutValues.number),
        number("descender", \.descender, LayoutValues.number),
        number("spacingBefore", \.spacingBefore, LayoutValues.number),
        number("spacingAfter", \.spacingAfter, LayoutValues.number),
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

    /// The style's non-default entries, in table order.
    static func capture(_ style: LayoutElementStyle) -> JSONObject {
        var object = JSONObject()
        for property in all {
            if let value = property.read(style) { object.append(key: property.key, value: value) }
        }
        return object
    }

    private static func dimension(_ key: String,
                                  _ path: ReferenceWritableKeyPath<LayoutElementStyle, WeftLayout.Dimension> & Sendable) -> StyleProperty {
        StyleProperty(
            key: key, defaultValue: "auto",
            read: { style in
                let value = style[keyPath: path]
                return value.unit == .auto ? JSONValue?.none : LayoutValues.json(value)
            },
            write: { style, value throws(EditValueError) in style[keyPath: path] = try LayoutValues.dimension(value) })
    }

    private static func number(_ key: String, _ path: ReferenceWritableKeyPath<LayoutElementStyle, Double> & Sendable,
                               _ parse: @escaping @Sendable (JSONValue) throws(EditValueError) -> Double) -> StyleProperty {
        StyleProperty(
            key: key, defaultValue: 0,
            read: { style in
                let value = style[keyPath: path]
                return value == 0 ? JSONValue?.none : .number(value)
            },
            write: { style, value throws(EditValueError) in style[keyPath: path] = try parse(value) })
    }
}
