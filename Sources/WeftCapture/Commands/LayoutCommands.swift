import Foundation
import WeftLayout
import WeftNodes
import WeftSnapshot

/// Layout.setStyle, Layout.setSpecProperty, Layout.revertEdits and Layout.evaluate.
extension CaptureSession {
    /// Edits a style entry of a node or spec; answers with the element after the relayout.
    func setStyle(_ params: CommandParams) throws(CommandError) -> Answer {
        let id = try params.string("id")
        try edits.setStyle(id: id, property: try params.string("property"), value: try params.value("value"), roots: inspectedRoots)
        return .now(try relaidOutElement(id))
    }

    /// Edits a layout-json property of a spec; answers with the spec after the relayout.
    func setSpecProperty(_ params: CommandParams) throws(CommandError) -> Answer {
        let id = try params.string("id")
        try edits.setSpecProperty(id: id, property: try params.string("property"), value: try params.value("value"),
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

    /// The page's playground: lays out a layout-json document (docs/layout-json.md) and answers
    /// with the layout-json output plus `"ascii"`, the root's asciiArtString. It runs on the main
    /// loop but touches none of the program's nodes.
    func evaluate(_ params: CommandParams) throws(CommandError) -> Answer {
        let input = try params.value("document")
        guard input.object != nil else { throw .invalidParams("\"document\" must be a layout-json object, got \(input.kindDescription)") }
        let document: LayoutDocument
        do {
            document = try LayoutDocument(data: Data(input.jsonBytes))
        } catch let error as LayoutDocumentError {
            throw .invalidParams("document.\(error.description)".replacingOccurrences(of: "document.: ", with: "document: "))
        } catch {
            throw .invalidParams("document: \(error)")
        }
        let layout = document.layout()
        guard case .object(var output)? = try? JSONReader.parse(document.encodeOutput(layout)) else {
            throw CommandError(code: CommandError.internalErrorCode, message: "the layout output is not a JSON object")
        }
        output.append(key: "ascii", value: .string(document.root.element.asciiArtString))
        let warnings = document.positionWarnings(layout)
        if !warnings.isEmpty { output.append(key: "warnings", value: .array(warnings.map { .string($0) })) }
        return .now(JSONValue.object(output).jsonBytes)
    }
}
