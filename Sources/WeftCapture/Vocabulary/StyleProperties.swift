import WeftJSON
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

    /// The layout-json key (docs/layout-json.md, Style).
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

    /// Puts the entry of `values` (read once per style: one access to the class) under its key,
    /// nothing when it is the default.
    func put<Sink: JSONSink>(_ values: LayoutElementStyle.Values, into sink: inout Sink) {
        switch self {
        case .width: put(values.size.width, into: &sink)
        case .height: put(values.size.height, into: &sink)
        case .minWidth: put(values.size.minWidth, into: &sink)
        case .minHeight: put(values.size.minHeight, into: &sink)
        case .maxWidth: put(values.size.maxWidth, into: &sink)
        case .maxHeight: put(values.size.maxHeight, into: &sink)
        case .flexBasis: put(values.flexBasis, into: &sink)
        case .flexGrow: put(values.flexGrow, into: &sink)
        case .flexShrink: put(values.flexShrink, into: &sink)
        case .ascender: put(values.ascender, into: &sink)
        case .descender: put(values.descender, into: &sink)
        case .spacingBefore: put(values.spacingBefore, into: &sink)
        case .spacingAfter: put(values.spacingAfter, into: &sink)
        case .alignSelf:
            if values.alignSelf != .auto { sink.member(key, LayoutNames.alignSelf.name(of: values.alignSelf)) }
        case .layoutPosition:
            if values.layoutPosition != .zero {
                sink.key(key)
                sink.point(values.layoutPosition)
            }
        }
    }

    /// The entry of `values` as a value, nil when it is the default (what an edit records to
    /// revert to).
    func read(_ values: LayoutElementStyle.Values) -> JSONValue? {
        JSONBuilder.object { put(values, into: &$0) }.entries.first?.value
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

    private func put<Sink: JSONSink>(_ dimension: WeftLayout.Dimension, into sink: inout Sink) {
        guard dimension.unit != .auto else { return }
        sink.key(key)
        sink.dimension(dimension)
    }

    private func put<Sink: JSONSink>(_ number: Double, into sink: inout Sink) {
        if number != 0 { sink.member(key, number) }
    }
}

/// The layout style in the layout-json vocabulary (docs/layout-json.md, Style).
enum StyleProperties {
    /// The property named `key`, or nil when layout-json has no such style key.
    static func named(_ key: String) -> StyleProperty? {
        StyleProperty.allCases.first { $0.key == key }
    }

    static var keys: [String] { StyleProperty.allCases.map(\.key) }

    /// Puts the style's non-default entries, in snapshot order. Most styles (every spec's, most
    /// nodes') have none: one flag settles those.
    static func capture<Sink: JSONSink>(_ style: LayoutElementStyle, into sink: inout Sink) {
        if style.hasDefaultValues { return }
        let values = style.values
        for property in StyleProperty.allCases { property.put(values, into: &sink) }
    }
}
