/// The structured form of an explanation (docs/layout-json.md, "Explanations"): what
/// `weft layout --explain ID --format json` prints and `Layout.explain` answers.
extension LayoutExplanation {
    /// The explanation as JSON, indented by two spaces, ending with a newline. `id` names an
    /// element the way the caller's users know it (a layout-json id, a snapshot id), or nil.
    public func encodeJSON(id: (any LayoutElement) -> String?) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("scale")
        writer.length(scale)
        writer.key("chain")
        writer.beginArray()
        for link in links { write(link, id: id, into: &writer) }
        writer.endArray()
        writer.key("text")
        writer.string(text)
        writer.endObject()
        return writer.text + "\n"
    }

    private func write(_ link: Link, id: (any LayoutElement) -> String?, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id")
        if let elementID = id(link.element) { writer.string(elementID) } else { writer.null() }
        writer.key("name")
        writer.string(link.name)
        writer.key("childIndex")
        if let index = link.childIndex { writer.length(Double(index)) } else { writer.null() }
        writer.key("frame")
        writer.lengths([link.frame.minX, link.frame.minY, link.frame.width, link.frame.height])
        writer.key("constrainedSize")
        Self.write(link.constrainedSize, into: &writer)
        writer.key("parentSize")
        writer.lengths([link.parentSize.width, link.parentSize.height])
        writer.key("resolvedSize")
        if let resolved = link.resolvedSize { Self.write(resolved, into: &writer) } else { writer.null() }
        writer.key("steps")
        writer.beginArray()
        for (section, steps) in [("parent", link.fromParent), ("style", link.style), ("own", link.own),
                                 ("rounding", link.rounding.map { [$0] } ?? [])] {
            for step in steps { Self.write(step, section: section, into: &writer) }
        }
        writer.endArray()
        writer.endObject()
    }

    private static func write(_ range: SizeRange, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("min")
        writer.lengths([range.min.width, range.min.height])
        writer.key("max")
        writer.lengths([range.max.width, range.max.height])
        writer.endObject()
    }

    private static func write(_ step: LayoutTrace.Step, section: String, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("section")
        writer.string(section)
        writer.key("rule")
        writer.string(step.rule)
        if let child = step.child {
            writer.key("child")
            writer.length(Double(child))
        }
        writer.key("values")
        writer.beginObject()
        for value in step.values {
            writer.key(value.name)
            writer.length(value.value)
        }
        writer.endObject()
        writer.key("sentence")
        writer.string(step.sentence)
        writer.endObject()
    }
}
