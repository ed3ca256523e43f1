import Foundation
import WeftJSON
import WeftLayout
import WeftSnapshot

/// `Layout.evaluate`, the page's playground: lays out a layout-json document (docs/layout-json.md)
/// and answers with the layout-json output plus `"ascii"`, the root's asciiArtString. It touches
/// none of the program's nodes, so it runs off the loop's thread (`LayoutEvaluator`): however large
/// the document, the loop only hands its bytes over. Its work is bounded by the element limit,
/// so a hostile document is refused before it is laid out.
public enum LayoutEvaluation {
    public static let method = "Layout.evaluate"

    /// The most elements a document may have (docs/protocol.md, "Limits"). Reading the document
    /// costs about 6 KiB of memory per element at its peak (Foundation's JSON reader), and the
    /// whole evaluation a few microseconds per element: 100 000 stays under a second on the
    /// benchmark machine (`make bench`, "Layout.evaluate").
    public static let maximumElements = 100_000

    /// The answer's bytes, or the error: -32602 for bad params, a bad document or one above the
    /// limit.
    static func evaluate(params bytes: [UInt8], maximumElements: Int = maximumElements) -> Result<[UInt8], CommandError> {
        Result { () throws(CommandError) in
            let params = try CommandParams(bytes: bytes)
            let input = try params.value("document")
            guard input.object != nil else {
                throw .invalidParams("\"document\" must be a layout-json object, got \(input.kindDescription)")
            }
            let elements = elementCount(in: input["root"], stoppingAfter: maximumElements)
            guard elements <= maximumElements else {
                throw .invalidParams("document: more than \(maximumElements) elements (the limit of Layout.evaluate)")
            }
            let document: LayoutDocument
            do {
                document = try LayoutDocument(data: Data(input.jsonBytes))
            } catch let error as LayoutDocumentError {
                throw .invalidParams("document.\(error.description)".replacingOccurrences(of: "document.: ", with: "document: "))
            } catch {
                throw .invalidParams("document: \(error)")
            }
            let layout = document.layout()
            let output = document.encodeOutput(
                layout, ascii: document.root.element.asciiArtString, warnings: document.positionWarnings(layout))
            return Array(output.utf8)
        }
    }

    /// The elements of the tree at `element` (the members that hold elements: `child`, `overlay`,
    /// `background`, `corner`, `children`), counted up to one past `limit`. Anything that is not
    /// an element counts as one, for the decoder to refuse.
    static func elementCount(in element: JSONValue?, stoppingAfter limit: Int) -> Int {
        var count = 0
        var pending: [JSONValue] = element.map { [$0] } ?? []
        while let next = pending.popLast(), count <= limit {
            count += 1
            guard let object = next.object else { continue }
            for key in ["child", "overlay", "background", "corner"] {
                if let child = object[key] { pending.append(child) }
            }
            if let children = object["children"]?.array { pending.append(contentsOf: children) }
        }
        return count
    }
}
