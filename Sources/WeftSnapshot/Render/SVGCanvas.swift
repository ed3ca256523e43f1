import WeftJSON

/// A minimal SVG writer: elements appended as text, numbers in shortest form, text escaped.
struct SVGCanvas {
    private(set) var body = ""
    /// The clip paths written so far, by rectangle (`clipPathID`).
    private var clipPaths: [String: String] = [:]

    static func number(_ value: Double) -> String {
        var writer = JSONWriter(capacity: 24)
        writer.number(value.isFinite ? value : 0)
        return writer.string
    }

    static func escape(_ text: String) -> String {
        SemanticDiffReport.escapeXML(text)
    }

    /// `name="value"` pairs; numbers are formatted, strings escaped.
    private static func attributes(_ pairs: [(String, Any)]) -> String {
        pairs.map { name, value in
            let text: String
            switch value {
            case let double as Double: text = Self.number(double)
            case let integer as Int: text = String(integer)
            default: text = escape("\(value)")
            }
            return " \(name)=\"\(text)\""
        }.joined()
    }

    mutating func open(_ tag: String, _ pairs: [(String, Any)] = []) {
        body += "<\(tag)\(Self.attributes(pairs))>"
    }

    mutating func close(_ tag: String) {
        body += "</\(tag)>\n"
    }

    /// A self-closing element, or one with a `<title>` tooltip.
    mutating func element(_ tag: String, _ pairs: [(String, Any)], title: String? = nil) {
        if let title {
            body += "<\(tag)\(Self.attributes(pairs))><title>\(Self.escape(title))</title></\(tag)>\n"
        } else {
            body += "<\(tag)\(Self.attributes(pairs))/>\n"
        }
    }

    mutating func rect(_ rect: Snapshot.Rect, _ pairs: [(String, Any)], title: String? = nil) {
        element(
            "rect", [("x", rect.x), ("y", rect.y), ("width", max(0, rect.width)), ("height", max(0, rect.height))] + pairs,
            title: title)
    }

    mutating func text(_ text: String, x: Double, y: Double, _ pairs: [(String, Any)]) {
        body += "<text\(Self.attributes([("x", x), ("y", y)] + pairs))>\(Self.escape(text))</text>\n"
    }

    /// Runs `draw` inside a group clipped to `rect` (without a group when nil).
    mutating func clipped(to rect: Snapshot.Rect?, _ draw: (inout SVGCanvas) -> Void) {
        guard let rect else { return draw(&self) }
        open("g", [("clip-path", "url(#\(clipPathID(rect)))")])
        body += "\n"
        draw(&self)
        close("g")
    }

    /// The id of a `<clipPath>` of `rect`, written before its first use.
    private mutating func clipPathID(_ rect: Snapshot.Rect) -> String {
        let key = [rect.x, rect.y, rect.width, rect.height].map(Self.number).joined(separator: " ")
        if let id = clipPaths[key] { return id }
        let id = "clip\(clipPaths.count + 1)"
        clipPaths[key] = id
        open("clipPath", [("id", id)])
        self.rect(rect, [])
        close("clipPath")
        return id
    }

    /// The whole document of the given size around the body.
    func document(width: Double, height: Double) -> String {
        let w = Self.number(width)
        let h = Self.number(height)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)" \
            font-family="Helvetica, Arial, sans-serif">
            <rect width="\(w)" height="\(h)" fill="#ffffff"/>
            \(body)</svg>

            """
    }
}
