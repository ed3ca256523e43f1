/// A small pretty-printing JSON writer with a fixed key order and Weft's number format
/// (integral values without a fraction, others in the shortest round-trip form).
struct JSONWriter {
    private(set) var text = ""
    private var indent = 0
    /// Whether the current container already has a member (a comma is due).
    private var hasMember: [Bool] = []
    /// A key was just written: the value follows on the same line.
    private var afterKey = false

    mutating func beginObject() { open("{") }
    mutating func endObject() { close("}") }
    mutating func beginArray() { open("[") }
    mutating func endArray() { close("]") }

    mutating func key(_ key: String) {
        startMember()
        text += Self.quoted(key) + ": "
        afterKey = true
    }

    mutating func string(_ string: String) { value(Self.quoted(string)) }
    mutating func null() { value("null") }

    /// A short array of numbers on one line: `[0, 8, 359, 32]`.
    mutating func numbers(_ values: [Double]) {
        value("[" + values.map(Self.number).joined(separator: ", ") + "]")
    }

    /// A number where infinity is a valid value: `"inf"` / `"-inf"` as in layout-json and
    /// snapshots, NaN (unknown) as null.
    mutating func length(_ value: Double) { self.value(Self.length(value)) }

    /// Lengths on one line: `[375, "inf"]`.
    mutating func lengths(_ values: [Double]) {
        value("[" + values.map(Self.length).joined(separator: ", ") + "]")
    }

    static func length(_ value: Double) -> String {
        if value.isInfinite { return value < 0 ? "\"-inf\"" : "\"inf\"" }
        return number(value)
    }

    private mutating func value(_ literal: String) {
        if !afterKey { startMember() }
        text += literal
        afterKey = false
    }

    private mutating func open(_ bracket: String) {
        value(bracket)
        indent += 1
        hasMember.append(false)
    }

    private mutating func close(_ bracket: String) {
        indent -= 1
        if hasMember.removeLast() { newline() }
        text += bracket
    }

    private mutating func startMember() {
        if hasMember.isEmpty { return }
        if hasMember[hasMember.count - 1] { text += "," }
        hasMember[hasMember.count - 1] = true
        newline()
    }

    private mutating func newline() {
        text += "\n" + String(repeating: "  ", count: indent)
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return formatNumber(value)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
