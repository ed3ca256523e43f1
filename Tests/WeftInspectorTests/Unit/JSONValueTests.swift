import Testing
@testable import WeftInspector

/// The JSON reader used for incoming envelopes and params. Expectations come from RFC 8259
/// (grammar: no leading zeros, no trailing commas, escaped control characters, \u surrogate
/// pairs).
@Suite struct JSONValueTests {
    private func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#" {"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d"}, "e": 0} "#)
        #expect(value == .object([
            "a": .array([.number(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null]),
            "b": .object(["c": .string("d")]),
            "e": .number(0),
        ]))
        #expect(value["b"]?["c"]?.stringValue == "d")
        #expect(value["a"]?.arrayValue?.first?.intValue == 1)
        #expect(value["a"]?.arrayValue?[1].intValue == nil)  // -2.5 is not integral
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        // \u00e9 is é; \ud83d\ude00 is U+1F600 (grinning face) as a UTF-16 surrogate pair.
        let value = try parse(#""quote \" slash \/ back \\ tab \t nl \n \u00e9 \ud83d\ude00""#)
        #expect(value == .string("quote \" slash / back \\ tab \t nl \n é \u{1F600}"))
        // A lone high surrogate cannot be a scalar: it becomes U+FFFD.
        #expect(try parse(#""\ud800x""#) == .string("\u{FFFD}x"))
        // Raw UTF-8 passes through.
        #expect(try parse("\"ünï\"") == .string("ünï"))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", "1e", "tru", "nul", "\"abc", "\"a\u{1}b\"",
        "\"\\x\"", "\"\\u12\"", "{\"a\" 1}", "{1:2}", "[1 2]", "1 2", "{\"a\":1}}",
    ])
    func rejectsMalformedJSON(_ text: String) {
        #expect(throws: JSONSyntaxError.self) { try parse(text) }
    }

    @Test func rejectsNestingDeeperThanTheLimit() throws {
        let deep = String(repeating: "[", count: JSONScanner.maximumDepth + 1) + String(repeating: "]", count: JSONScanner.maximumDepth + 1)
        #expect(throws: JSONSyntaxError.self) { try parse(deep) }
        let allowed = String(repeating: "[", count: JSONScanner.maximumDepth) + String(repeating: "]", count: JSONScanner.maximumDepth)
        #expect(throws: Never.self) { try parse(allowed) }
    }

    @Test func reportsTheOffsetOfTheError() {
        // "[1, 2 3]": the offending byte is the "3" at offset 6.
        #expect(throws: JSONSyntaxError(offset: 6, reason: "expected ',' or ']'")) { try parse("[1, 2 3]") }
    }
}
