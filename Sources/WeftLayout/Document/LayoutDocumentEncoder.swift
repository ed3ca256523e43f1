/// The output of `weft layout` (docs/layout-json.md): the described tree with computed frames,
/// each relative to its parent element's origin (the unflattened layout), children in input
/// order, ids echoed (null when absent), numbers in their shortest round-trip form.
extension LayoutDocument {
    /// The output JSON for `layout` (a layout of `root.element`), indented by two spaces,
    /// ending with a newline; with `ascii`, a last member `"ascii"` holding it (what
    /// `Layout.evaluate` answers).
    public func encodeOutput(_ layout: Layout, ascii: String? = nil) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("size")
        writer.numbers([layout.size.width, layout.size.height])
        writer.key("root")
        write(root, layout: layout, into: &writer)
        if let ascii {
            writer.key("ascii")
            writer.string(ascii)
        }
        writer.endObject()
        return writer.text + "\n"
    }

    private func write(_ element: Element, layout: Layout, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id")
        if let id = element.id { writer.string(id) } else { writer.null() }
        writer.key("type")
        writer.string(element.type)
        writer.key("frame")
        writer.numbers([layout.position.x, layout.position.y, layout.size.width, layout.size.height])
        writer.key("children")
        writer.beginArray()
        // The spec's sublayout for each child, found by identity (specs may order their
        // sublayouts differently from the input, e.g. background first); one index, not a scan
        // per child, keeps a spec of many children linear.
        var sublayoutIndex: [ObjectIdentifier: Int] = [:]
        sublayoutIndex.reserveCapacity(layout.sublayouts.count)
        for (index, sublayout) in layout.sublayouts.enumerated() {
            let key = ObjectIdentifier(sublayout.element)
            if sublayoutIndex[key] == nil { sublayoutIndex[key] = index }
        }
        for child in element.children {
            if let index = sublayoutIndex[ObjectIdentifier(child.element)] {
                write(child, layout: layout.sublayouts[index], into: &writer)
            }
        }
        writer.endArray()
        writer.endObject()
    }
}
