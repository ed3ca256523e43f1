import Foundation
import WeftJSON
import WeftLayout
import WeftNodes
import WeftSnapshot

/// Layout.setStyle, Layout.setSpecProperty, Layout.revertEdits and the list of live edits every
/// inspector shares (Layout.getEdits, Layout.undoEdit, Layout.redoEdit, the Layout.editsChanged
/// event); Layout.evaluate: `LayoutEvaluation`.
extension CaptureSession {
    /// Edits a style entry of a node or spec; answers with the element after the relayout.
    func setStyle(_ params: CommandParams) throws(CommandError) -> Answer {
        try edit(.style, params)
    }

    /// Edits a layout-json property of a spec; answers with the spec after the relayout.
    func setSpecProperty(_ params: CommandParams) throws(CommandError) -> Answer {
        try edit(.spec, params)
    }

    private func edit(_ kind: LiveEdit.Kind, _ params: CommandParams) throws(CommandError) -> Answer {
        let id = try params.string("id")
        let by = try params.optionalString("by")
        if let by, by.utf8.count > Self.maximumEditorLabel {
            throw .invalidParams("\"by\" is at most \(Self.maximumEditorLabel) bytes")
        }
        try applyEdit(kind, id: id, property: try params.string("property"), value: try params.value("value"), by: by)
        return .now(try relaidOutElement(id))
    }

    /// The longest `by` an edit may name: a label, not a document.
    static let maximumEditorLabel = 200

    /// Makes an edit and lists it, with the element's name, path and value before, read now.
    /// Chrome DevTools' style edits (a request per keystroke) come here too, so the path is read
    /// from the published document, and a fresh capture is taken only for an element it lacks.
    func applyEdit(_ kind: LiveEdit.Kind, id: String, property: String, value: JSONValue, by: String?) throws(CommandError) {
        let roots = inspectedRoots
        let element = Capture.element(withId: id, in: roots)
        let before = element.flatMap { kind == .style ? $0.style[property] : $0.props[property] }
        let path =
            publisher.flush().published.flatMap { StructuralPath.paths(of: $0, ids: [id])[id] }
            ?? StructuralPath.paths(of: Capture.snapshot(of: roots, meta: meta), ids: [id])[id] ?? id
        let edit = LiveEdit(
            id: id, name: element?.displayName ?? id, path: path, kind: kind, property: property, old: before, value: value,
            by: by)
        try edits.apply(edit, roots: roots)
    }

    /// Drops the edits of one element (`id`), of one of its properties (`id` and `property`),
    /// or all; an id that has no edits and names nothing is -32010.
    func revertEdits(_ params: CommandParams) throws(CommandError) -> Answer {
        let id = try params.optionalString("id")
        let property = try params.optionalString("property")
        if property != nil, id == nil { throw .invalidParams("\"property\" reverts one property of the element \"id\" names") }
        let reverted = edits.revert(id: id, property: property, roots: inspectedRoots)
        if let id, !reverted, Capture.element(withId: id, in: inspectedRoots) == nil { throw .unknownElement(id) }
        for root in inspectedRoots { root.layoutIfNeeded() }
        return .now(Self.emptyObject)
    }

    /// Undoes the last edit (whoever made it); answers with the list after it.
    func undoEdit() throws(CommandError) -> Answer {
        try edits.undo(roots: inspectedRoots)
        for root in inspectedRoots { root.layoutIfNeeded() }
        return .now(editsList())
    }

    /// Makes the last undone edit again; answers with the list after it.
    func redoEdit() throws(CommandError) -> Answer {
        try edits.redo(roots: inspectedRoots)
        for root in inspectedRoots { root.layoutIfNeeded() }
        return .now(editsList())
    }

    /// `{"edits": [...], "undo": n, "redo": n}` (Layout.getEdits).
    func editsList() -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + 256 * edits.live.count)
        writer.byte(UInt8(ascii: "{"))
        writeEditsList(into: &writer)
        writer.byte(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// The members of `editsList()` (the event has them too).
    func writeEditsList(into writer: inout JSONWriter) {
        writer.raw("\"edits\":[")
        for (index, edit) in edits.live.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            edit.encode(into: &writer)
        }
        writer.raw("],\"undo\":")
        writer.int(edits.undoCount)
        writer.raw(",\"redo\":")
        writer.int(edits.redoCount)
    }

    /// The element `id` after laying its tree out again (the owner's edits made it stale).
    private func relaidOutElement(_ id: String) throws(CommandError) -> [UInt8] {
        let roots = inspectedRoots
        for root in roots { root.layoutIfNeeded() }
        guard let element = Capture.element(withId: id, in: roots) else {
            throw .unknownElement(id)  // the edit changed the spec tree's shape
        }
        return Self.elementResult(element)
    }
}
