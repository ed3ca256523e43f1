import Foundation
import WeftJSON
import WeftLayout
import WeftNodes
import WeftSnapshot

/// Layout.setStyle, Layout.setSpecProperty and Layout.revertEdits (Layout.evaluate: `LayoutEvaluation`).
extension CaptureSession {
    /// Edits a style entry of a node or spec; answers with the element after the relayout.
    func setStyle(_ params: CommandParams) throws(CommandError) -> Answer {
        let id = try params.string("id")
        try edits.setStyle(
            id: id, property: try params.string("property"), value: try params.value("value"), roots: inspectedRoots)
        return .now(try relaidOutElement(id))
    }

    /// Edits a layout-json property of a spec; answers with the spec after the relayout.
    func setSpecProperty(_ params: CommandParams) throws(CommandError) -> Answer {
        let id = try params.string("id")
        try edits.setSpecProperty(
            id: id, property: try params.string("property"), value: try params.value("value"),
            roots: inspectedRoots)
        return .now(try relaidOutElement(id))
    }

    /// Drops the edits of one element, or all; an id that has no edits and names nothing is -32010.
    func revertEdits(_ params: CommandParams) throws(CommandError) -> Answer {
        let id = try params.optionalString("id")
        let reverted = edits.revert(id: id, roots: inspectedRoots)
        if let id, !reverted, Capture.element(withId: id, in: inspectedRoots) == nil { throw .unknownElement(id) }
        for root in inspectedRoots { root.layoutIfNeeded() }
        return .now(Self.emptyObject)
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
