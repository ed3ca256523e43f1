import Synchronization
import WeftJSON
import WeftProtocol
import WeftSnapshot

/// The device side of the protocol, as seen from the transport thread: the registration
/// handshake, the inspector count, and incoming requests checked and handed on. It holds no
/// reference to the client; what it has to send there and then it returns to the transport.
final class DeviceSessionCore: Sendable {
    static let protocolVersion = ProtocolVersion.current

    struct State {
        var deviceId: String?
        var gatewayVersion: String?
        var registerRequestID: Int?
        var nextRequestID = 1
        var inbox: [DeviceRequest] = []
        var unanswered: UnansweredRequests
        /// The gateway's time-out for requests on this connection (`Gateway.register`'s reply).
        var gatewayTimeout: Duration?
        /// The gateway's clock on this connection (`gatewayTime` in `Gateway.register`'s reply).
        var gatewayClock: GatewayClock?
        var refusal: ProtocolError?
        /// Whether the gateway refused the registration on the open connection and left it open
        /// (it closes it for an unsupported version or too many devices, not for bad params):
        /// the handshake is still pending then, so that `registrationTimeout` hangs up and the
        /// client retries with its back-off instead of staying connected and unregistered.
        var refusedOnThisConnection = false
        var lastCloseCode: Int?
        var registrations = 0
        var discardedMessages = 0
    }

    let identity: DeviceIdentity
    let info: DeviceInfo
    let delivery: RequestDelivery
    let maximumRequestBytes: Int
    /// The version sent in `Gateway.register` (tests send an unsupported one).
    let protocolVersion: Int
    let state: Mutex<State>
    /// Attached inspectors, from `Inspector.attached` / `Inspector.detached`.
    let inspectorCount = Atomic<Int>(0)
    /// Told the session number of each DevTools connection the gateway says closed.
    let devToolsClosed = Mutex<(@Sendable (Int) -> Void)?>(nil)
    /// The generation of the connection on which registration succeeded (0: not registered).
    let registeredGeneration = Atomic<UInt64>(0)
    /// Requests waiting in the inbox (`.polled` delivery), so an empty poll takes no lock.
    let pendingRequests = Atomic<Int>(0)

    init(
        identity: DeviceIdentity, info: DeviceInfo, delivery: RequestDelivery, maximumRequestBytes: Int,
        protocolVersion: Int = DeviceSessionCore.protocolVersion, unanswered: UnansweredRequests = UnansweredRequests()
    ) {
        state = Mutex(State(unanswered: unanswered))
        self.protocolVersion = protocolVersion
        self.identity = identity
        self.info = info
        self.delivery = delivery
        self.maximumRequestBytes = maximumRequestBytes
    }

    var handlers: WebSocketClient.Handlers {
        WebSocketClient.Handlers(
            opened: { [self] generation in opened(generation: generation) },
            received: { [self] bytes, generation in received(bytes, generation: generation) },
            oversized: { [self] head, size, generation in oversized(head: head, size: size, generation: generation) },
            closed: { [self] code in closed(code: code) },
            shouldReconnect: { [self] in
                state.withLock { $0.refusal?.code != .unsupportedProtocolVersion }
            },
            handshakePending: { [self] in state.withLock { $0.registerRequestID != nil || $0.refusedOnThisConnection } })
    }

    /// A connection opened: `Gateway.register` must be its first message.
    private func opened(generation: UInt64) -> [OutgoingMessage] {
        let id = state.withLock { state in
            let id = state.nextRequestID
            state.nextRequestID += 1
            state.registerRequestID = id
            state.refusedOnThisConnection = false
            return id
        }
        return [
            EnvelopeWriter.request(
                id: id, method: "Gateway.register",
                params: identity.registerParams(info: info, protocolVersion: protocolVersion))
        ]
    }

    private func received(_ bytes: [UInt8], generation: UInt64) -> [OutgoingMessage] {
        let envelope: Envelope
        do {
            envelope = try Envelope(reading: bytes)
        } catch {
            // Well-formed JSON whose `method` or `device` is not a string is an invalid request
            // (-32600); -32700 is for a message that is not JSON. Telling them apart costs a
            // second reading, on this error path only.
            let id = Envelope.leadingID(in: Array(bytes.prefix(MessageAssembler.headLength)))
            guard (try? JSONReader.parse(bytes)) != nil else {
                return answer(id: id, ProtocolError(.parseError, "parse error: \(error)"))
            }
            return answer(id: id, ProtocolError(.invalidRequest, "invalid request: \(error)"))
        }
        switch (envelope.id, envelope.method) {
        case (let id?, let method?):
            guard let id = id.integer, id > 0 else {
                return discard()  // no usable id to answer with
            }
            return request(id: id, method: method, envelope: envelope, size: bytes.count, generation: generation)
        case (nil, let method?):
            event(method: method, envelope: envelope)
            return []
        case (let id?, nil) where envelope.resultBytes != nil || envelope.hasError:
            reply(id: id.integer, envelope: envelope, generation: generation)
            return []
        default:
            return answer(
                id: envelope.integerID, ProtocolError(.invalidRequest, "invalid request: a request needs \"id\" and \"method\""))
        }
    }

    private func request(id: Int, method: String, envelope: Envelope, size: Int, generation: UInt64) -> [OutgoingMessage] {
        // `Envelope` validated the params while skipping them: whether they are an object is
        // all the transport needs to know (the serving thread parses them).
        let params = envelope.paramsBytes.map(Array.init) ?? Array("{}".utf8)
        guard params.first(where: { !Self.isWhitespace($0) }) == UInt8(ascii: "{") else {
            return answer(id: id, ProtocolError(.invalidParams, "invalid params: \"params\" must be an object"))
        }
        let (refusal, gatewayTimeout, gatewayClock) = state.withLock { state in
            (state.unanswered.admit(size: size, generation: generation), state.gatewayTimeout, state.gatewayClock)
        }
        if let refusal { return answer(id: id, refusal) }
        // Without a `gatewayTime` to measure the offset by, the clocks are taken to agree (one
        // machine): the expiry is kept rather than ignored.
        let expiresAt = envelope.expiresAt.map { gatewayClock?.local($0) ?? $0 }
        let request = DeviceRequest(
            id: id, method: method, paramsBytes: params, receivedBytes: size, generation: generation,
            gatewayTimeout: gatewayTimeout, expiresAt: expiresAt)
        switch delivery {
        case .polled:
            state.withLock { $0.inbox.append(request) }
            pendingRequests.add(1, ordering: .releasing)
        case .dispatch(let queue, let handler):
            queue.async { handler(request) }
        case .forward(let handler):
            handler(request)
        }
        return []
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// `Inspector.attached` / `Inspector.detached` carry the new count; `DevTools.closed` the
    /// session whose state goes; other events are not for devices and are ignored.
    private func event(method: String, envelope: Envelope) {
        if method == "DevTools.closed" {
            guard let session = (try? envelope.params())?["session"]?.integer else { return }
            devToolsClosed.withLock { $0 }?(session)
            return
        }
        guard method == "Inspector.attached" || method == "Inspector.detached" else { return }
        guard let count = (try? envelope.params())?["count"]?.integer, count >= 0 else { return }
        inspectorCount.store(count, ordering: .releasing)
    }

    private func reply(id: Int?, envelope: Envelope, generation: UInt64) {
        let arrivedAt = WallClock.now
        let registered: Bool = state.withLock { state in
            guard let id, id == state.registerRequestID else { return false }
            state.registerRequestID = nil
            if let error = envelope.error() {
                state.refusal = error
                state.refusedOnThisConnection = true
                return false
            }
            let result = try? envelope.result()
            guard let deviceId = result?["deviceId"]?.string else {
                state.refusal = ProtocolError(.internalError, "Gateway.register answered without a deviceId")
                state.refusedOnThisConnection = true
                return false
            }
            state.deviceId = deviceId
            state.gatewayVersion = result?["gatewayVersion"]?.string
            state.gatewayTimeout = result?["requestTimeout"]?.number.flatMap { $0 > 0 && $0.isFinite ? .seconds($0) : nil }
            state.gatewayClock = result?["gatewayTime"]?.number.flatMap {
                $0.isFinite ? GatewayClock(gatewayTime: $0, receivedAt: arrivedAt) : nil
            }
            state.refusal = nil
            state.registrations += 1
            return true
        }
        if registered { registeredGeneration.store(generation, ordering: .releasing) }
    }

    /// A request too large to accept: answered from its head when its id is readable.
    private func oversized(head: [UInt8], size: Int, generation: UInt64) -> [OutgoingMessage] {
        answer(
            id: Envelope.leadingID(in: head),
            ProtocolError(.invalidRequest, "request too large: \(size) bytes (limit \(maximumRequestBytes))"))
    }

    private func closed(code: Int?) {
        registeredGeneration.store(0, ordering: .releasing)
        inspectorCount.store(0, ordering: .releasing)
        state.withLock { state in
            state.lastCloseCode = code
            state.registerRequestID = nil
            state.refusedOnThisConnection = false
            state.unanswered.connectionClosed()
            state.gatewayTimeout = nil
            state.gatewayClock = nil
            // Their connection is gone: replies to them would be discarded anyway.
            pendingRequests.subtract(state.inbox.count, ordering: .releasing)
            state.inbox.removeAll()
        }
    }

    /// An error reply when the id is known; otherwise the message is counted and dropped (the
    /// gateway cannot route a reply without an id).
    private func answer(id: Int?, _ error: ProtocolError) -> [OutgoingMessage] {
        guard let id, id > 0 else { return discard() }
        return [EnvelopeWriter.errorReply(id: id, error: error)]
    }

    private func discard() -> [OutgoingMessage] {
        state.withLock { $0.discardedMessages += 1 }
        return []
    }

    /// The host answered `request` (`DeviceSession.reply` or `fail`).
    func answered(_ request: DeviceRequest) {
        state.withLock { $0.unanswered.answered(size: request.receivedBytes, generation: request.generation) }
    }

    func takeRequests() -> [DeviceRequest] {
        guard pendingRequests.load(ordering: .acquiring) > 0 else { return [] }
        return state.withLock { state in
            let requests = state.inbox
            state.inbox.removeAll()
            pendingRequests.subtract(requests.count, ordering: .releasing)
            return requests
        }
    }
}
