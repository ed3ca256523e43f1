/// One message waiting to be sent, kept as parts (an envelope head, a pre-encoded body, a tail)
/// so a large body is copied only once: into the transport's send buffer.
public struct OutgoingMessage: Sendable {
    /// Whether the queue may drop the message when it falls behind. Only events may be dropped
    /// (docs/protocol.md, "Queues and slow peers"): receivers notice the revision gap and resync. Requests and
    /// replies are essential.
    public enum Kind: Sendable {
        case essential
        case droppable
    }

    public let parts: [[UInt8]]
    public let byteCount: Int
    public let kind: Kind

    public init(parts: [[UInt8]], kind: Kind) {
        self.parts = parts
        self.byteCount = parts.reduce(0) { $0 + $1.count }
        self.kind = kind
    }

    /// The message as one byte array (tests and diagnostics; the transport writes the parts).
    public var bytes: [UInt8] { Array(parts.joined()) }
}
