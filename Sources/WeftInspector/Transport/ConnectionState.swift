/// Where a `WebSocketClient` is in its life. Read with `WebSocketClient.state` from any thread.
public enum ConnectionState: Int, Sendable, CustomStringConvertible {
    /// Created, `start()` not called yet.
    case idle
    /// A connection attempt is under way.
    case connecting
    /// The WebSocket is open (the session's handshake may still be pending).
    case open
    /// The last attempt failed or the connection dropped; a retry is scheduled.
    case waitingToReconnect
    /// The gateway closed the connection with 4000: another program with this identity took
    /// over. The client does not reconnect.
    case replaced
    /// The gateway refused the handshake for good (an unsupported protocol version, -32004).
    /// The client does not reconnect.
    case refused
    /// `close()` was called, or the transport could not start at all.
    case closed

    /// The case's name, for logs and `weft` output.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .connecting: "connecting"
        case .open: "open"
        case .waitingToReconnect: "waiting to reconnect"
        case .replaced: "replaced"
        case .refused: "refused"
        case .closed: "closed"
        }
    }
}
