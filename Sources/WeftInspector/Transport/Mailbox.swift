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
        /// A wake-up was requested and the service thread has not seen it yet: further ones
        /// would only cost system calls.
        var wakePending = false
        /// The service thread is ticking (`eventFlushInterval`): events need no wake-up.
        var eventTicking = false

        /// Whether a message for connection `generation` would be sent: it is the one open now.
        func accepts(generation: UInt64) -> Bool {
            isOpen && self.generation == generation
        }
    }

    let contents: Mutex<Contents>
    /// Senders between taking the context under the lock and waking it.
    private let wakersInFlight = Atomic<Int>(0)
    /// The `ConnectionState` raw value, published by the service thread.
    let state = Atomic<Int>(ConnectionState.idle.rawValue)
    /// Why the last attempt or connection failed (diagnostics).
    let lastError = Mutex<String?>(nil)

    init(options: TransportOptions) {
        contents = Mutex(
            Contents(
                queue: OutgoingQueue(
                    eventBudget: options.eventQueueBytes,
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
        let (result, wake): (SendResult, ContextHandle?) = contents.withLock { contents in
            guard contents.accepts(generation: generation) else { return (.notConnected, nil) }
            let wasEmpty = contents.queue.isEmpty
            switch contents.queue.enqueue(message) {
            case .queued:
                // The service thread drains the whole queue once woken, so only the first
                // message after it went empty needs a wake-up, and only if none is pending.
                // While the thread ticks for events, an event waits for the next tick.
                if message.kind == .droppable, contents.eventTicking { return (.queued, nil) }
                guard wasEmpty, !contents.wakePending, let context = contents.context else { return (.queued, nil) }
                contents.wakePending = true
                wakersInFlight.add(1, ordering: .acquiring)
                return (.queued, context)
            case .dropped:
                return (.dropped, nil)
            case .overflow:
                contents.overflowed = true
                guard let context = contents.context else { return (.overflow, nil) }
                wakersInFlight.add(1, ordering: .acquiring)
                return (.overflow, context)
            }
        }
        // Outside the lock, so the woken thread does not block on it at once (a futex round
        // trip on every frame's update). `retireContext` waits for wakers in flight before the
        // context is destroyed.
        if let wake {
            lws_cancel_service(wake.pointer)
            wakersInFlight.subtract(1, ordering: .releasing)
        }
        return result
    }

    /// Whether connection `generation` is the one open now: a message for it would be sent.
    func isOpen(generation: UInt64) -> Bool {
        contents.withLock { $0.accepts(generation: generation) }
    }

    /// Detaches the context before it is destroyed: no new wake-up can start, and the ones
    /// already past the lock have finished when this returns.
    func retireContext() {
        contents.withLock { $0.context = nil }
        while wakersInFlight.load(ordering: .acquiring) != 0 { sched_yield() }
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

    /// At an event tick: whether messages wait, and whether to keep ticking. Ticking stops
    /// (under the lock, so no event can slip in unseen) only when the queue is empty and
    /// `idleTicks` reached `limit`.
    func eventTick(idleTicks: Int, limit: Int) -> (hasMessages: Bool, keepTicking: Bool) {
        contents.withLock { contents in
            let hasMessages = !contents.queue.isEmpty
            if !hasMessages, idleTicks >= limit {
                contents.eventTicking = false
                return (false, false)
            }
            return (hasMessages, true)
        }
    }

    func setEventTicking(_ ticking: Bool) {
        contents.withLock { $0.eventTicking = ticking }
    }

    /// The service thread saw the wake-up (called before it looks at the queue).
    func wakeReceived() {
        contents.withLock { $0.wakePending = false }
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
