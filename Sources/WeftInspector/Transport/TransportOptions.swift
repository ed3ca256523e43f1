/// Limits and timings of one `WebSocketClient`. The defaults suit a host program (device role);
/// `inspector` raises the receive limit because replies carry whole snapshots.
public struct TransportOptions: Sendable, Equatable {
    /// Largest incoming message accepted (after reassembly). Larger ones are discarded while
    /// they arrive; only their first bytes are kept so a request can still be answered.
    public var maximumIncomingMessageBytes: Int
    /// Bytes that queued events may occupy before older ones are dropped.
    public var eventQueueBytes: Int
    /// Bytes the whole outgoing queue may occupy; an essential message beyond it resets the
    /// connection (see `OutgoingQueue`).
    public var maximumQueuedBytes: Int
    /// Size of the WebSocket fragments large messages are sent in (and of the receive buffer).
    public var fragmentBytes: Int
    /// The delays between connection attempts.
    public var backoff: ReconnectBackoff
    /// A connection that lived at least this long counts as healthy: the back-off starts over.
    public var stableConnection: Duration
    /// How long `close()` waits for the closing handshake before tearing the socket down.
    public var closeTimeout: Duration
    /// After the WebSocket opens, the session's first request (a device's `Gateway.register`,
    /// an inspector's `Gateway.hello`) must be answered within this. Otherwise whatever accepted
    /// the WebSocket is not a working gateway (a hung one, or another program on the port): the
    /// client hangs up and retries with the back-off, as after any failed attempt.
    public var handshakeTimeout: Duration
    /// While events flow, the transport thread wakes on its own this often to send them, so a
    /// host's per-frame `sendEvent` is a queue append without a system call. After
    /// `eventTicksBeforeSleep` ticks without events it sleeps again (and the next event wakes
    /// it). Requests and replies always wake it at once.
    public var eventFlushInterval: Duration
    /// Idle ticks (of `eventFlushInterval`) before the transport thread sleeps again (default 50).
    public var eventTicksBeforeSleep: Int
    /// A connection with no traffic for this long gets a WebSocket ping, and one with no
    /// traffic (not even the pong) for twice as long is dropped and reconnected: a gateway
    /// that froze or vanished without closing the socket is noticed.
    public var keepAliveInterval: Duration
    /// For `wss://` to a gateway with a self-signed certificate (development and tests):
    /// accept it, and skip the host name check. Off by default: the system's CAs decide.
    public var allowSelfSignedCertificates: Bool

    /// Options with a host program's defaults (`device`): 4 MiB messages in, 8 MiB of events, 64 KiB fragments.
    public init(
        maximumIncomingMessageBytes: Int = 4 << 20, eventQueueBytes: Int = 8 << 20,
        maximumQueuedBytes: Int = 256 << 20, fragmentBytes: Int = 64 << 10,
        backoff: ReconnectBackoff = ReconnectBackoff(), stableConnection: Duration = .seconds(10),
        closeTimeout: Duration = .seconds(1), handshakeTimeout: Duration = .seconds(10),
        eventFlushInterval: Duration = .milliseconds(4),
        eventTicksBeforeSleep: Int = 50, keepAliveInterval: Duration = .seconds(30),
        allowSelfSignedCertificates: Bool = false
    ) {
        self.maximumIncomingMessageBytes = maximumIncomingMessageBytes
        self.eventQueueBytes = eventQueueBytes
        self.maximumQueuedBytes = maximumQueuedBytes
        self.fragmentBytes = fragmentBytes
        self.backoff = backoff
        self.stableConnection = stableConnection
        self.closeTimeout = closeTimeout
        self.handshakeTimeout = handshakeTimeout
        self.eventFlushInterval = eventFlushInterval
        self.eventTicksBeforeSleep = eventTicksBeforeSleep
        self.keepAliveInterval = keepAliveInterval
        self.allowSelfSignedCertificates = allowSelfSignedCertificates
    }

    /// For a host program: requests are small (4 MiB is generous even for `Layout.evaluate`).
    public static let device = TransportOptions()

    /// For an inspector (tests, CLI): replies are snapshots, so up to 256 MiB.
    public static let inspector = TransportOptions(maximumIncomingMessageBytes: 256 << 20)
}
