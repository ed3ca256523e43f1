import WeftJSON

/// The output of `weft layout` (docs/layout-json.md): the described tree with computed frames,
/// each relative to its parent element's origin (the unflattened layout), children in input
/// order, ids echoed (null when absent), numbers in their shortest round-trip form.
extension LayoutDocument {
    /// The output JSON for `layout` (a layout of `root.element`), indented by two spaces,
    /// ending with a newline; with `ascii`, a member `"ascii"` holding it, and with `warnings`, a
    /// last member `"warnings"` (what `Layout.evaluate` answers).
    public func encodeOutput(_ layout: Layout, ascii: String? = nil, warnings: [String] = []) -> String {
        var output: JSONObject = [
            "size": numbers([layout.size.width, layout.size.height]),
            "root": json(root, layout: layout),
        ]
        if let ascii { output.append(key: "ascii", value: .string(ascii)) }
        if !warnings.isEmpty { output.append(key: "warnings", value: .array(warnings.map(JSONValue.string))) }
        return JSONFormatter.indentedString(.object(output), style: .scalarArraysInline) + "\n"
    }

    private func json(_ element: Element, layout: Layout) -> JSONValue {
        let children = element.childLayouts(in: layout).map { json($0.element, layout: $0.layout) }
        return .object([
            "id": element.id.map(JSONValue.string) ?? .null,
            "type": .string(element.type),
            // Texture's frame: a position that is not finite is 0 (`positionWarnings` says so).
            "frame": numbers([layout.frame.origin.x, layout.frame.origin.y, layout.size.width, layout.size.height]),
            "children": .array(children),
        ])
    }

    /// A number that is not finite is written `null`.
    private func numbers(_ values: [Double]) -> JSONValue {
        .array(values.map { $0.isFinite ? .number($0) : .null })
    }
}
