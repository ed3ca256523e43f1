import Dispatch
import Synchronization
import WeftProtocol

/// What reaches `weft record-session`'s recording thread, in the order it happened: the
/// gateway's events and replies (from the transport thread), the connection closing, Ctrl-C.
enum SessionInput: Sendable {
    /// An event (`Tree.updated`, `Gateway.deviceUpdated`...).
    case event(Envelope)
    /// The reply to the `Tree.getDocument` request numbered `request`.
    case document(request: Int, Result<Envelope, ProtocolError>)
    /// The connection to the gateway ended.
    case closed(code: Int?)
    /// SIGINT or SIGTERM: end the recording now.
    case interrupted
}

/// A queue of `SessionInput` from any thread to the one that records (unbounded in count, but
/// the gateway bounds what it queues for a slow inspector and tells it to resync).
final class SessionInbox: Sendable {
    private let items = Mutex<[SessionInput]>([])
    private let signal = DispatchSemaphore(value: 0)

    func post(_ input: SessionInput) {
        items.withLock { $0.append(input) }
        signal.signal()
    }

    /// Everything posted so far, waiting up to `deadline` for something when nothing is.
    func take(waitingUntil deadline: DispatchTime) -> [SessionInput] {
        _ = signal.wait(timeout: deadline)
        return items.withLock { items in
            defer { items.removeAll(keepingCapacity: true) }
            return items
        }
    }
}
