import Foundation
import WeftJSON
import WeftLayout
import WeftSnapshot

/// `Layout.evaluate`, the page's playground: lays out a layout-json document (docs/layout-json.md)
/// and answers with the layout-json output plus `"ascii"`, the root's asciiArtString (or
/// `"asciiOmitted"` when that is too long to draw). It touches none of the program's nodes, so
/// it runs off the loop's thread (`LayoutEvaluator`): however large the document, the loop only
/// hands its bytes over. Its work is bounded by the element limit,
/// so a hostile document is refused before it is laid out.
public enum LayoutEvaluation {
    public static let method = "Layout.evaluate"

    /// The most elements a document may have (docs/protocol.md, "Limits"). The whole evaluation
    /// costs a few microseconds and about a kilobyte of memory at its peak per element: 100 000
    /// stays under a second on the benchmark machine (`make bench`, "Layout.evaluate").
    public static let maximumElements = 100_000

    /// The answer's bytes, or the error: -32602 for bad params, a bad document or one above the
    /// limit. No stage keeps more than it needs: the request is read as text into the elements
    /// (no tree of its JSON), and the layout-json is written straight into the answer's buffer.
    static func evaluate(params bytes: [UInt8], maximumElements: Int = maximumElements) -> Result<[UInt8], CommandError> {
        Result { () throws(CommandError) in
            let (document, elements) = try readDocument(params: bytes, maximumElements: maximumElements)
            let layout = document.layout()
            var members = JSONObject()
            let art = DrawnAsciiArt(of: document.root.element, for: method)
            let ascii = art.member("ascii")
            members.append(key: ascii.key, value: .string(ascii.value))
            let warnings = document.positionWarnings(layout)
            if !warnings.isEmpty { members.append(key: "warnings", value: .array(warnings.map(JSONValue.string))) }
            // Room for the usual answer at once (pages not written take no memory): growing by
            // doubling would hold the old buffer and the new one together.
            var writer = JSONWriter(capacity: 128 * elements + 4 * art.length + (64 << 10))
            document.writeOutput(layout, members: members, style: .compact, into: &writer)
            return writer.bytes
        }
    }

    /// The document of the params and its number of elements, counted before they are built.
    /// The params are read as text, piece by piece (checked whole first, as any params are): no
    /// tree of them is built, and the document's elements are decoded one at a time.
    private static func readDocument(params bytes: [UInt8], maximumElements: Int) throws(CommandError) -> (LayoutDocument, Int) {
        // Empty params are `{}`, as for every method (`CommandParams`).
        guard !bytes.allSatisfy(isWhitespace) else { throw .invalidParams("missing \"document\"") }
        var documentRange: Range<Int>?
        do {
            try JSONReader.validate(bytes, maxDepth: CommandParams.maximumDepth)
            let kind = kindOfValue(bytes[...])
            guard kind == "an object" else { throw CommandError.invalidParams("params must be an object, got \(kind)") }
            try JSONReader.forEachMember(in: bytes, maxDepth: CommandParams.maximumDepth) { key, member in
                if key == "document" { documentRange = try member.skip() }
                return true
            }
        } catch let error as CommandError {
            throw error
        } catch {
            throw .invalidParams("params are not valid JSON: \(error)")
        }
        guard let documentRange else { throw .invalidParams("missing \"document\"") }
        let text = bytes[documentRange]
        let kind = kindOfValue(text)
        guard kind == "an object" else { throw .invalidParams("\"document\" must be a layout-json object, got \(kind)") }
        let elements = elementCount(in: text, stoppingAfter: maximumElements)
        guard elements <= maximumElements else {
            throw .invalidParams("document: more than \(maximumElements) elements (the limit of Layout.evaluate)")
        }
        do {
            return (try LayoutDocument(wellFormed: text), elements)
        } catch let error as LayoutDocumentError {
            throw .invalidParams(error.path.isEmpty ? "document: \(error.message)" : "document.\(error.path): \(error.message)")
        } catch {
            throw .invalidParams("document: \(error)")
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// "an object", "an array", ... for the well-formed value `text` holds.
    private static func kindOfValue(_ text: ArraySlice<UInt8>) -> String {
        (try? JSONScanner.scan(text) { scanner in
            defer { scanner.position = text.count }
            return scanner.describeNextValue()
        }) ?? "an unreadable value"
    }

    /// The elements of the layout-json document `text` (well-formed JSON): its `root` and the
    /// values of the members that hold elements (`child`, `overlay`, `background`, `corner`, the
    /// items of `children`), counted up to one past `limit` without building them. Anything that
    /// is not an element counts as one, for the decoder to refuse.
    static func elementCount(in text: ArraySlice<UInt8>, stoppingAfter limit: Int) -> Int {
        struct Counted: Error {}
        var count = 0
        func countElement(_ scanner: inout JSONScanner) throws {
            count += 1
            if count > limit { throw Counted() }
            guard scanner.peek() == UInt8(ascii: "{") else { return try scanner.skipValue() }
            try countMembers(&scanner, elementKeys: ["child", "overlay", "background", "corner"])
        }
        func countMembers(_ scanner: inout JSONScanner, elementKeys: Set<String>) throws {
            try scanner.readObject(checkingDuplicates: false) { scanner, key in
                if elementKeys.contains(key) {
                    try countElement(&scanner)
                } else if key == "children", scanner.peek() == UInt8(ascii: "[") {
                    try scanner.readArray { scanner, _ in try countElement(&scanner) }
                } else {
                    try scanner.skipValue()
                }
            }
        }
        do {
            try JSONScanner.scan(text) { scanner in
                guard scanner.peek() == UInt8(ascii: "{") else { return try scanner.skipValue() }
                try countMembers(&scanner, elementKeys: ["root"])
            }
        } catch {}
        return count
    }
}
