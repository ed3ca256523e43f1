import Foundation
import WeftJSON
import WeftLayout
import WeftSnapshot

/// `Layout.evaluate`, the page's playground: lays out a layout-json document (docs/layout-json.md)
/// and answers with the layout-json output plus `"ascii"`, the root's asciiArtString (or
/// `"asciiOmitted"` when that is too long to draw). It touches
/// none of the program's nodes, so it runs off the loop's thread (`LayoutEvaluator`): however large
/// the document, the loop only hands its bytes over. Its work is bounded by the element limit,
/// so a hostile document is refused before it is laid out.
public enum LayoutEvaluation {
    public static let method = "Layout.evaluate"

    /// The most elements a document may have (docs/protocol.md, "Limits"). The whole evaluation
    /// costs a few microseconds and about a kilobyte of memory at its peak per element: 100 000
    /// stays under a second on the benchmark machine (`make bench`, "Layout.evaluate").
    public static let maximumElements = 100_000

    /// The longest ASCII art drawn, in UTF-16 code units (1 MiB of them, some 50 000 lines of a
    /// stack of leaves): past it `"ascii"` is left out and `"asciiOmitted"` says why. Art grows
    /// faster than the tree (a horizontal box pads each child to the tallest one's height), so
    /// a document within the element limit could otherwise ask for gigabytes.
    public static let maximumAsciiArtLength = 1 << 20

    /// The answer's bytes, or the error: -32602 for bad params, a bad document or one above the
    /// limit. Each stage's data is freed before the next is made (the request's JSON before the
    /// layout, the layout-json written straight into the answer's buffer), so the peak is the
    /// largest stage, not their sum.
    static func evaluate(params bytes: [UInt8], maximumElements: Int = maximumElements) -> Result<[UInt8], CommandError> {
        Result { () throws(CommandError) in
            let (document, elements) = try readDocument(params: bytes, maximumElements: maximumElements)
            let layout = document.layout()
            var members = JSONObject()
            var artLength = 0
            let art = AsciiArt.size(of: document.root.element)
            if art.length <= maximumAsciiArtLength {
                artLength = art.length
                members.append(key: "ascii", value: .string(document.root.element.asciiArtString))
            } else {
                members.append(
                    key: "asciiOmitted",
                    value: .string(
                        "the ASCII art would be \(art.height) lines of \(art.width) characters, longer than Layout.evaluate draws (\(maximumAsciiArtLength) characters)"
                    ))
            }
            let warnings = document.positionWarnings(layout)
            if !warnings.isEmpty { members.append(key: "warnings", value: .array(warnings.map(JSONValue.string))) }
            // Room for the usual answer at once (pages not written take no memory): growing by
            // doubling would hold the old buffer and the new one together.
            var writer = JSONWriter(capacity: 128 * elements + 4 * artLength + (64 << 10))
            document.writeOutput(layout, members: members, style: .compact, into: &writer)
            return writer.bytes
        }
    }

    /// The document of the params and its number of elements, counted before they are built;
    /// the params' JSON is freed on return.
    private static func readDocument(params bytes: [UInt8], maximumElements: Int) throws(CommandError) -> (LayoutDocument, Int) {
        let input = try CommandParams(bytes: bytes).value("document")
        guard input.object != nil else {
            throw .invalidParams("\"document\" must be a layout-json object, got \(input.kindDescription)")
        }
        let elements = elementCount(in: input["root"], stoppingAfter: maximumElements)
        guard elements <= maximumElements else {
            throw .invalidParams("document: more than \(maximumElements) elements (the limit of Layout.evaluate)")
        }
        do {
            return (try LayoutDocument(json: input), elements)
        } catch let error as LayoutDocumentError {
            throw .invalidParams("document.\(error.description)".replacingOccurrences(of: "document.: ", with: "document: "))
        } catch {
            throw .invalidParams("document: \(error)")
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
