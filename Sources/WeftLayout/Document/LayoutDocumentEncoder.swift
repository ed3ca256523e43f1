/// The output of `weft layout` (docs/layout-json.md): the described tree with computed frames,
/// each relative to its parent element's origin (the unflattened layout), children in input
/// order, ids echoed (null when absent), numbers in their shortest round-trip form.
extension LayoutDocument {
    /// The output JSON for `layout` (a layout of `root.element`), indented by two spaces,
    /// ending with a newline.
    public func encodeOutput(_ layout: Layout) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("size")
        writer.numbers([layout.size.width, layout.size.height])
        writer.key("root")
        write(root, layout: layout, into: &writer)
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
        let frame = layout.frame  // Texture's: a position that is not finite prints 0 (`positionWarnings`)
        writer.numbers([frame.origin.x, frame.origin.y, frame.size.width, frame.size.height])
        writer.key("children")
        writer.beginArray()
        for child in element.children {
            // The spec's sublayout for this child (specs may order their sublayouts differently
            // from the input, e.g. background first).
            if let sublayout = layout.sublayouts.first(where: { $0.element === child.element }) {
                write(child, layout: sublayout, into: &writer)
            }
        }
        writer.endArray()
        writer.endObject()
    }
}
