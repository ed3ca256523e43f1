import Testing

@testable import WeftJSON

@Suite struct JSONReaderTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONReader.parse(text)
    }

    /// The error reading `text` produces (the test fails if it reads), which checking it
    /// without reading it (`validate`) gives too.
    private func failure(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONError? {
        let error = #expect(throws: JSONError.self, sourceLocation: sourceLocation) { _ = try JSONReader.parse(Array(text.utf8)) }
        let checked = #expect(throws: JSONError.self, sourceLocation: sourceLocation) {
            try JSONReader.validate(Array(text.utf8))
        }
        #expect(checked == error, sourceLocation: sourceLocation)
        return error
    }

    @Test func readsEveryKindOfValue() throws {
        let value = try parse(#" {"a": [1, -2.5, 1e3, 0.125E-1, true, false, null], "b": {"c": "d"}} "#)
        #expect(value == ["a": [1, -2.5, 1000, 0.0125, true, false, nil], "b": ["c": "d"]])
    }

    @Test func keepsObjectKeyOrder() throws {
        let value = try parse(#"{"z": 1, "a": 2}"#)
        #expect(value.object?.keys == ["z", "a"])
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{08}\u{0C}\n\r\t"))
        #expect(try parse(#""\u00e9\u0041""#) == .string("éA"))
        // U+1F600 is D83D DE00 in UTF-16.
        #expect(try parse(#""\ud83d\ude00 x""#) == .string("😀 x"))
        #expect(try parse("\"é😀\"") == .string("é😀"))
    }

    @Test func numbersAreCorrectlyRounded() throws {
        // Beyond the fast path (17 significant digits, big exponents) the standard library parses.
        #expect(try parse("0.30000000000000004").number == 0.1 + 0.2)
        #expect(try parse("1.7976931348623157e308").number == .greatestFiniteMagnitude)
        #expect(try parse("5e-324").number == .leastNonzeroMagnitude)
        #expect(try parse("-0").number == 0)
        #expect(try parse("123456789012345678901234567890").number == 1.2345678901234568e29)
    }

    @Test func rejectsMalformedNumbersWithTheirOffset() {
        #expect(failure("[01]")?.offset == 1)
        #expect(failure("[1.]")?.message.contains("digit after '.'") == true)
        #expect(failure("[-]")?.offset == 1)
        #expect(failure("[.5]")?.message == "expected a value, got '.'")
        #expect(failure("[1e]")?.message.contains("exponent") == true)
        #expect(failure("[+1]") != nil)
        #expect(failure("[0, 1e999]").map { [$0.offset, $0.message] as [AnyHashable] } == [4, "number out of range"])
        #expect(failure("[-1e400]")?.message == "number out of range")
    }

    @Test func rejectsBadStrings() {
        #expect(failure("\"abc")?.message == "unterminated string")
        #expect(failure("\"a\u{01}b\"")?.message == "unescaped control character 0x1 in a string")
        #expect(failure(#""\x""#)?.message == "invalid escape \\x")
        #expect(failure(#""\ud83d""#)?.message.contains("unpaired high surrogate") == true)
        #expect(failure(#""\ude00""#)?.message.contains("unpaired low surrogate") == true)
        #expect(failure(#""\ud83d\u0041""#)?.message.contains("not a low surrogate") == true)
        #expect(failure(#""\u12""#)?.message.contains("\\u escape") == true)
    }

    @Test func rejectsInvalidUTF8() throws {
        let bytes: [UInt8] = [0x22, 0x61, 0xC3, 0x28, 0x22]  // "a" then a broken 2-byte sequence
        #expect(throws: JSONError.self) { try JSONReader.parse(bytes) }
    }

    @Test func reportsStructuralErrorsWithPathAndOffset() {
        let error = failure(#"{"a": [1, 2 3]}"#)
        #expect(error?.message == "expected ',' or ']' in an array, got '3'")
        #expect(error?.offset == 12)
        #expect(failure(#"{"a": 1,}"#)?.message == "expected a key string, got '}'")
        #expect(failure(#"{"a": 1, "a": 2}"#)?.message == "duplicate key \"a\"")
        #expect(failure(#"{"a" 1}"#)?.message == "expected ':' after a key, got '1'")
        #expect(failure("[1] x")?.message == "unexpected 'x' after the document")
        #expect(failure("")?.message == "expected a value, got end of input")
        #expect(failure("[tru]")?.message == "invalid literal, expected true")
        #expect(failure(#"{"a": {"b": [nul]}}"#)?.pathString == "a.b[0]")
    }

    @Test func findsDuplicateKeysAmongMany() throws {
        let keys = (0..<40).map { "\"k\($0)\": \($0)" }
        for duplicate in [0, 15, 16, 39] {
            let text = "{" + (keys + ["\"k\(duplicate)\": 0"]).joined(separator: ", ") + "}"
            #expect(failure(text)?.message == "duplicate key \"k\(duplicate)\"")
        }
        #expect(try parse("{" + keys.joined(separator: ", ") + "}").object?.count == 40)
        try JSONReader.validate(Array(("{" + keys.joined(separator: ", ") + "}").utf8))
    }

    @Test func refusesNestingBeyondTheLimitInsteadOfOverflowingTheStack() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(failure(deep)?.message == "nested deeper than \(JSONReader.defaultMaxDepth) levels")
        #expect((try? JSONReader.parse(Array("[[[]]]".utf8), maxDepth: 3)) != nil)
        #expect((try? JSONReader.parse(Array("[[[[]]]]".utf8), maxDepth: 3)) == nil)
    }

    @Test func skipsAByteOrderMark() throws {
        #expect(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
    }
}
