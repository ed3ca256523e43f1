/// Reassembles a WebSocket message from the pieces libwebsockets delivers (fragments, and
/// pieces of a fragment bounded by its receive buffer) and enforces the size limit on the whole
/// message (docs/protocol.md: limits apply to the reassembled message, not to fragments).
///
/// An oversized message is not buffered: only its first `headLength` bytes are kept, so the
/// receiver can still read its `id` (written first) and answer it with an error.
struct MessageAssembler {
    enum Outcome: Equatable {
        /// More pieces are needed.
        case incomplete
        case message([UInt8])
        /// The message exceeded `limit`; `head` holds its first bytes, `size` its full length.
        case oversized(head: [UInt8], size: Int)
    }

    static let headLength = 256

    let limit: Int
    private var buffer: [UInt8] = []
    private var size = 0

    init(limit: Int) {
        self.limit = limit
    }

    mutating func append(_ piece: UnsafeRawBufferPointer, isMessageEnd: Bool) -> Outcome {
        size += piece.count
        if size <= limit {
            buffer.append(contentsOf: piece)
        } else if buffer.count < Self.headLength {
            buffer.append(contentsOf: piece.prefix(Self.headLength - buffer.count))
        } else if buffer.count > Self.headLength {
            buffer.removeSubrange(Self.headLength...)
        }
        guard isMessageEnd else { return .incomplete }
        defer {
            buffer = []
            size = 0
        }
        if size > limit { return .oversized(head: Array(buffer.prefix(Self.headLength)), size: size) }
        return .message(buffer)
    }

    /// Drops a partial message (the connection closed).
    mutating func reset() {
        buffer = []
        size = 0
    }
}
