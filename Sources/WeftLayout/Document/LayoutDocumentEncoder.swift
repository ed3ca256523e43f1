import WeftJSON

/// The output of `weft layout` (docs/layout-json.md): the described tree with computed frames,
/// each relative to its parent element's origin (the unflattened layout), children in input
/// order, ids echoed (null when absent), numbers in their shortest round-trip form.
///
/// Written straight into one buffer, as `JSONFormatter`'s `.scalarArraysInline` style indents
/// it (objects one member per line, arrays of numbers on one line) or compact: no value tree of
/// the output is built, which at 100 000 elements would weigh several times the text.
extension LayoutDocument {
    /// How the output is laid out as text.
    public enum OutputStyle: Sendable {
        /// Two spaces per level, objects one member per line, arrays of scalars on one line,
        /// ending with a newline: `weft layout`'s files, which people read and diff.
        case indented
        /// No whitespace: an answer a program reads (`Layout.evaluate`), whose size is then
        /// proportional to the elements whatever their depth (indentation grows with it).
        case compact
    }

    /// The output JSON for `layout` (a layout of `root.element`), indented by two spaces,
    /// ending with a newline; with `ascii`, a member `"ascii"` holding it, and with `warnings`, a
    /// last member `"warnings"`.
    public func encodeOutput(_ layout: Layout, ascii: String? = nil, warnings: [String] = []) -> String {
        var members = JSONObject()
        if let ascii { members.append(key: "ascii", value: .string(ascii)) }
        if !warnings.isEmpty { members.append(key: "warnings", value: .array(warnings.map(JSONValue.string))) }
        var writer = JSONWriter(capacity: 4096)
        writeOutput(layout, members: members, style: .indented, into: &writer)
        return writer.string
    }

    /// The output JSON for `layout` in `style`, with `members` after `"root"` in their order,
    /// appended to `writer`.
    public func writeOutput(
        _ layout: Layout, members: JSONObject = JSONObject(), style: OutputStyle, into writer: inout JSONWriter
    ) {
        var output = OutputWriter(writer: writer, indented: style == .indented)
        output.open("{", level: 0)
        output.key("size")
        output.numbers(layout.size.width, layout.size.height)
        output.separator(level: 1)
        output.key("root")
        writeElement(root, layout: layout, level: 1, into: &output)
        for member in members {
            output.separator(level: 1)
            output.key(member.key)
            if output.indented {
                output.writer.pretty(member.value, style: .scalarArraysInline, level: 1, used: 2 + member.key.utf8.count + 4)
            } else {
                output.writer.value(member.value)
            }
        }
        output.close("}", level: 0)
        if output.indented { output.writer.byte(UInt8(ascii: "\n")) }
    }

    private func writeElement(_ element: Element, layout: Layout, level: Int, into output: inout OutputWriter) {
        output.open("{", level: level)
        output.key("id")
        if let id = element.id { output.writer.string(id) } else { output.writer.raw("null") }
        output.separator(level: level + 1)
        output.key("type")
        output.writer.string(element.type)
        output.separator(level: level + 1)
        // Texture's frame: a position that is not finite is 0 (`positionWarnings` says so).
        output.key("frame")
        let frame = layout.frame
        output.numbers(frame.origin.x, frame.origin.y, frame.size.width, frame.size.height)
        output.separator(level: level + 1)
        output.key("children")
        var first = true
        element.forEachChildLayout(in: layout) { _, child, childLayout in
            if first {
                output.open("[", level: level + 1)
                first = false
            } else {
                output.separator(level: level + 2)
            }
            writeElement(child, layout: childLayout, level: level + 2, into: &output)
        }
        if first { output.writer.raw("[]") } else { output.close("]", level: level + 1) }
        output.close("}", level: level)
    }
}

/// The punctuation of the two output styles: `open` and `close` a container whose members are
/// on lines of their own at `level + 1` when indented, `separator` between members.
private struct OutputWriter {
    var writer: JSONWriter
    let indented: Bool

    mutating func open(_ bracket: StaticString, level: Int) {
        writer.raw(bracket)
        newline(level + 1)
    }

    mutating func close(_ bracket: StaticString, level: Int) {
        newline(level)
        writer.raw(bracket)
    }

    mutating func separator(level: Int) {
        writer.byte(UInt8(ascii: ","))
        newline(level)
    }

    mutating func key(_ key: StaticString) {
        writer.byte(UInt8(ascii: "\""))
        writer.raw(key)
        writer.raw(indented ? "\": " : "\":")
    }

    mutating func key(_ key: String) {
        writer.string(key)
        writer.raw(indented ? ": " : ":")
    }

    /// `[width, height]` on one line.
    mutating func numbers(_ width: Double, _ height: Double) {
        writer.byte(UInt8(ascii: "["))
        number(width)
        comma()
        number(height)
        writer.byte(UInt8(ascii: "]"))
    }

    /// `[x, y, width, height]` on one line.
    mutating func numbers(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        writer.byte(UInt8(ascii: "["))
        number(x)
        comma()
        number(y)
        comma()
        number(width)
        comma()
        number(height)
        writer.byte(UInt8(ascii: "]"))
    }

    /// A number that is not finite is written `null`.
    private mutating func number(_ value: Double) {
        if value.isFinite { writer.number(value) } else { writer.raw("null") }
    }

    private mutating func comma() { writer.raw(indented ? ", " : ",") }

    private mutating func newline(_ level: Int) {
        guard indented else { return }
        writer.byte(UInt8(ascii: "\n"))
        for _ in 0..<level { writer.raw("  ") }
    }
}
