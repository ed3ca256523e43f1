import Testing

@testable import WeftInspector

/// Reassembly with the limit applied to the whole message (docs/protocol.md, "Transport").
@Suite struct MessageAssemblerTests {
    private func feed(_ assembler: inout MessageAssembler, _ text: String, end: Bool) -> MessageAssembler.Outcome {
        Array(text.utf8).withUnsafeBytes { assembler.append($0, isMessageEnd: end) }
    }

    @Test func joinsPiecesIntoOneMessage() {
        var assembler = MessageAssembler(limit: 100)
        #expect(feed(&assembler, #"{"id":1,"#, end: false) == .incomplete)
        #expect(feed(&assembler, #""method":"M"}"#, end: true) == .message(Array(#"{"id":1,"method":"M"}"#.utf8)))
        // The next message starts empty.
        #expect(feed(&assembler, "{}", end: true) == .message(Array("{}".utf8)))
    }

    @Test func acceptsExactlyTheLimitAndRejectsOneMore() {
        var assembler = MessageAssembler(limit: 10)
        #expect(feed(&assembler, "12345", end: false) == .incomplete)
        #expect(feed(&assembler, "67890", end: true) == .message(Array("1234567890".utf8)))
        #expect(feed(&assembler, "12345", end: false) == .incomplete)
        #expect(feed(&assembler, "678901", end: true) == .oversized(head: Array("12345678901".utf8), size: 11))
    }

    @Test func keepsOnlyTheHeadOfAnOversizedMessage() {
        var assembler = MessageAssembler(limit: 1000)
        let head = #"{"id":77,"method":"Layout.evaluate","params":"#
        _ = feed(&assembler, head, end: false)
        for _ in 0..<50 { _ = feed(&assembler, String(repeating: "x", count: 100), end: false) }
        guard case .oversized(let kept, let size) = feed(&assembler, "}", end: true) else {
            Issue.record("expected an oversized outcome")
            return
        }
        #expect(size == head.utf8.count + 5000 + 1)
        #expect(kept.count == MessageAssembler.headLength)
        #expect(Envelope.leadingID(in: kept) == 77)
        // And it recovers for the next message.
        #expect(feed(&assembler, "{}", end: true) == .message(Array("{}".utf8)))
    }
}
