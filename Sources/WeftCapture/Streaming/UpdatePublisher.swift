import Dispatch
import Synchronization
import WeftSnapshot

/// Turns captures into revisions: compares each capture with the last published document and,
/// when they differ, gives it the next revision and (when asked) sends `Tree.updated` with the
/// ops between them. It also carries every other message of the session (replies, other events)
/// so that they leave in the order they were produced.
///
/// Why a worker: captures must be taken on the loop's thread (the trees live there), but a
/// capture is an immutable value, so comparing, diffing and encoding it can happen elsewhere.
/// With `.worker` that work runs on a serial queue and the host's frame pays only for the
/// capture. Work in flight is bounded to one capture being published plus one waiting: a newer
/// capture replaces the waiting one, and since the diff is always taken against the last
/// *published* document, a superseded capture leaves no revision gap (its changes are in the
/// newer one). `.inline` does the same work at once on the caller's thread (tools, tests).
final class UpdatePublisher: @unchecked Sendable {
    enum Mode: Sendable {
        /// Everything at once, on the caller's thread.
        case inline
        /// On a serial queue of its own, in submission order.
        case worker
    }

    /// What has been published so far. Touched only by the publishing context (the queue, or
    /// the caller's thread inline).
    struct State: Sendable {
        var published: Snapshot?
        var revision = 0
        var updatesSent = 0
        var updateBytesSent = 0
    }

    let mode: Mode
    /// Sends one event (method, params); called in the publishing context.
    var sendEvent: (String, [UInt8]) -> Void = { _, _ in }

    private var state = State()
    private let queue = DispatchQueue(label: "weft.capture.publisher", qos: .utility)
    /// The capture waiting to be published (at most one: a newer one replaces it).
    private let waiting = Mutex<(snapshot: Snapshot, sendUpdate: Bool)?>(nil)

    init(mode: Mode) {
        self.mode = mode
    }

    /// Publishes `capture` as the next revision if it differs from the last published document,
    /// sending the update when `sendUpdate` (someone listens). Returns at once with `.worker`.
    func submit(_ capture: Snapshot, sendUpdate: Bool) {
        guard mode == .worker else {
            publish(capture, sendUpdate: sendUpdate)
            return
        }
        let wasIdle = waiting.withLock { slot in
            let wasIdle = slot == nil
            // A superseded capture that was to be sent makes its successor be sent.
            slot = (capture, sendUpdate || (slot?.sendUpdate ?? false))
            return wasIdle
        }
        if wasIdle { queue.async { self.publishWaiting() } }
    }

    /// Runs `body` once everything submitted before has been published (inline: at once), with
    /// the state then: replies that must follow the updates go out through here.
    func afterPublishing(_ body: @escaping (State) -> Void) {
        guard mode == .worker else {
            body(state)
            return
        }
        let box = UncheckedBox(body)
        queue.async {
            self.publishWaiting()
            box.value(self.state)
        }
    }

    /// Waits until everything submitted before has been published and returns the state.
    func flush() -> State {
        guard mode == .worker else { return state }
        return queue.sync {
            publishWaiting()
            return state
        }
    }

    private func publishWaiting() {
        guard let next = waiting.withLock({ slot in defer { slot = nil }; return slot }) else { return }
        publish(next.snapshot, sendUpdate: next.sendUpdate)
    }

    private func publish(_ capture: Snapshot, sendUpdate: Bool) {
        var current = capture
        guard let previous = state.published else {
            state.revision += 1
            current.revision = state.revision
            state.published = current
            return
        }
        guard current.roots != previous.roots || current.rangeControllers != previous.rangeControllers else { return }
        state.revision += 1
        current.revision = state.revision
        state.published = current
        guard sendUpdate else { return }
        let ops = UpdateOps.diff(previous, current)
        var writer = JSONWriter(capacity: 1024)
        writer.raw("{\"baseRevision\":")
        writer.int(state.revision - 1)
        writer.raw(",\"revision\":")
        writer.int(state.revision)
        writer.raw(",\"ops\":")
        UpdateOp.encode(ops, into: &writer)
        writer.byte(UInt8(ascii: "}"))
        state.updatesSent += 1
        state.updateBytesSent += writer.bytes.count
        sendEvent("Tree.updated", writer.bytes)
    }
}

/// Carries a closure that is only ever called in one context at a time (the publisher's queue)
/// across the `Sendable` boundary of `DispatchQueue.async`.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
