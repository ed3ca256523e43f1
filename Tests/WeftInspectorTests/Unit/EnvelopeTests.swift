import Testing
import WeftJSON
import WeftSnapshot

@testable import WeftInspector

/// Envelope writing and reading (docs/protocol.md, "Envelope": envelope keys first, body last;
/// bodies forwarded as bytes).
@Suite struct EnvelopeTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    private func text(_ message: OutgoingMessage) -> String { String(decoding: message.bytes, as: UTF8.self) }

    @Test func writesReplyAroundPreEncodedResult() {
        let result = bytes(#"{"format":"weft.snapshot","roots":[]}"#)
        let message = EnvelopeWriter.reply(id: 7, result: result)
        #expect(text(message) == #"{"id":7,"result":{"format":"weft.snapshot","roots":[]}}"#)
        #expect(message.kind == .essential)
        // The body is one part, kept as given (never re-encoded).
        #expect(message.parts.contains(result))
    }

    @Test func writesEventHeadFirst() {
        let message = EnvelopeWriter.event(method: "Tree.updated", params: bytes(#"{"baseRevision":1,"revision":2,"ops":[]}"#))
        #expect(text(message) == #"{"method":"Tree.updated","params":{"baseRevision":1,"revision":2,"ops":[]}}"#)
        #expect(message.parts.first == bytes(#"{"method":"Tree.updated","params":"#))
        #expect(message.kind == .droppable)
    }

    @Test func writesRequestsWithDeviceAndErrorsWithEscapedMessages() {
        #expect(
            text(EnvelopeWriter.request(id: 3, method: "Tree.getDocument", device: "d1", params: bytes("{}")))
                == #"{"id":3,"method":"Tree.getDocument","device":"d1","params":{}}"#)
        let error = ProtocolError(.methodNotFound, "method not found: \"X\"\n", data: bytes(#"{"method":"X"}"#))
        #expect(
            text(EnvelopeWriter.errorReply(id: 9, error: error))
                == #"{"id":9,"error":{"code":-32601,"message":"method not found: \"X\"\n","data":{"method":"X"}}}"#)
    }

    @Test func readsEnvelopeMembersAndLeavesBodiesAsBytes() throws {
        let message = bytes(
            #"{"id": 12, "method": "Layout.setStyle", "device": "d2", "params": {"id": "n3", "value": [1, {"x": "}"}]}, "extra": null}"#
        )
        let envelope = try Envelope(reading: message)
        #expect(envelope.integerID == 12)
        #expect(envelope.method == "Layout.setStyle")
        #expect(envelope.device == "d2")
        #expect(envelope.paramsBytes.map { String(decoding: $0, as: UTF8.self) } == #"{"id": "n3", "value": [1, {"x": "}"}]}"#)
        #expect(try envelope.params()["id"]?.string == "n3")
    }

    @Test func readsReplyResultAndErrorObjects() throws {
        let reply = try Envelope(reading: bytes(#"{"id":4,"result":{"deviceId":"d1"}}"#))
        #expect(reply.resultBytes.map(Array.init) == bytes(#"{"deviceId":"d1"}"#))
        #expect(reply.error() == nil)
        let failure = try Envelope(reading: bytes(#"{"id":5,"error":{"code":-32000,"message":"unknown device"}}"#))
        #expect(failure.error() == ProtocolError(.unknownDevice, "unknown device"))
    }

    @Test(arguments: [#"[1]"#, #"{"id":1,"method":2}"#, #"{"id":1,}"#, #"{"id":1} x"#, #"{"params":{"a":}"#])
    func rejectsMessagesThatAreNotOneObject(_ text: String) {
        #expect(throws: JSONError.self) { try Envelope(reading: bytes(text)) }
    }

    @Test func readsTheLeadingIDOfATruncatedMessage() {
        // Senders write "id" first, so the first 256 bytes of an oversized request name it.
        let head = Array(
            bytes(#"{"id":42,"method":"Layout.evaluate","params":{"document":{"type":"stack","children":["#).prefix(60))
        #expect(Envelope.leadingID(in: head) == 42)
        #expect(Envelope.leadingID(in: bytes(#"{"method":"M","id":8,"params":{"#)) == 8)
        #expect(Envelope.leadingID(in: bytes(#"{"params":{"huge":"#)) == nil)
        #expect(Envelope.leadingID(in: bytes("garbage")) == nil)
    }

    @Test func escapesMethodAndDeviceNames() {
        // JSON escaping: quote and backslash escaped, a control character as \u00XX.
        #expect(
            text(EnvelopeWriter.request(id: 1, method: "A\"B", device: "d\\\u{1}", params: bytes("{}")))
                == #"{"id":1,"method":"A\"B","device":"d\\\u0001","params":{}}"#)
        #expect(text(EnvelopeWriter.event(method: "E\n", params: bytes("[]"))) == #"{"method":"E\n","params":[]}"#)
    }
}
