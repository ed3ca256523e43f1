import Testing

@testable import WeftJSON

/// `JSONReader.forEachMember`: a transport reads the few members of a message it needs and keeps
/// the others as byte ranges. Byte offsets below are counted by hand in the literal inputs.
@Suite struct JSONMemberReadingTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func visitsMembersInOrderReadingSomeAndSkippingOthers() throws {
        // `{"id": 7, "body": ` is 1 + 4 + 1 + 1 + 2 (`7,`) + 1 + 6 + 1 + 1 = 18 bytes, so "body"'s
        // value starts at 18; it is `{"a": ["x\u00e9", 1]}`, 21 bytes: range 18..<39.
        let message = bytes(#"{"id": 7, "body": {"a": ["x\u00e9", 1]}, "tail": "t"}"#)
        var visited: [String] = []
        var id: JSONValue?
        var body: Range<Int>?
        try JSONReader.forEachMember(in: message) { key, value in
            visited.append(key)
            if key == "id" { id = try value.read() }
            if key == "body" {
                #expect(value.offset == 18)
                body = try value.skip()
            }
            return true  // "tail" is left alone: skipped
        }
        #expect(visited == ["id", "body", "tail"])
        #expect(id?.integer == 7)
        #expect(body == 18..<39)
        #expect(body.map { try? JSONReader.parse(message[$0]) } == ["a": ["x\u{e9}", 1]])
    }

    @Test func stoppingEarlyReadsTheHeadOfATruncatedMessage() throws {
        // Cut inside a string: reading on would fail, stopping after "id" does not.
        let head = bytes(#"{"id": 42, "params": {"huge": "abc"#)
        var id: Int?
        try JSONReader.forEachMember(in: head) { key, value in
            if key == "id" { id = try value.read().integer }
            return key != "id"
        }
        #expect(id == 42)
        // Without stopping, the same input is an error.
        #expect(throws: JSONError.self) { try JSONReader.forEachMember(in: head) { _, _ in true } }
    }

    @Test(arguments: [
        "[1]", "", "{", #"{"a":1,}"#, #"{"a":1} x"#, #"{"a":}"#, #"{"a":[1 2]}"#, #"{"a":"\x"}"#,
        #"{"a":"\ud800"}"#, "{\"a\":\"\u{1}\"}", #"{"a":{"b":tru}}"#, #"{"a":01}"#,
    ])
    func skippedMembersAreStillChecked(_ text: String) {
        #expect(throws: JSONError.self) { try JSONReader.forEachMember(in: bytes(text)) { _, _ in true } }
    }

    @Test func skippingRejectsInvalidUTF8InAString() {
        let message = bytes(#"{"a":""#) + [0xC3, 0x28] + bytes(#""}"#)
        #expect(throws: JSONError.self) { try JSONReader.forEachMember(in: message) { _, _ in true } }
    }

    @Test func integerIsOnlyForIntegralNumbers() {
        #expect(JSONValue.number(3).integer == 3)
        #expect(JSONValue.number(-2.5).integer == nil)
        #expect(JSONValue.number(1e300).integer == nil)
        #expect(JSONValue.string("3").integer == nil)
    }
}
