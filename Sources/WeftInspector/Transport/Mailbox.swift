import CLibWebSockets
import Synchronization

/// What the host's threads and the service thread share, behind one lock: the outgoing queue,
/// the connection generation, and the requests for the service thread (stop, pause reading).
/// Every other thread only enqueues and wakes the service thread with `lws_cancel_service`,
/// the one libwebsockets call that is safe off its thread.
final class Mailbox: Sendable {
    struct Contents {
        var queue: OutgoingQueue
        /// Bumped whenever a connection opens or ends; a message is accepted only for the
        /// current generation, so a reply computed for an old connection is never sent on a new
        /// one (the gateway may have reused its id).
        var generation: UInt64 = 0
        var isOpen = false
        /// The lws context, set while it exists; guarded so `wake` never touches a destroyed one.
        var context: ContextHandle?
        var stopRequested = false
        var readingPaused = false
        /// Close the current connection and reconnect (tests of the gateway's grace period).
        var dropRequested = false
        /// An essential message could not be queued: the connection must be reset.
        var overflowed = false
        var messagesSent = 0
    }

    let contents: Mutex<Contents>
    /// The `ConnectionState` raw value, published by the service thread.
    let state = Atomic<Int>(ConnectionState.idle.rawValue)
    /// Why the last attempt or connection failed (diagnostics).
    let lastError = Mutex<String?>(nil)

    init(options: TransportOptions) {
        contents = Mutex(Contents(queue: OutgoingQueue(eventBudget: options.eventQueueBytes,
                                                       hardLimit: options.maximumQueuedBytes)))
    }

    /// The admission of a message handed to `send`.
    enum SendResult: Equatable {
        case queued
        case dropped
        /// The message was for another connection than the current open one.
        case notConnected
        case overflow
    }

    func send(_ message: OutgoingMessage, generation: UInt64) -> SendResult {
        contents.withLock { contents in
            guard contents.isOpen, contents.generation == generation else { return .notConnected }
            let wasEmpty = contents.queue.isEmpty
            switch contents.queue.enqueue(message) {
            case .queued:
                // The service thread drains the whole queue once woken, so only the first
                // message after it went empty needs a wake-up.
                if wasEmpty, let context = contents.context { lws_cancel_service(context.pointer) }
                return .queued
            case .dropped:
                return .dropped
            case .overflow:
                contents.overflowed = true
                if let context = contents.context { lws_cancel_service(context.pointer) }
                return .overflow
            }
        }
    }

    /// Wakes the service thread (it then looks at every flag and the queue).
    func wake() {
        contents.withLock { contents in
            if let context = contents.context { lws_cancel_service(context.pointer) }
        }
    }

    /// A connection opened: a fresh generation with an empty queue.
    func opened() -> UInt64 {
        contents.withLock { contents in
            contents.generation += 1
            contents.isOpen = true
            contents.queue.removeAll()
            return contents.generation
        }
    }

    /// The connection ended: what was queued for it is stale.
    func closed() {
        contents.withLock { contents in
            contents.generation += 1
            contents.isOpen = false
            contents.overflowed = false
            contents.queue.removeAll()
        }
    }

    func dequeue() -> OutgoingMessage? {
        contents.withLock { $0.queue.dequeue() }
    }

    var hasQueuedMessages: Bool {
        contents.withLock { !$0.queue.isEmpty }
    }
}

/// The lws context pointer, shareable because the only call other threads make with it,
/// `lws_cancel_service`, is thread-safe, and the mailbox lock keeps it from outliving the
/// context.
struct ContextHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
