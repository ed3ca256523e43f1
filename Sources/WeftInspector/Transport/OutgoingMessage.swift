/// One message waiting to be sent, kept as parts (an envelope head, a pre-encoded body, a tail)
/// so a large body is copied only once: into the transport's send buffer.
public struct OutgoingMessage: Sendable {
    /// Whether the queue may drop the message when it falls behind. Only events may be dropped
    /// (docs/protocol.md, "Queues and slow peers"): receivers notice the revision gap and resync. Requests and
    /// replies are essential.
    public enum Kind: Sendable {
        /// A request or a reply: never dropped.
        case essential
        /// An event: dropped first when the queue is full.
        case droppable
    }

    /// The message's bytes, in order; the transport sends them as one WebSocket message.
    public let parts: [[UInt8]]
    /// The parts' total size in bytes, counted against the queue's limits.
    public let byteCount: Int
    /// Whether the queue may drop it.
    public let kind: Kind

    /// A message of these parts; `byteCount` is their total.
    public init(parts: [[UInt8]], kind: Kind) {
        self.parts = parts
        self.byteCount = parts.reduce(0) { $0 + $1.count }
        self.kind = kind
    }

    /// The message as one byte array (tests and diagnostics; the transport writes the parts).
    public var bytes: [UInt8] { Array(parts.joined()) }
}
