import WeftJSON

/// The structured form of an explanation (docs/layout-json.md, "Explanations"): what
/// `weft layout --explain ID --format json` prints and `Layout.explain` answers.
extension LayoutExplanation {
    /// The explanation as JSON, indented by two spaces, ending with a newline. `id` names an
    /// element the way the caller's users know it (a layout-json id, a snapshot id), or nil.
    public func encodeJSON(id: (any LayoutElement) -> String?) -> String {
        let output: JSONValue = [
            "scale": Self.length(scale),
            "chain": .array(links.map { json($0, id: id) }),
            "text": .string(text),
        ]
        return JSONFormatter.indentedString(output, style: .scalarArraysInline) + "\n"
    }

    private func json(_ link: Link, id: (any LayoutElement) -> String?) -> JSONValue {
        let sections = [
            ("parent", link.fromParent), ("style", link.style), ("own", link.own),
            ("rounding", link.rounding.map { [$0] } ?? []),
        ]
        return [
            "id": id(link.element).map(JSONValue.string) ?? .null,
            "name": .string(link.name),
            "childIndex": link.childIndex.map { Self.length(Double($0)) } ?? .null,
            "frame": Self.lengths([link.frame.minX, link.frame.minY, link.frame.width, link.frame.height]),
            "constrainedSize": Self.json(link.constrainedSize),
            "parentSize": Self.lengths([link.parentSize.width, link.parentSize.height]),
            "resolvedSize": link.resolvedSize.map(Self.json) ?? .null,
            "steps": .array(sections.flatMap { section, steps in steps.map { Self.json($0, section: section) } }),
        ]
    }

    private static func json(_ range: SizeRange) -> JSONValue {
        ["min": lengths([range.min.width, range.min.height]), "max": lengths([range.max.width, range.max.height])]
    }

    private static func json(_ step: LayoutTrace.Step, section: String) -> JSONValue {
        var object: JSONObject = ["section": .string(section), "rule": .string(step.rule)]
        if let child = step.child { object.append(key: "child", value: length(Double(child))) }
        var values = JSONObject()
        for value in step.values { values.append(key: value.name, value: length(value.value)) }
        object.append(key: "values", value: .object(values))
        object.append(key: "sentence", value: .string(step.sentence))
        return .object(object)
    }

    /// A length where infinity is a valid value: `"inf"` / `"-inf"` as in layout-json and
    /// snapshots; NaN (unknown) is null.
    private static func length(_ value: Double) -> JSONValue {
        if value.isInfinite { return .string(value < 0 ? "-inf" : "inf") }
        return value.isNaN ? .null : .number(value)
    }

    private static func lengths(_ values: [Double]) -> JSONValue { .array(values.map(length)) }
}
