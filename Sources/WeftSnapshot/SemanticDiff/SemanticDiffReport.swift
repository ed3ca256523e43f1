import WeftJSON
import WeftLayout

/// The three output forms of the semantic diff (`weft diff --format text|json|junit`), here so
/// the CLI stays thin and the web page's fixtures pin the same text.
public enum SemanticDiffReport {
    // MARK: Text

    /// One line per change:
    /// - `+ PATH at 8,30 100x20` (added), `- PATH at 8,30 100x20` (removed)
    /// - `~ PATH: frame 8,8 100x20 -> 8,8 120x20` (moved or resized)
    /// - `~ PATH: style.flexGrow 1 -> 2`, `~ PATH: props.text "a" -> "b"` (absent: `(none)`)
    /// - `~ PATH: interfaceState measureLayout|preload -> none`
    /// - `~ PATH: order ["ASTextNode (label)","ASDisplayNode (fill)"] -> ["ASDisplayNode (fill)","ASTextNode (label)"]`
    ///   (the children present in both, old and new order; `~ order ...` for the roots)
    /// - `+ range PATH`, `- range PATH`, `~ range PATH: rangeControllers.mode "minimum" -> "full"`
    /// - `~ meta.appVersion "1" -> "2"`, `~ revision 3 -> 4`
    ///
    /// Control characters in names and values are escaped (`PrintableText`): one change is
    /// one line, whatever a program named its nodes.
    public static func line(_ change: SemanticChange) -> String {
        PrintableText.escaped(rawLine(change))
    }

    private static func rawLine(_ change: SemanticChange) -> String {
        switch change.kind {
        case .added:
            return "+ \(change.path)" + (change.after.map { " at \(rectText($0))" } ?? "")
        case .removed:
            return "- \(change.path)" + (change.before.map { " at \(rectText($0))" } ?? "")
        case .rangeController where change.field == nil:
            return (change.after == nil ? "- " : "+ ") + change.path
        default:
            let field = change.field ?? ""
            let location = change.path.isEmpty ? field : "\(change.path): \(field)"
            return "~ \(location) \(valueText(change.before, field: field)) -> \(valueText(change.after, field: field))"
        }
    }

    public static func lines(_ changes: [SemanticChange]) -> [String] {
        changes.map(line)
    }

    /// `8,8 100x20` for a rect value.
    static func rectText(_ value: JSONValue) -> String {
        guard let numbers = value.array, numbers.count == 4 else { return value.jsonString }
        let text = numbers.map { $0.jsonString }
        return "\(text[0]),\(text[1]) \(text[2])x\(text[3])"
    }

    private static func valueText(_ value: JSONValue?, field: String) -> String {
        guard let value else { return "(none)" }
        switch field {
        case "frame": return rectText(value)
        case "interfaceState": return Snapshot.InterfaceState(rawValue: Int(value.number ?? 0)).names
        default: return value.jsonString
        }
    }

    // MARK: JSON

    /// `{"a": "...", "b": "...", "equal": false, "counts": {"added": 1, ...}, "changes": [...]}`
    /// (`counts` lists the kinds that occur, in `SemanticChange.Kind` order)
    /// where each change is `{"kind", "path", "field"?, "before"?, "after"?, "idBefore"?,
    /// "idAfter"?, "text"}` (`text` is its line).
    public static func json(_ changes: [SemanticChange], a: String, b: String) -> JSONValue {
        var counts = JSONObject()
        for kind in SemanticChange.Kind.allCases {
            let count = changes.lazy.filter { $0.kind == kind }.count
            if count > 0 { counts[kind.rawValue] = .number(Double(count)) }
        }
        let items: [JSONValue] = changes.map { change in
            var object: JSONObject = ["kind": .string(change.kind.rawValue), "path": .string(change.path)]
            if let field = change.field { object["field"] = .string(field) }
            if let before = change.before { object["before"] = before }
            if let after = change.after { object["after"] = after }
            if let id = change.idBefore { object["idBefore"] = .string(id) }
            if let id = change.idAfter { object["idAfter"] = .string(id) }
            object["text"] = .string(line(change))
            return .object(object)
        }
        return [
            "a": .string(a), "b": .string(b), "equal": .bool(changes.isEmpty), "counts": .object(counts),
            "changes": .array(items),
        ]
    }

    // MARK: JUnit XML

    /// One comparison for a JUnit report: a test case that fails when there are changes.
    public struct TestCase: Sendable {
        public var name: String
        public var changes: [SemanticChange]

        public init(name: String, changes: [SemanticChange]) {
            self.name = name
            self.changes = changes
        }
    }

    /// A JUnit XML report with one test case per comparison (a `weft diff` has one, a
    /// `weft verify` one per checkpoint); a case with changes fails and lists their lines.
    public static func junit(_ cases: [TestCase], suite: String = "weft.layout") -> String {
        let failures = cases.filter { !$0.changes.isEmpty }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites tests=\"\(cases.count)\" failures=\"\(failures)\">\n"
        xml += "  <testsuite name=\"\(escapeXML(suite))\" tests=\"\(cases.count)\" failures=\"\(failures)\">\n"
        for testCase in cases {
            let name = escapeXML(testCase.name)
            if testCase.changes.isEmpty {
                xml += "    <testcase classname=\"\(escapeXML(suite))\" name=\"\(name)\"/>\n"
                continue
            }
            let count = testCase.changes.count
            let message = "\(count) layout difference\(count == 1 ? "" : "s")"
            xml += "    <testcase classname=\"\(escapeXML(suite))\" name=\"\(name)\">\n"
            xml += "      <failure message=\"\(message)\" type=\"LayoutDifference\">"
            xml += lines(testCase.changes).map(escapeXML).joined(separator: "\n")
            xml += "</failure>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// Escapes the five XML special characters and drops control characters XML 1.0 forbids.
    static func escapeXML(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: result += "?"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
