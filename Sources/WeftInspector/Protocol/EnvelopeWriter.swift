import WeftJSON
import WeftSnapshot

/// Writes protocol envelopes with the envelope keys (`id`, `method`, `device`) first and the body
/// last (docs/protocol.md, "Key order"). Bodies are pre-encoded JSON bytes and are never re-encoded:
/// a message is kept as parts (head, body, tail) that the transport copies straight into its
/// send buffer.
public enum EnvelopeWriter {
    /// `{"id":7,"method":"M","device":"d1","params":` + params + `}`
    public static func request(id: Int, method: String, device: String? = nil, params: [UInt8]) -> OutgoingMessage {
        var head = JSONWriter(capacity: 48 + method.utf8.count + (device?.utf8.count ?? 0))
        head.raw(#"{"id":"#)
        head.int(id)
        head.raw(#","method":"#)
        head.string(method)
        if let device {
            head.raw(#","device":"#)
            head.string(device)
        }
        head.raw(#","params":"#)
        return OutgoingMessage(parts: [head.bytes, params, closingBrace], kind: .essential)
    }

    /// `{"id":7,"result":` + result + `}`
    public static func reply(id: Int, result: [UInt8]) -> OutgoingMessage {
        var head = JSONWriter(capacity: 32)
        head.raw(#"{"id":"#)
        head.int(id)
        head.raw(#","result":"#)
        return OutgoingMessage(parts: [head.bytes, result, closingBrace], kind: .essential)
    }

    /// `{"id":7,"error":{"code":-32601,"message":"...","data":...}}`
    public static func errorReply(id: Int, error: ProtocolError) -> OutgoingMessage {
        var writer = JSONWriter(capacity: 64 + error.message.utf8.count + (error.data?.count ?? 0))
        writer.raw(#"{"id":"#)
        writer.int(id)
        writer.raw(#","error":{"code":"#)
        writer.int(error.code.rawValue)
        writer.raw(#","message":"#)
        writer.string(error.message)
        if let data = error.data {
            writer.raw(#","data":"#)
            writer.raw(bytes: data)
        }
        writer.raw("}}")
        return OutgoingMessage(parts: [writer.bytes], kind: .essential)
    }

    /// `{"method":"Tree.updated","params":` + params + `}`. Events are the only messages the
    /// outgoing queue may drop.
    public static func event(method: String, params: [UInt8]) -> OutgoingMessage {
        var head = JSONWriter(capacity: method.utf8.count + 24)  // one allocation: this runs every frame
        head.raw(#"{"method":"#)
        head.string(method)
        head.raw(#","params":"#)
        return OutgoingMessage(parts: [head.bytes, params, closingBrace], kind: .droppable)
    }

    private static let closingBrace: [UInt8] = [UInt8(ascii: "}")]
}
