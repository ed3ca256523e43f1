import Testing
import WeftSnapshot
import WeftSynthetic

@testable import WeftInspector

/// The queue policy of `OutgoingQueue` (docs/protocol.md, "Queues and slow peers": only events may be dropped).
@Suite struct OutgoingQueueTests {
    private func event(_ size: Int, _ tag: UInt8 = 0) -> OutgoingMessage {
        OutgoingMessage(parts: [[UInt8](repeating: tag, count: size)], kind: .droppable)
    }

    private func reply(_ size: Int, _ tag: UInt8 = 0) -> OutgoingMessage {
        OutgoingMessage(parts: [[UInt8](repeating: tag, count: size)], kind: .essential)
    }

    private func drain(_ queue: inout OutgoingQueue) -> [UInt8] {
        var tags: [UInt8] = []
        while let message = queue.dequeue() { tags.append(message.parts[0].first ?? 0) }
        return tags
    }

    @Test func keepsOrderWithinLimits() {
        var queue = OutgoingQueue(eventBudget: 100, hardLimit: 1000)
        #expect(queue.enqueue(event(10, 1)) == .queued)
        #expect(queue.enqueue(reply(10, 2)) == .queued)
        #expect(queue.enqueue(event(10, 3)) == .queued)
        #expect(queue.queuedBytes == 30 && queue.count == 3)
        #expect(drain(&queue) == [1, 2, 3])
        #expect(queue.queuedBytes == 0 && queue.isEmpty)
    }

    @Test func newEventEvictsTheOldestEventsButNoReplies() {
        // Budget 100: events of 40 bytes fit twice; the third evicts the oldest event (1),
        // the reply (2) between them stays.
        var queue = OutgoingQueue(eventBudget: 100, hardLimit: 1000)
        _ = queue.enqueue(event(40, 1))
        _ = queue.enqueue(reply(40, 2))
        _ = queue.enqueue(event(40, 3))
        #expect(queue.enqueue(event(40, 4)) == .queued)
        #expect(queue.droppedEvents == 1)
        #expect(queue.queuedEventBytes == 80)
        #expect(drain(&queue) == [2, 3, 4])
    }

    @Test func eventLargerThanTheBudgetIsDroppedItself() {
        var queue = OutgoingQueue(eventBudget: 100, hardLimit: 1000)
        _ = queue.enqueue(event(50, 1))
        #expect(queue.enqueue(event(101, 2)) == .dropped)
        #expect(queue.droppedEvents == 1)
        #expect(drain(&queue) == [1])
    }

    @Test func repliesAreNeverDroppedAndOverflowOnlyBeyondTheHardLimit() {
        var queue = OutgoingQueue(eventBudget: 100, hardLimit: 300)
        _ = queue.enqueue(event(100, 1))
        #expect(queue.enqueue(reply(150, 2)) == .queued)
        // 250 queued; a reply of 100 would make 350 > 300: the event (100) is evicted to make room.
        #expect(queue.enqueue(reply(100, 3)) == .queued)
        #expect(queue.droppedEvents == 1)
        #expect(queue.queuedBytes == 250)
        // 250 + 100 > 300 and no event is left to evict: overflow, nothing queued.
        #expect(queue.enqueue(reply(100, 4)) == .overflow)
        #expect(queue.queuedBytes == 250)
        #expect(drain(&queue) == [2, 3])
    }

    @Test func eventsAlsoRespectTheHardLimit() {
        var queue = OutgoingQueue(eventBudget: 100, hardLimit: 120)
        _ = queue.enqueue(reply(100, 1))
        #expect(queue.enqueue(event(30, 2)) == .dropped)
        #expect(queue.enqueue(event(20, 3)) == .queued)
    }

    @Test func staysBoundedUnderAFloodOfEvents() {
        var queue = OutgoingQueue(eventBudget: 1000, hardLimit: 5000)
        for index in 0..<10_000 { _ = queue.enqueue(event(7, UInt8(index % 256))) }
        #expect(queue.queuedBytes <= 1000)
        #expect(queue.count == 142)  // floor(1000 / 7)
        #expect(queue.droppedEvents == 10_000 - 142)
        // The newest survive: the last one enqueued is the last dequeued.
        var last: UInt8?
        while let message = queue.dequeue() { last = message.parts[0][0] }
        #expect(last == UInt8(9_999 % 256))
    }

    @Test func removeAllEmptiesTheQueue() {
        var queue = OutgoingQueue(eventBudget: 100, hardLimit: 1000)
        _ = queue.enqueue(event(10))
        _ = queue.enqueue(reply(10))
        queue.removeAll()
        #expect(queue.isEmpty && queue.queuedBytes == 0 && queue.dequeue() == nil)
    }
}

/// The queue against a plain-array model of the policy in its doc comment, over random
/// sequences of enqueues and dequeues (with evictions, interleaved replies, and the storage
/// compaction that a long run triggers).
@Suite struct OutgoingQueueModelTests {
    private struct Model {
        let eventBudget: Int
        let hardLimit: Int
        var items: [(tag: Int, size: Int, droppable: Bool)] = []
        var dropped = 0

        var bytes: Int { items.reduce(0) { $0 + $1.size } }
        var eventBytes: Int { items.filter(\.droppable).reduce(0) { $0 + $1.size } }

        mutating func evictOldestEvent() -> Bool {
            guard let index = items.firstIndex(where: \.droppable) else { return false }
            items.remove(at: index)
            dropped += 1
            return true
        }

        mutating func enqueue(tag: Int, size: Int, droppable: Bool) -> OutgoingQueue.Admission {
            if droppable {
                guard size <= eventBudget else {
                    dropped += 1
                    return .dropped
                }
                while eventBytes + size > eventBudget || bytes + size > hardLimit {
                    guard evictOldestEvent() else {
                        dropped += 1
                        return .dropped
                    }
                }
            } else {
                while bytes + size > hardLimit {
                    guard evictOldestEvent() else { return .overflow }
                }
            }
            items.append((tag, size, droppable))
            return .queued
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func matchesThePolicyModel(seed: UInt64) {
        var random = SeededGenerator(seed: seed)  // deterministic, so failures reproduce
        var queue = OutgoingQueue(eventBudget: 500, hardLimit: 1200)
        var model = Model(eventBudget: 500, hardLimit: 1200)
        for tag in 0..<20_000 {
            if random.next() % 3 == 0 {
                let message = queue.dequeue()
                let expected = model.items.isEmpty ? nil : model.items.removeFirst()
                #expect(message.map { Int($0.parts[0][0]) + Int($0.parts[0][1]) << 8 } == expected.map { $0.tag & 0xFFFF })
            } else {
                let droppable = random.next() % 4 != 0
                let size = 2 + Int(random.next() % (droppable ? 120 : 300))
                var payload = [UInt8](repeating: 0, count: size)
                payload[0] = UInt8(tag & 0xFF)
                payload[1] = UInt8((tag >> 8) & 0xFF)
                let message = OutgoingMessage(parts: [payload], kind: droppable ? .droppable : .essential)
                #expect(queue.enqueue(message) == model.enqueue(tag: tag, size: size, droppable: droppable))
            }
            #expect(queue.queuedBytes == model.bytes)
            #expect(queue.count == model.items.count)
            #expect(queue.droppedEvents == model.dropped)
        }
    }
}
