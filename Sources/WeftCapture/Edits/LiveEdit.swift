import WeftJSON

/// One live edit as every attached inspector lists it (docs/protocol.md, `Layout.editsChanged`):
/// which element (its id, name and structural path when edited), which property, the value
/// before the first edit of it and the value now, and who made it when the request said so.
struct LiveEdit {
    /// Which method made it: a style entry (`Layout.setStyle`) or a spec's layout-json property
    /// (`Layout.setSpecProperty`).
    enum Kind: String {
        case style, spec
    }

    /// What changed the list (the event's `change`).
    enum Change: String {
        case applied, reverted, undone, redone, dropped
    }

    let id: String
    /// The element's name as ASCII art prints it (`ASTextNode (title)`).
    let name: String
    /// The element's structural path when it was edited (docs/cli.md, Paths).
    let path: String
    let kind: Kind
    let property: String
    /// The value before the first edit of this property; nil when the element did not set it
    /// (its default).
    var old: JSONValue?
    var value: JSONValue
    /// Who made it, as the request's `by` said (an inspector's label, "Chrome DevTools").
    let by: String?

    /// Whether both edit the same property of the same element (one replaces the other).
    func isSame(as other: LiveEdit) -> Bool {
        id == other.id && kind == other.kind && property == other.property
    }

    func encode(into writer: inout JSONWriter) {
        writer.raw("{\"id\":")
        writer.string(id)
        writer.raw(",\"name\":")
        writer.string(name)
        writer.raw(",\"path\":")
        writer.string(path)
        writer.raw(",\"kind\":")
        writer.string(kind.rawValue)
        writer.raw(",\"property\":")
        writer.string(property)
        writer.raw(",\"old\":")
        writer.value(old ?? .null)
        writer.raw(",\"value\":")
        writer.value(value)
        if let by {
            writer.raw(",\"by\":")
            writer.string(by)
        }
        writer.byte(UInt8(ascii: "}"))
    }
}
