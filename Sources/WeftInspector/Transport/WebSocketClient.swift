import Dispatch
import Foundation
import Synchronization

/// A WebSocket client on libwebsockets that never blocks its callers: one lws context on its
/// own thread, one connection to `<gateway>/<path>` with subprotocol `weft.v1`, reconnection
/// with back-off, and a bounded outgoing queue (see `OutgoingQueue`). The sessions
/// (`DeviceSession`, `InspectorClient`) put the protocol on top.
///
/// `send` may be called from any thread and returns at once. The handlers run on the service
/// thread: they must return quickly and must not call `close()`'s waiting form.
public final class WebSocketClient: Sendable {
    /// What the owner hears from the service thread, and what it answers there. `generation`
    /// identifies the connection a callback is about. Messages a handler returns are queued
    /// for that connection in order (the handshake, immediate error replies), so the session
    /// layers need no reference back to the client.
    public struct Handlers: Sendable {
        /// A connection opened; answers the messages to send first (the session's handshake).
        public var opened: @Sendable (_ generation: UInt64) -> [OutgoingMessage]
        /// A whole message arrived; answers the messages to send in reply at once.
        public var received: @Sendable (_ message: [UInt8], _ generation: UInt64) -> [OutgoingMessage]
        /// A message larger than `maximumIncomingMessageBytes`: its first bytes and full size.
        public var oversized: @Sendable (_ head: [UInt8], _ size: Int, _ generation: UInt64) -> [OutgoingMessage]
        /// An open connection ended (with the peer's close code, if it sent one).
        public var closed: @Sendable (_ closeCode: Int?) -> Void
        /// Asked after a connection ended: false when retrying is pointless (the gateway
        /// refused the handshake for good, such as an unsupported protocol version).
        public var shouldReconnect: @Sendable () -> Bool
        /// Asked `handshakeTimeout` after a connection opened (the one still open): true while
        /// the session's first request, sent by `opened`, has had no answer. The client then
        /// hangs up and reconnects. Sessions without a handshake keep the default (false).
        public var handshakePending: @Sendable () -> Bool

        /// Handlers that ignore everything and always reconnect, unless given.
        public init(
            opened: @escaping @Sendable (UInt64) -> [OutgoingMessage] = { _ in [] },
            received: @escaping @Sendable ([UInt8], UInt64) -> [OutgoingMessage] = { _, _ in [] },
            oversized: @escaping @Sendable ([UInt8], Int, UInt64) -> [OutgoingMessage] = { _, _, _ in [] },
            closed: @escaping @Sendable (Int?) -> Void = { _ in },
            shouldReconnect: @escaping @Sendable () -> Bool = { true },
            handshakePending: @escaping @Sendable () -> Bool = { false }
        ) {
            self.opened = opened
            self.received = received
            self.oversized = oversized
            self.closed = closed
            self.shouldReconnect = shouldReconnect
            self.handshakePending = handshakePending
        }
    }

    /// The gateway's address.
    public let endpoint: GatewayEndpoint
    /// The path on the gateway: `/device` or `/inspector`.
    public let path: String
    /// The limits and timings the client runs with.
    public let options: TransportOptions
    private let mailbox: Mailbox
    private let loop: ServiceLoop
    private let thread: Mutex<Thread?>
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - endpoint: the gateway to connect to.
    ///   - path: `/device` or `/inspector`.
    ///   - token: sent as `?token=` when set.
    ///   - options: the transport's queue limits and reconnection rules.
    ///   - handlers: what the transport thread calls on open, message and close.
    public init(endpoint: GatewayEndpoint, path: String, token: String?, options: TransportOptions, handlers: Handlers) {
        self.endpoint = endpoint
        self.path = path
        self.options = options
        mailbox = Mailbox(options: options)
        loop = ServiceLoop(
            endpoint: endpoint, requestPath: endpoint.requestPath(path, token: token),
            options: options, mailbox: mailbox, handlers: handlers)
        thread = Mutex(nil)
    }

    deinit {
        close()
    }

    /// Starts the service thread, which connects and keeps reconnecting until `close()`.
    public func start() {
        thread.withLock { thread in
            guard thread == nil else { return }
            let loop = self.loop
            let finished = self.finished
            let started = Thread {
                loop.run()
                finished.signal()
            }
            started.name = "weft-transport"
            thread = started
            started.start()
        }
    }

    /// Queues `message` for the connection `generation`. Returns at once; the result says what
    /// happened (events may be dropped; nothing is queued while disconnected).
    @discardableResult
    public func send(_ message: OutgoingMessage, generation: UInt64) -> SendResult {
        switch mailbox.send(message, generation: generation) {
        case .queued: .queued
        case .dropped: .dropped
        case .notConnected: .notConnected
        case .overflow: .overflow
        }
    }

    /// Whether connection `generation` is the one open now, so that a message for it would be
    /// sent (one lock).
    public func isOpen(generation: UInt64) -> Bool {
        mailbox.isOpen(generation: generation)
    }

    /// What became of a message handed to `send`.
    public enum SendResult: Sendable, Equatable {
        /// In the outgoing queue, to be sent in order.
        case queued
        /// An event the queue had no room for.
        case dropped
        /// Not connected, or `generation` is not the current connection.
        case notConnected
        /// An essential message did not fit within `maximumQueuedBytes`: the connection is
        /// being reset.
        case overflow
    }

    /// Stops reading from the socket (or resumes), so tests can make a peer that stops reading;
    /// the gateway then has to queue, drop and resync on its side. Package API: no host sees it.
    package func pauseReading(_ paused: Bool) {
        mailbox.contents.withLock { $0.readingPaused = paused }
        mailbox.wake()
    }

    /// Closes the current connection (1001 "going away") and lets the usual reconnection
    /// bring it back: how tests make a device come back within the gateway's grace period.
    func dropConnection() {
        mailbox.contents.withLock { $0.dropRequested = true }
        mailbox.wake()
    }

    /// Closes the connection (closing handshake, bounded by `closeTimeout`), stops the service
    /// thread and waits for it. Safe to call more than once. From a handler (the service
    /// thread) it only requests the stop.
    public func close() {
        let running = thread.withLock { $0 }
        mailbox.contents.withLock { $0.stopRequested = true }
        mailbox.wake()
        guard let running, running != Thread.current else { return }
        if thread.withLock({ $0 }) != nil {
            finished.wait()
            finished.signal()
        }
    }

    /// Where the client is in its life now (one atomic read, any thread).
    public var state: ConnectionState {
        ConnectionState(rawValue: mailbox.state.load(ordering: .acquiring)) ?? .closed
    }

    /// Why the last attempt or connection failed (nil before any failure).
    public var lastError: String? { mailbox.lastError.withLock { $0 } }

    /// Counters for tests and benchmarks (package API: no host sees them).
    package struct Statistics: Sendable, Equatable {
        package var queuedMessages: Int
        package var queuedBytes: Int
        package var droppedEvents: Int
        package var messagesSent: Int
        package var generation: UInt64
        package var isOpen: Bool
    }

    package var statistics: Statistics {
        mailbox.contents.withLock {
            Statistics(
                queuedMessages: $0.queue.count, queuedBytes: $0.queue.queuedBytes,
                droppedEvents: $0.queue.droppedEvents, messagesSent: $0.messagesSent,
                generation: $0.generation, isOpen: $0.isOpen)
        }
    }
}
