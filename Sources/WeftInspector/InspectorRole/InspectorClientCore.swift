import Synchronization
import WeftJSON
import WeftProtocol
import WeftSnapshot

/// The inspector side of the protocol on the transport thread: `Gateway.hello` on every
/// connection, replies matched to pending requests by id, events handed to the owner.
final class InspectorClientCore: Sendable {
    typealias Completion = @Sendable (Result<Envelope, ProtocolError>) -> Void

    struct State {
        var nextRequestID = 1
        var helloRequestID: Int?
        var hello: Envelope?
        var pending: [Int: Completion] = [:]
        var lastCloseCode: Int?
    }

    let clientName: String
    let onEvent: @Sendable (Envelope) -> Void
    let onClosed: @Sendable (Int?) -> Void
    let state = Mutex(State())
    /// The generation of the connection on which `Gateway.hello` succeeded (0: not ready).
    let readyGeneration = Atomic<UInt64>(0)

    init(clientName: String, onEvent: @escaping @Sendable (Envelope) -> Void, onClosed: @escaping @Sendable (Int?) -> Void) {
        self.clientName = clientName
        self.onEvent = onEvent
        self.onClosed = onClosed
    }

    var handlers: WebSocketClient.Handlers {
        WebSocketClient.Handlers(
            opened: { [self] _ in opened() },
            received: { [self] bytes, generation in received(bytes, generation: generation) },
            oversized: { [self] head, size, _ in oversized(head: head, size: size) },
            closed: { [self] code in closed(code: code) },
            handshakePending: { [self] in state.withLock { $0.helloRequestID != nil } })
    }

    /// Reserves an id for a request and remembers its completion.
    func register(_ completion: @escaping Completion) -> Int {
        state.withLock { state in
            let id = state.nextRequestID
            state.nextRequestID += 1
            state.pending[id] = completion
            return id
        }
    }

    /// Completes the request `id` (if still pending) with `outcome`.
    func complete(_ id: Int, _ outcome: Result<Envelope, ProtocolError>) {
        let completion = state.withLock { $0.pending.removeValue(forKey: id) }
        completion?(outcome)
    }

    private func opened() -> [OutgoingMessage] {
        let id = state.withLock { state in
            let id = state.nextRequestID
            state.nextRequestID += 1
            state.helloRequestID = id
            return id
        }
        let params: JSONValue = [
            "protocolVersion": .number(Double(ProtocolVersion.current)),
            "client": .string(clientName),
        ]
        return [EnvelopeWriter.request(id: id, method: "Gateway.hello", params: params.jsonBytes)]
    }

    private func received(_ bytes: [UInt8], generation: UInt64) -> [OutgoingMessage] {
        guard let envelope = try? Envelope(reading: bytes) else { return [] }
        if envelope.id == nil, envelope.method != nil {
            onEvent(envelope)
            return []
        }
        guard let id = envelope.integerID else { return [] }
        let isHello = state.withLock { state in
            guard id == state.helloRequestID else { return false }
            state.helloRequestID = nil
            state.hello = envelope
            return true
        }
        if isHello {
            if envelope.error() == nil { readyGeneration.store(generation, ordering: .releasing) }
            return []
        }
        if let error = envelope.error() {
            complete(id, .failure(error))
        } else {
            complete(id, .success(envelope))
        }
        return []
    }

    /// A reply too large for `maximumIncomingMessageBytes`: its request fails.
    private func oversized(head: [UInt8], size: Int) -> [OutgoingMessage] {
        if let id = Envelope.leadingID(in: head) {
            complete(id, .failure(ProtocolError(.internalError, "reply too large: \(size) bytes")))
        }
        return []
    }

    private func closed(code: Int?) {
        readyGeneration.store(0, ordering: .releasing)
        let pending = state.withLock { state in
            state.lastCloseCode = code
            state.helloRequestID = nil
            defer { state.pending.removeAll() }
            return state.pending
        }
        for completion in pending.values {
            completion(.failure(ProtocolError(.deviceGone, "the connection to the gateway closed")))
        }
        onClosed(code)
    }
}
