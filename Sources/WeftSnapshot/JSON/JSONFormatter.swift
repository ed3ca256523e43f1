/// Indented JSON for files people read and keep under version control: two spaces per level,
/// one object member per line, and arrays of plain scalars on one line (`[8, 8, 100, 20]`) so a
/// frame change is a one-line diff.
public enum JSONFormatter {
    /// Re-indents a JSON document (throws if it is not valid JSON). Ends with a newline.
    public static func indent(_ bytes: some Collection<UInt8>) throws -> [UInt8] {
        let value = try JSONReader.parse(bytes)
        var writer = JSONWriter(capacity: bytes.count * 2)
        writer.pretty(value, level: 0)
        writer.byte(UInt8(ascii: "\n"))
        return writer.bytes
    }

    /// Indented text of a value (no trailing newline).
    public static func indentedString(_ value: JSONValue) -> String {
        var writer = JSONWriter(capacity: 1024)
        writer.pretty(value, level: 0)
        return writer.string
    }
}

extension JSONWriter {
    mutating func pretty(_ value: JSONValue, level: Int) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            if elements.allSatisfy(\.isScalar) {
                byte(UInt8(ascii: "["))
                for (index, element) in elements.enumerated() {
                    if index > 0 { raw(", ") }
                    self.value(element)
                }
                byte(UInt8(ascii: "]"))
                return
            }
            byte(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                newline(level + 1)
                pretty(element, level: level + 1)
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
                pretty(entry.value, level: level + 1)
            }
            newline(level)
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
    /// Not an array or object.
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
