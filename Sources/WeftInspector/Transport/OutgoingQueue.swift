/// The bounded queue of messages waiting for the socket. It never makes the sender wait:
/// `enqueue` either accepts, drops, or reports an overflow, at once.
///
/// Policy (docs/protocol.md, "Queues and slow peers"; docs/architecture.md, "Defaults that protect users"):
/// - Events (droppable) may occupy at most `eventBudget` bytes. A new event that does not fit
///   evicts the oldest queued events (they are superseded: the receivers detect the revision
///   gap and resync either way); an event larger than the whole budget is dropped itself.
/// - Essential messages (requests, replies) are never dropped. They may use the queue up to
///   `hardLimit` bytes, evicting events first; beyond that `enqueue` answers `.overflow` and the
///   owner resets the connection (the peer's pending requests then fail cleanly), as the
///   gateway does with a peer it cannot queue for.
/// Not thread-safe: the transport guards it with its mailbox lock.
struct OutgoingQueue {
    enum Admission: Equatable {
        case queued
        /// The message (an event) was dropped.
        case dropped
        /// An essential message did not fit within `hardLimit`; it was not queued.
        case overflow
    }

    let eventBudget: Int
    let hardLimit: Int

    /// Slots before `head` are consumed; nil slots are evicted events.
    private var slots: [OutgoingMessage?] = []
    private var head = 0
    /// No event is queued before this slot: eviction starts here instead of rescanning the
    /// slots it already emptied (messages are only appended, so this only moves forward).
    private var evictionStart = 0
    private(set) var queuedBytes = 0
    private(set) var queuedEventBytes = 0
    private(set) var count = 0
    /// Events dropped since the queue was created (evicted or refused).
    private(set) var droppedEvents = 0

    init(eventBudget: Int, hardLimit: Int) {
        precondition(eventBudget > 0 && hardLimit >= eventBudget, "queue limits must be positive and hardLimit >= eventBudget")
        self.eventBudget = eventBudget
        self.hardLimit = hardLimit
    }

    var isEmpty: Bool { count == 0 }

    mutating func enqueue(_ message: OutgoingMessage) -> Admission {
        switch message.kind {
        case .droppable:
            guard message.byteCount <= eventBudget else {
                droppedEvents += 1
                return .dropped
            }
            while queuedEventBytes + message.byteCount > eventBudget || queuedBytes + message.byteCount > hardLimit {
                guard evictOldestEvent() else {
                    droppedEvents += 1
                    return .dropped
                }
            }
        case .essential:
            while queuedBytes + message.byteCount > hardLimit {
                guard evictOldestEvent() else { return .overflow }
            }
        }
        slots.append(message)
        count += 1
        queuedBytes += message.byteCount
        if message.kind == .droppable { queuedEventBytes += message.byteCount }
        return .queued
    }

    mutating func dequeue() -> OutgoingMessage? {
        while head < slots.count {
            let slot = slots[head]
            slots[head] = nil
            head += 1
            if let message = slot {
                count -= 1
                queuedBytes -= message.byteCount
                if message.kind == .droppable { queuedEventBytes -= message.byteCount }
                compactIfWorthwhile()
                return message
            }
        }
        return nil
    }

    /// Forgets every queued message (a connection ended: its replies and events are stale).
    mutating func removeAll() {
        slots.removeAll(keepingCapacity: true)
        head = 0
        evictionStart = 0
        queuedBytes = 0
        queuedEventBytes = 0
        count = 0
    }

    private mutating func evictOldestEvent() -> Bool {
        guard queuedEventBytes > 0 else { return false }
        for index in max(head, evictionStart)..<slots.count {
            guard let message = slots[index], message.kind == .droppable else { continue }
            slots[index] = nil
            evictionStart = index + 1
            count -= 1
            queuedBytes -= message.byteCount
            queuedEventBytes -= message.byteCount
            droppedEvents += 1
            return true
        }
        return false
    }

    /// Drops consumed slots once they are the larger part of the storage, keeping dequeue O(1)
    /// amortised.
    private mutating func compactIfWorthwhile() {
        if head == slots.count {
            slots.removeAll(keepingCapacity: true)
            evictionStart = 0
            head = 0
        } else if head > 64, head * 2 > slots.count {
            slots.removeFirst(head)
            evictionStart = max(0, evictionStart - head)
            head = 0
        }
    }
}
