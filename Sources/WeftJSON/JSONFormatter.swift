/// Indented JSON for files people read and keep under version control: two spaces per level,
/// one object member or array element per line, except for the containers the style keeps on
/// one line, so a frame change is a one-line diff.
public enum JSONFormatter {
    public enum Style: Sendable {
        /// A container whose one-line form fits in 100 columns (`[8, 8, 100, 20]`,
        /// `{"min": [0, 0], "max": [359, "inf"]}`) stays on one line: snapshot files stay compact.
        case fitting
        /// Only arrays of scalars stay on one line (`weft layout`'s output).
        case scalarArraysInline
    }

    /// Re-indents a JSON document (throws if it is not valid JSON). Ends with a newline.
    public static func indent(_ bytes: some Collection<UInt8>, style: Style = .fitting) throws -> [UInt8] {
        let value = try JSONReader.parse(bytes)
        var writer = JSONWriter(capacity: bytes.count * 2)
        writer.pretty(value, style: style, level: 0)
        writer.byte(UInt8(ascii: "\n"))
        return writer.bytes
    }

    /// Indented text of a value (no trailing newline).
    public static func indentedString(_ value: JSONValue, style: Style = .fitting) -> String {
        var writer = JSONWriter(capacity: 1024)
        writer.pretty(value, style: style, level: 0)
        return writer.string
    }
}

extension JSONWriter {
    /// Columns a line may use before a container is split over several lines.
    package static let lineWidth = 100

    /// `used`: columns already taken on the current line (indentation and key).
    package mutating func pretty(_ value: JSONValue, style: JSONFormatter.Style, level: Int, used: Int = 0) {
        if value.staysOnOneLine(style: style, limit: JSONWriter.lineWidth - used) {
            inline(value)
            return
        }
        switch value {
        case .array(let elements) where !elements.isEmpty:
            byte(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                newline(level + 1)
                pretty(element, style: style, level: level + 1, used: 2 * (level + 1))
            }
            newline(level)
            byte(UInt8(ascii: "]"))
        case .object(let object) where !object.isEmpty:
            byte(UInt8(ascii: "{"))
            for (index, entry) in object.entries.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                newline(level + 1)
                string(entry.key)
                raw(": ")
                pretty(entry.value, style: style, level: level + 1, used: 2 * (level + 1) + entry.key.utf8.count + 4)
            }
            newline(level)
            byte(UInt8(ascii: "}"))
        default:
            self.value(value)
        }
    }

    /// One line with `", "` and `": "` separators.
    private mutating func inline(_ value: JSONValue) {
        switch value {
        case .array(let elements):
            byte(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { raw(", ") }
                inline(element)
            }
            byte(UInt8(ascii: "]"))
        case .object(let object):
            byte(UInt8(ascii: "{"))
            for (index, entry) in object.entries.enumerated() {
                if index > 0 { raw(", ") }
                string(entry.key)
                raw(": ")
                inline(entry.value)
            }
            byte(UInt8(ascii: "}"))
        default:
            self.value(value)
        }
    }

    private mutating func newline(_ level: Int) {
        byte(UInt8(ascii: "\n"))
        for _ in 0..<level { raw("  ") }
    }
}

extension JSONValue {
    /// Whether `pretty` writes this container on one line (an empty one always is).
    package func staysOnOneLine(style: JSONFormatter.Style, limit: Int) -> Bool {
        switch (style, self) {
        case (_, .array([])), (_, .object(JSONObject())): return true
        case (.fitting, _): return !isScalar && (inlineWidth(limit: limit) ?? 0) > 0
        case (.scalarArraysInline, .array(let elements)): return elements.allSatisfy(\.isScalar)
        case (.scalarArraysInline, _): return false
        }
    }

    /// The width of the one-line form, or nil as soon as it exceeds `limit` (so a big document
    /// is not rendered once per level to find out). Empty containers count 0: always inline.
    package func inlineWidth(limit: Int) -> Int? {
        guard limit >= 0 else { return nil }
        switch self {
        case .array(let elements):
            var width = 2
            for element in elements {
                guard let inner = element.inlineWidth(limit: limit - width) else { return nil }
                width += inner + 2
                if width > limit { return nil }
            }
            return elements.isEmpty ? 0 : width - 2
        case .object(let object):
            var width = 2
            for entry in object.entries {
                width += entry.key.utf8.count + 4
                guard width <= limit, let inner = entry.value.inlineWidth(limit: limit - width) else { return nil }
                width += inner + 2
                if width > limit { return nil }
            }
            return object.isEmpty ? 0 : width - 2
        case .string(let text):
            let width = text.utf8.count + 2
            return width <= limit ? width : nil
        default:
            let width = jsonBytes.count
            return width <= limit ? width : nil
        }
    }

    /// Not an array or object.
    package var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
