/// Reads a layout description (docs/layout-json.md) from parsed JSON into a `LayoutDocument`,
/// building the layout elements as it goes. Strict: unknown keys, wrong types, missing
/// children, bad enum values and duplicate ids are errors with the JSON path of the problem.
struct LayoutDocumentDecoder {
    /// Ids seen so far, to reject duplicates.
    private var ids: Set<String> = []

    mutating func decodeDocument(_ field: JSONField) throws -> LayoutDocument {
        let object = try field.object()
        try object.allowOnly(["scale", "sizeRange", "size", "root"])
        var scale: Double?
        if let field = object.field("scale") {
            scale = try field.number()
            guard scale! > 0 else { throw field.fail("expected a number > 0, got \(formatNumber(scale!))") }
        }
        var sizeRange: SizeRange?
        if let field = object.field("sizeRange") {
            if object.field("size") != nil { throw field.fail("give either \"sizeRange\" or \"size\", not both") }
            sizeRange = try decodeSizeRange(field)
        } else if let field = object.field("size") {
            sizeRange = SizeRange(exactly: try decodeSize(field, allowInfinity: false))
        }
        let root = try decodeElement(try object.required("root"))
        return LayoutDocument(scale: scale, sizeRange: sizeRange, root: root)
    }

    private func decodeSizeRange(_ field: JSONField) throws -> SizeRange {
        let object = try field.object()
        try object.allowOnly(["min", "max"])
        let min = try object.field("min").map { try decodeSize($0, allowInfinity: false) } ?? .zero
        let max = try object.field("max").map { try decodeSize($0, allowInfinity: true) } ?? .infinite
        if min.width > max.width || min.height > max.height {
            throw field.fail("min \(min) is larger than max \(max)")
        }
        return SizeRange(min: min, max: max)
    }

    /// `[w, h]` of non-negative numbers (or `"inf"` when allowed).
    private func decodeSize(_ field: JSONField, allowInfinity: Bool) throws -> Size {
        let values = try field.tuple(2, "[width, height]") { item -> Double in
            let value = allowInfinity ? try item.numberOrInfinity() : try item.number()
            guard value >= 0 else { throw item.fail("expected a number >= 0, got \(formatNumber(value))") }
            return value
        }
        return Size(width: values[0], height: values[1])
    }

    private func decodePoint(_ field: JSONField) throws -> Point {
        let values = try field.tuple(2, "[x, y]") { try $0.number() }
        return Point(x: values[0], y: values[1])
    }

    // MARK: Elements

    private static let commonKeys = ["type", "id", "debugName", "style"]

    private static let typeKeys: KeyValuePairs<String, [String]> = [
        "box": ["intrinsicSize", "className"],
        "stack": [
            "direction", "spacing", "justifyContent", "alignItems", "flexWrap", "alignContent", "lineSpacing",
            "children",
        ],
        "inset": ["insets", "child"],
        "overlay": ["child", "overlay"],
        "background": ["child", "background"],
        "center": ["centeringOptions", "sizingOptions", "child"],
        "ratio": ["ratio", "child"],
        "relative": ["horizontalPosition", "verticalPosition", "sizingOption", "child"],
        "absolute": ["sizing", "children"],
        "corner": ["child", "corner", "location", "offset", "wrapsCorner"],
        "wrapper": ["children"],
    ]

    /// Each type's keys with the common ones, made once rather than for every element.
    private static let allowedKeys: [String: [String]] = Dictionary(
        uniqueKeysWithValues: typeKeys.map { ($0.key, commonKeys + $0.value) })

    mutating func decodeElement(_ field: JSONField) throws -> LayoutDocument.Element {
        let object = try field.object()
        let typeField = try object.required("type")
        let type = try typeField.string()
        guard let keys = Self.allowedKeys[type] else {
            let known = Self.typeKeys.map(\.key).joined(separator: "|")
            throw typeField.fail("unknown element type \"\(type)\" (expected one of \(known))")
        }
        try object.allowOnly(keys)

        var id: String?
        if let idField = object.field("id") {
            id = try idField.string()
            guard ids.insert(id!).inserted else { throw idField.fail("duplicate id \"\(id!)\"") }
        }
        let debugName = try object.field("debugName")?.string()

        let (element, children) = try decodeBody(type: type, object)
        if let style = object.field("style") { try decodeStyle(style, into: element.style) }
        if let debugName {
            if let spec = element as? LayoutSpec { spec.debugName = debugName }
            if let box = element as? BoxNode { box.debugName = debugName }
        }
        return LayoutDocument.Element(id: id, type: type, element: element, children: children)
    }

    /// The element of `type` and its described children, in input order.
    private mutating func decodeBody(type: String, _ object: JSONObjectField) throws
        -> (any LayoutElement, [LayoutDocument.Element])
    {
        switch type {
        case "box":
            let intrinsicSize = try object.field("intrinsicSize").map { try decodeSize($0, allowInfinity: false) }
            let className = try object.field("className")?.string() ?? "ASDisplayNode"
            return (BoxNode(intrinsicSize: intrinsicSize, className: className), [])
        case "stack":
            let children = try decodeChildren(object)
            let stack = StackLayoutSpec(
                direction: try object.field("direction")?.oneOf(LayoutNames.direction) ?? .horizontal,
                spacing: try object.field("spacing")?.number() ?? 0,
                justifyContent: try object.field("justifyContent")?.oneOf(LayoutNames.justifyContent) ?? .start,
                alignItems: try object.field("alignItems")?.oneOf(LayoutNames.alignItems) ?? .stretch,
                flexWrap: try object.field("flexWrap")?.oneOf(LayoutNames.flexWrap) ?? .noWrap,
                alignContent: try object.field("alignContent")?.oneOf(LayoutNames.alignContent) ?? .start,
                lineSpacing: try object.field("lineSpacing")?.number() ?? 0,
                children: children.map(\.element))
            return (stack, children)
        case "inset":
            let insets =
                try object.field("insets").map { field -> EdgeInsets in
                    let values = try field.tuple(4, "[top, left, bottom, right]") { try $0.numberOrInfinity() }
                    return EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
                } ?? .zero
            let child = try decodeElement(try object.required("child"))
            return (InsetLayoutSpec(insets: insets, child: child.element), [child])
        case "overlay":
            let child = try decodeElement(try object.required("child"))
            let overlay = try decodeElement(try object.required("overlay"))
            return (OverlayLayoutSpec(child: child.element, overlay: overlay.element), [child, overlay])
        case "background":
            let child = try decodeElement(try object.required("child"))
            let background = try decodeElement(try object.required("background"))
            return (BackgroundLayoutSpec(child: child.element, background: background.element), [child, background])
        case "center":
            let centering = try object.field("centeringOptions")?.oneOf(LayoutNames.centeringOptions) ?? []
            let sizing = try object.field("sizingOptions")?.oneOf(LayoutNames.centerSizingOptions) ?? []
            let child = try decodeElement(try object.required("child"))
            return (CenterLayoutSpec(centeringOptions: centering, sizingOptions: sizing, child: child.element), [child])
        case "ratio":
            let ratioField = try object.required("ratio")
            let ratio = try ratioField.number()
            guard ratio > 0 else { throw ratioField.fail("expected a number > 0, got \(formatNumber(ratio))") }
            let child = try decodeElement(try object.required("child"))
            return (RatioLayoutSpec(ratio: ratio, child: child.element), [child])
        case "relative":
            let horizontal = try object.field("horizontalPosition")?.oneOf(LayoutNames.relativePosition) ?? .none
            let vertical = try object.field("verticalPosition")?.oneOf(LayoutNames.relativePosition) ?? .none
            let sizing = try object.field("sizingOption")?.oneOf(LayoutNames.relativeSizingOption) ?? []
            let child = try decodeElement(try object.required("child"))
            return (
                RelativeLayoutSpec(
                    horizontalPosition: horizontal, verticalPosition: vertical, sizingOption: sizing,
                    child: child.element), [child]
            )
        case "absolute":
            let sizing = try object.field("sizing")?.oneOf(LayoutNames.absoluteSizing) ?? .default
            let children = try decodeChildren(object)
            return (AbsoluteLayoutSpec(sizing: sizing, children: children.map(\.element)), children)
        case "corner":
            let location = try object.required("location").oneOf(LayoutNames.cornerLocation)
            let offset = try object.field("offset").map(decodePoint) ?? .zero
            let wrapsCorner = try object.field("wrapsCorner")?.bool() ?? false
            let child = try decodeElement(try object.required("child"))
            let corner = try decodeElement(try object.required("corner"))
            return (
                CornerLayoutSpec(
                    child: child.element, corner: corner.element, location: location, offset: offset,
                    wrapsCorner: wrapsCorner), [child, corner]
            )
        default:  // "wrapper": `typeKeys` admits no other type.
            let children = try decodeChildren(object)
            return (WrapperLayoutSpec(children: children.map(\.element)), children)
        }
    }

    private mutating func decodeChildren(_ object: JSONObjectField) throws -> [LayoutDocument.Element] {
        var children: [LayoutDocument.Element] = []
        for child in try object.required("children").array() { children.append(try decodeElement(child)) }
        return children
    }

    // MARK: Style

    private static let styleKeys = [
        "width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight", "flexBasis",
        "flexGrow", "flexShrink", "ascender", "descender", "spacingBefore", "spacingAfter",
        "alignSelf", "layoutPosition",
    ]

    private func decodeStyle(_ field: JSONField, into style: LayoutElementStyle) throws {
        let object = try field.object()
        try object.allowOnly(Self.styleKeys)
        func dimension(_ key: String, _ apply: (Dimension) -> Void) throws {
            if let field = object.field(key) { apply(try field.dimension()) }
        }
        func number(_ key: String, _ apply: (Double) -> Void) throws {
            if let field = object.field(key) { apply(try field.number()) }
        }
        try dimension("width") { style.width = $0 }
        try dimension("height") { style.height = $0 }
        try dimension("minWidth") { style.minWidth = $0 }
        try dimension("minHeight") { style.minHeight = $0 }
        try dimension("maxWidth") { style.maxWidth = $0 }
        try dimension("maxHeight") { style.maxHeight = $0 }
        try dimension("flexBasis") { style.flexBasis = $0 }
        try number("flexGrow") { style.flexGrow = $0 }
        try number("flexShrink") { style.flexShrink = $0 }
        try number("ascender") { style.ascender = $0 }
        try number("descender") { style.descender = $0 }
        try number("spacingBefore") { style.spacingBefore = $0 }
        try number("spacingAfter") { style.spacingAfter = $0 }
        if let field = object.field("alignSelf") { style.alignSelf = try field.oneOf(LayoutNames.alignSelf) }
        if let field = object.field("layoutPosition") { style.layoutPosition = try decodePoint(field) }
    }
}
