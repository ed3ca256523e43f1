import WeftLayout

/// An element's ASCII art as the device methods answer it (Layout.getAsciiArt, Layout.evaluate):
/// measured first (`AsciiArt.size`, no drawing) and drawn only up to `maximumLength`. Art grows
/// faster than the tree (a horizontal box pads each child to the tallest one's height), so a
/// small subtree could otherwise have the program build gigabytes.
enum DrawnAsciiArt {
    /// The art, exactly as `asciiArtString` draws it.
    case drawn(String)
    /// The sentence saying how large the art would be, in its place.
    case omitted(String)

    /// The longest art drawn, in UTF-16 code units (1 MiB of them, some 50 000 lines of a stack
    /// of leaves); docs/protocol.md, "Limits of the device methods".
    static let maximumLength = 1 << 20

    /// The art of `element`, or why it is left out of `method`'s answer.
    init(of element: any LayoutElement, for method: String) {
        let size = AsciiArt.size(of: element)
        guard size.length <= Self.maximumLength else {
            self = .omitted(
                "the ASCII art would be \(size.height) lines of \(size.width) characters, longer than \(method) draws (\(Self.maximumLength) characters)"
            )
            return
        }
        self = .drawn(element.asciiArtString)
    }

    /// The answer's member for this art under `key`: `key` and the art, or `keyOmitted` and the sentence.
    func member(_ key: String) -> (key: String, value: String) {
        switch self {
        case .drawn(let text): (key, text)
        case .omitted(let why): (key + "Omitted", why)
        }
    }

    /// The art's length in UTF-16 code units (0 when omitted), to size the answer's buffer.
    var length: Int {
        if case .drawn(let text) = self { text.utf16.count } else { 0 }
    }
}
