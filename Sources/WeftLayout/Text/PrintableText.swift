/// Text from a program or a file, made safe to show a person: in a terminal, a log or a table.
/// Names such as an appId, an instance or a node's debugName are the program's to choose; raw,
/// an escape sequence in one would clear the screen or recolour it, a newline would forge a row
/// of a table or a line of a report, and a bidirectional override would reorder what follows.
/// Every human-facing printer of Weft (the CLI's tables, reports and ASCII art) writes such text
/// through `escaped`.
public enum PrintableText {
    /// `text` with every control character written as an escape: `\n`, `\r`, `\t`, and
    /// `\u{1B}`-style hex for the others (C0, DEL, C1, the line and paragraph separators, the
    /// bidirectional embeddings, overrides and isolates). Other text, backslashes included, is
    /// unchanged, so ordinary names print as they are.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where needsEscape(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Each line of `text` escaped, the line breaks kept: for a message made of lines, such as
    /// an error that quotes what a program sent.
    public static func escapedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(separator: "\n")
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL, C1
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0x202A...0x202E, 0x2066...0x2069: return true  // bidirectional embeddings, overrides, isolates
        case 0x200E, 0x200F, 0x061C: return true  // directional marks
        default: return false
        }
    }
}
