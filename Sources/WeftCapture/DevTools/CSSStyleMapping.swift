import Foundation
import WeftJSON
import WeftSnapshot

/// Layout style in CSS terms, both ways: how an element's layout-json `style` reads in the
/// Styles pane (`width: 50%; flex-grow: 1`) and how a declaration typed there becomes the
/// layout-json value `Layout.setStyle` takes. Style entries with no CSS counterpart keep their
/// Texture name behind a `-weft-` prefix.
enum CSSStyleMapping {
    enum Kind { case dimension, number, alignSelf, position }

    /// (layout-json key, CSS name, kind), in the order snapshots write style entries.
    static let properties: [(key: String, css: String, kind: Kind)] = [
        ("width", "width", .dimension), ("height", "height", .dimension),
        ("minWidth", "min-width", .dimension), ("minHeight", "min-height", .dimension),
        ("maxWidth", "max-width", .dimension), ("maxHeight", "max-height", .dimension),
        ("flexBasis", "flex-basis", .dimension), ("flexGrow", "flex-grow", .number),
        ("flexShrink", "flex-shrink", .number), ("ascender", "-weft-ascender", .number),
        ("descender", "-weft-descender", .number), ("spacingBefore", "-weft-spacing-before", .number),
        ("spacingAfter", "-weft-spacing-after", .number), ("alignSelf", "align-self", .alignSelf),
        ("layoutPosition", "-weft-layout-position", .position),
    ]

    /// Texture's align names and CSS's.
    static let alignNames: [(texture: String, css: String)] = [
        ("auto", "auto"), ("start", "flex-start"), ("end", "flex-end"), ("center", "center"),
        ("stretch", "stretch"), ("baselineFirst", "baseline"), ("baselineLast", "last baseline"),
    ]

    /// A style's declarations, CSS name and value, in snapshot order.
    static func declarations(of style: JSONObject) -> [(name: String, value: String)] {
        properties.compactMap { property in
            style[property.key].map { (property.css, cssValue($0, kind: property.kind)) }
        }
    }

    static func cssValue(_ value: JSONValue, kind: Kind) -> String {
        switch (kind, value) {
        case (.dimension, .number(let n)): return "\(format(n))px"
        case (.dimension, .string(let s)) where s.hasSuffix("pt"): return "\(s.dropLast(2))px"
        case (.alignSelf, .string(let s)): return alignNames.first { $0.texture == s }?.css ?? s
        case (.position, .array(let xy)) where xy.count == 2:
            return xy.map { "\(format($0.number ?? 0))px" }.joined(separator: " ")
        case (_, .number(let n)): return format(n)
        case (_, .string(let s)): return s
        default: return value.jsonString
        }
    }

    /// A number as CSS writes it: no `.0` on whole numbers.
    static func format(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }

    /// The layout-json key and value of a typed declaration; -32011 naming what was expected.
    static func styleEntry(name: String, value raw: String) throws(CommandError) -> (key: String, value: JSONValue) {
        let lowered = name.lowercased()
        guard let property = properties.first(where: { $0.css == lowered }) else {
            let known = properties.map(\.css).joined(separator: ", ")
            throw .invalidValue("\(name): not a layout style property (editable here: \(known))")
        }
        let value = raw.trimmingCharacters(in: .whitespaces)
        switch property.kind {
        case .dimension:
            if value == "auto" || (value.hasSuffix("%") && Double(value.dropLast()) != nil) {
                return (property.key, .string(value))
            }
            if let points = length(value) { return (property.key, .number(points)) }
            throw .invalidValue("\(name): expected a length (12px), a percentage (50%) or auto, got \"\(value)\"")
        case .number:
            guard let number = Double(value), number.isFinite else {
                throw .invalidValue("\(name): expected a number, got \"\(value)\"")
            }
            return (property.key, .number(number))
        case .alignSelf:
            guard let align = alignNames.first(where: { $0.css == value }) else {
                throw .invalidValue("\(name): expected one of \(alignNames.map(\.css).joined(separator: ", ")), got \"\(value)\"")
            }
            return (property.key, .string(align.texture))
        case .position:
            let parts = value.split(separator: " ").compactMap { length(String($0)) }
            guard parts.count == 2, value.split(separator: " ").count == 2 else {
                throw .invalidValue("\(name): expected two lengths (10px 20px), got \"\(value)\"")
            }
            return (property.key, .array(parts.map { .number($0) }))
        }
    }

    /// Texture's default for a key (what removing a declaration sets).
    static func defaultValue(for key: String) -> JSONValue? {
        StyleProperty.allCases.first { $0.key == key }?.defaultValue
    }

    /// `12`, `12px` or `12pt` as points.
    private static func length(_ text: String) -> Double? {
        var digits = Substring(text)
        if digits.hasSuffix("px") || digits.hasSuffix("pt") { digits = digits.dropLast(2) }
        guard let n = Double(digits), n.isFinite else { return nil }
        return n
    }

    /// Parses `a: b; c: d`; comments (the Styles pane's disabled declarations) are dropped. A
    /// declaration without a colon keeps its text as its name and an empty value, which
    /// `styleEntry` refuses.
    static func parse(_ text: String) -> [(name: String, value: String)] {
        var stripped = ""
        var rest = Substring(text)
        while let open = rest.range(of: "/*") {
            stripped += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "*/") else {
                rest = ""
                break
            }
            rest = rest[close.upperBound...]
        }
        stripped += rest
        var result: [(String, String)] = []
        for part in stripped.split(separator: ";") {
            let declaration = part.trimmingCharacters(in: .whitespacesAndNewlines)
            if declaration.isEmpty { continue }
            guard let colon = declaration.firstIndex(of: ":") else {
                result.append((declaration, ""))
                continue
            }
            let name = declaration[..<colon].trimmingCharacters(in: .whitespaces)
            var value = declaration[declaration.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix("!important") { value = String(value.dropLast(10)).trimmingCharacters(in: .whitespaces) }
            result.append((name, value))
        }
        return result
    }

    /// The layout-json key of a CSS property name, when it is one.
    static func key(ofCSSName name: String) -> String? {
        properties.first { $0.css == name.lowercased() }?.key
    }

    /// The spec's own properties as flex (stack) or padding (inset) declarations; none for
    /// other elements.
    static func specDeclarations(of element: Snapshot.Element) -> [(name: String, value: String)] {
        let props = element.props
        switch element.type {
        case "stack":
            let direction = props["direction"]?.string ?? "horizontal"
            var list: [(String, String)] = [("display", "flex"), ("flex-direction", direction == "vertical" ? "column" : "row")]
            list.append(("gap", "\(format(props["spacing"]?.number ?? 0))px"))
            let justify = props["justifyContent"]?.string ?? "start"
            let justifyCSS =
                [
                    "start": "flex-start", "end": "flex-end", "center": "center",
                    "spaceBetween": "space-between", "spaceAround": "space-around",
                ][justify] ?? justify
            list.append(("justify-content", justifyCSS))
            let align = props["alignItems"]?.string ?? "stretch"
            list.append(("align-items", alignNames.first { $0.texture == align }?.css ?? align))
            list.append(("flex-wrap", props["flexWrap"]?.string == "wrap" ? "wrap" : "nowrap"))
            if let lineSpacing = props["lineSpacing"]?.number { list.append(("row-gap", "\(format(lineSpacing))px")) }
            return list
        case "inset":
            let insets = insetValues(of: element)  // top, left, bottom, right; CSS: top, right, bottom, left
            return [("padding", [insets[0], insets[3], insets[2], insets[1]].map { "\(format($0))px" }.joined(separator: " "))]
        default:
            return []
        }
    }

    /// An inset spec's insets [top, left, bottom, right], infinite ones as 0.
    static func insetValues(of element: Snapshot.Element) -> [Double] {
        guard element.type == "inset", let insets = element.props["insets"]?.array, insets.count == 4 else {
            return [0, 0, 0, 0]
        }
        return insets.map { value in value.number.flatMap { $0.isFinite ? $0 : nil } ?? 0 }
    }
}
