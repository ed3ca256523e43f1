/// Writes protocol envelopes with the envelope keys (`id`, `method`, `device`) first and the body
/// last (protocol.md, "Key order"). Bodies are pre-encoded JSON bytes and are never re-encoded:
/// a message is kept as parts (head, body, tail) that the transport copies straight into its
/// send buffer.
public enum EnvelopeWriter {
    /// `{"id":7,"method":"M","device":"d1","params":` + params + `}`
    public static func request(id: Int, method: String, device: String? = nil, params: [UInt8]) -> OutgoingMessage {
        var head = Array(#"{"id":"#.utf8)
        head.append(contentsOf: String(id).utf8)
        head.append(contentsOf: #","method":"#.utf8)
        appendString(method, to: &head)
        if let device {
            head.append(contentsOf: #","device":"#.utf8)
            appendString(device, to: &head)
        }
        head.append(contentsOf: #","params":"#.utf8)
        return OutgoingMessage(parts: [head, params, closingBrace], kind: .essential)
    }

    /// `{"id":7,"result":` + result + `}`
    public static func reply(id: Int, result: [UInt8]) -> OutgoingMessage {
        var head = Array(#"{"id":"#.utf8)
        head.append(contentsOf: String(id).utf8)
        head.append(contentsOf: #","result":"#.utf8)
        return OutgoingMessage(parts: [head, result, closingBrace], kind: .essential)
    }

    /// `{"id":7,"error":{"code":-32601,"message":"...","data":...}}`
    public static func errorReply(id: Int, error: ProtocolError) -> OutgoingMessage {
        var bytes = Array(#"{"id":"#.utf8)
        bytes.append(contentsOf: String(id).utf8)
        bytes.append(contentsOf: #","error":{"code":"#.utf8)
        bytes.append(contentsOf: String(error.code.rawValue).utf8)
        bytes.append(contentsOf: #","message":"#.utf8)
        appendString(error.message, to: &bytes)
        if let data = error.data {
            bytes.append(contentsOf: #","data":"#.utf8)
            bytes.append(contentsOf: data)
        }
        bytes.append(contentsOf: "}}".utf8)
        return OutgoingMessage(parts: [bytes], kind: .essential)
    }

    /// `{"method":"Tree.updated","params":` + params + `}`. Events are the only messages the
    /// outgoing queue may drop.
    public static func event(method: String, params: [UInt8]) -> OutgoingMessage {
        var head: [UInt8] = []
        head.reserveCapacity(method.utf8.count + 24)  // one allocation: this runs every frame
        head.append(contentsOf: #"{"method":"#.utf8)
        appendString(method, to: &head)
        head.append(contentsOf: #","params":"#.utf8)
        return OutgoingMessage(parts: [head, params, closingBrace], kind: .droppable)
    }

    private static let closingBrace: [UInt8] = [UInt8(ascii: "}")]

    /// Appends `text` as a JSON string literal (quotes, backslash and control characters escaped).
    public static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
