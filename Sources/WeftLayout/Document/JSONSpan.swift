import WeftJSON

/// A container of a well-formed JSON text that holds elements (the document, an element, a
/// `children` array), read only when the decoder comes to it: a document is decoded one element
/// at a time, so its JSON never exists as a whole tree (at 100 000 elements that tree weighed
/// more than the layout itself).
struct JSONSpan {
    /// The text, lent for the time of the decoding (`LayoutDocument.init(wellFormed:)`).
    let text: UnsafeBufferPointer<UInt8>
    /// Where the container's bytes are in `text`.
    let range: Range<Int>
    /// Where each container left unread so far ends, by where it starts in `text`.
    let ends: ContainerEnds

    /// The ends of the containers skipped so far that hold more of them: each is found once, by
    /// the skip of the outermost, so that reading nested containers one by one does not scan
    /// their text again at every level (which made a document as deep as the params allow five
    /// times slower).
    final class ContainerEnds {
        var byStart: [Int: Int] = [:]
    }

    /// The members whose values may hold elements: an object or array there is left unread.
    static let elementKeys: Set<String> = ["root", "child", "overlay", "background", "corner", "children"]

    /// The members of the object here in order, each read, except objects and arrays under
    /// `elementKeys`: those are an empty placeholder of their kind and a span of their own.
    func members() throws -> (object: JSONObject, spans: [(key: String, span: JSONSpan)]) {
        var object = JSONObject()
        var spans: [(key: String, span: JSONSpan)] = []
        try scan { scanner in
            try scanner.readObject(checkingDuplicates: false) { scanner, key in
                if Self.elementKeys.contains(key), let (placeholder, span) = try deferred(&scanner) {
                    object.append(key: key, value: placeholder)
                    spans.append((key, span))
                } else {
                    object.append(key: key, value: try scanner.readValue())
                }
            }
        }
        return (object, spans)
    }

    /// The elements of the array here, objects and arrays left unread (as in `members`).
    func elements() throws -> [(value: JSONValue, span: JSONSpan?)] {
        var elements: [(value: JSONValue, span: JSONSpan?)] = []
        try scan { scanner in
            try scanner.readArray { scanner, _ in
                if let (placeholder, span) = try deferred(&scanner) {
                    elements.append((placeholder, span))
                } else {
                    elements.append((try scanner.readValue(), nil))
                }
            }
        }
        return elements
    }

    /// The one value of the text `whole` spans: read when a scalar, left unread (an empty one
    /// and its span) when a container.
    static func first(in whole: JSONSpan) throws -> (value: JSONValue, span: JSONSpan?) {
        var first: (value: JSONValue, span: JSONSpan?) = (.null, nil)
        try whole.scan { scanner in
            if let (placeholder, span) = try whole.deferred(&scanner) {
                first = (placeholder, span)
            } else {
                first = (try scanner.readValue(), nil)
            }
        }
        return first
    }

    /// For an object or an array next: skips it, giving an empty one and its span.
    private func deferred(_ scanner: inout JSONScanner) throws -> (JSONValue, JSONSpan)? {
        let placeholder: JSONValue
        switch scanner.peek() {
        case UInt8(ascii: "{"): placeholder = .object(JSONObject())
        case UInt8(ascii: "["): placeholder = .array([])
        default: return nil
        }
        let start = scanner.position
        if let end = ends.byStart.removeValue(forKey: range.lowerBound + start) {
            scanner.position = end - range.lowerBound
        } else {
            try skip(&scanner, holdingElements: true)
        }
        return (
            placeholder, JSONSpan(text: text, range: range.lowerBound + start..<range.lowerBound + scanner.position, ends: ends)
        )
    }

    /// Skips the value next, noting where the containers it holds that will be read one by one
    /// end (those under `elementKeys`, and their items) when they hold more of them: a leaf's
    /// object is only scanned again when it is read, which costs no more than its bytes.
    /// Returns whether the value is such a container.
    @discardableResult
    private func skip(_ scanner: inout JSONScanner, holdingElements: Bool) throws -> Bool {
        let start = scanner.position
        var holdsMore = false
        switch scanner.peek() {
        case UInt8(ascii: "{"):
            try scanner.readObject(checkingDuplicates: false) { scanner, key in
                if try skip(&scanner, holdingElements: Self.elementKeys.contains(key)) { holdsMore = true }
            }
        case UInt8(ascii: "["):
            try scanner.readArray { scanner, _ in
                if try skip(&scanner, holdingElements: holdingElements) { holdsMore = true }
            }
        default:
            try scanner.skipValue()
            return false
        }
        if holdingElements && holdsMore { ends.byStart[range.lowerBound + start] = range.lowerBound + scanner.position }
        return holdingElements
    }

    private func scan(_ body: (inout JSONScanner) throws -> Void) throws {
        try JSONScanner.scan(UnsafeBufferPointer(rebasing: text[range]), maxDepth: .max, body)
    }
}
