import WeftJSON

/// The output of `weft layout` (docs/layout-json.md): the described tree with computed frames,
/// each relative to its parent element's origin (the unflattened layout), children in input
/// order, ids echoed (null when absent), numbers in their shortest round-trip form.
///
/// Written straight into one buffer, in the form `JSONFormatter`'s `.scalarArraysInline` style
/// gives (objects one member per line, arrays of numbers on one line): no value tree of the
/// output is built, which at 100 000 elements would outweigh the text several times.
extension LayoutDocument {
    /// The output JSON for `layout` (a layout of `root.element`), indented by two spaces,
    /// ending with a newline; with `ascii`, a member `"ascii"` holding it, and with `warnings`, a
    /// last member `"warnings"` (what `Layout.evaluate` answers).
    public func encodeOutput(_ layout: Layout, ascii: String? = nil, warnings: [String] = []) -> String {
        var members = JSONObject()
        if let ascii { members.append(key: "ascii", value: .string(ascii)) }
        if !warnings.isEmpty { members.append(key: "warnings", value: .array(warnings.map(JSONValue.string))) }
        var writer = JSONWriter(capacity: 4096)
        writeOutput(layout, members: members, into: &writer)
        return writer.string
    }

    /// `encodeOutput` into `writer`, with `members` after `"root"` (in their order).
    public func writeOutput(_ layout: Layout, members: JSONObject = JSONObject(), into writer: inout JSONWriter) {
        writer.raw("{\n  \"size\": ")
        writeNumbers([layout.size.width, layout.size.height], into: &writer)
        writer.raw(",\n  \"root\": ")
        writeElement(root, layout: layout, level: 1, into: &writer)
        for member in members {
            writer.raw(",\n  ")
            writer.string(member.key)
            writer.raw(": ")
            writer.pretty(member.value, style: .scalarArraysInline, level: 1, used: 2 + member.key.utf8.count + 4)
        }
        writer.raw("\n}\n")
    }

    private func writeElement(_ element: Element, layout: Layout, level: Int, into writer: inout JSONWriter) {
        writer.byte(UInt8(ascii: "{"))
        newline(level + 1, &writer)
        writer.raw("\"id\": ")
        if let id = element.id { writer.string(id) } else { writer.raw("null") }
        writer.byte(UInt8(ascii: ","))
        newline(level + 1, &writer)
        writer.raw("\"type\": ")
        writer.string(element.type)
        writer.byte(UInt8(ascii: ","))
        newline(level + 1, &writer)
        // Texture's frame: a position that is not finite is 0 (`positionWarnings` says so).
        writer.raw("\"frame\": ")
        let frame = layout.frame
        writer.byte(UInt8(ascii: "["))
        writeNumber(frame.origin.x, into: &writer)
        writer.raw(", ")
        writeNumber(frame.origin.y, into: &writer)
        writer.raw(", ")
        writeNumber(layout.size.width, into: &writer)
        writer.raw(", ")
        writeNumber(layout.size.height, into: &writer)
        writer.byte(UInt8(ascii: "]"))
        writer.byte(UInt8(ascii: ","))
        newline(level + 1, &writer)
        writer.raw("\"children\": [")
        let children = element.childLayouts(in: layout)
        if !children.isEmpty {
            for (index, child) in children.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                newline(level + 2, &writer)
                writeElement(child.element, layout: child.layout, level: level + 2, into: &writer)
            }
            newline(level + 1, &writer)
        }
        writer.byte(UInt8(ascii: "]"))
        newline(level, &writer)
        writer.byte(UInt8(ascii: "}"))
    }

    /// `[a, b, ...]` on one line.
    private func writeNumbers(_ values: [Double], into writer: inout JSONWriter) {
        writer.byte(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { writer.raw(", ") }
            writeNumber(value, into: &writer)
        }
        writer.byte(UInt8(ascii: "]"))
    }

    /// A number that is not finite is written `null`.
    private func writeNumber(_ value: Double, into writer: inout JSONWriter) {
        if value.isFinite { writer.number(value) } else { writer.raw("null") }
    }

    private func newline(_ level: Int, _ writer: inout JSONWriter) {
        writer.byte(UInt8(ascii: "\n"))
        for _ in 0..<level { writer.raw("  ") }
    }
}
