import Synchronization

/// A host program's connection to the gateway (the device role of docs/protocol.md): it registers
/// with its identity, re-registers after every reconnect, knows whether any inspector is
/// attached, hands incoming requests to the host, and sends replies and events built from
/// pre-encoded bytes. Nothing here ever blocks the calling thread.
///
/// ```swift
/// let session = DeviceSession(configuration: try .fromEnvironment(),
///                             identity: DeviceIdentity(appId: "org.weft.Example", instance: configuration.instance),
///                             info: DeviceInfo(appName: "Example"))
/// session.start()
/// // every frame, on the host's thread:
/// for request in session.takeRequests() { ... session.reply(to: request, result: bytes) }
/// if session.isSomeoneListening { session.sendEvent(method: "Tree.updated", params: opsBytes) }
/// ```
public final class DeviceSession: Sendable {
    /// The gateway reached, the token and the instance this session was made with.
    public let configuration: GatewayConfiguration
    /// The protocol state on the transport thread (internal: tests read it).
    let core: DeviceSessionCore
    /// The underlying transport (state, statistics).
    public let client: WebSocketClient

    /// A session that is not connected yet: `start()` connects it. Requests are polled with `takeRequests()` unless `delivery` says otherwise.
    public convenience init(
        configuration: GatewayConfiguration, identity: DeviceIdentity, info: DeviceInfo,
        options: TransportOptions = .device, delivery: RequestDelivery = .polled
    ) {
        self.init(
            configuration: configuration, identity: identity, info: info, options: options, delivery: delivery,
            protocolVersion: DeviceSessionCore.protocolVersion)
    }

    /// With another protocol version in `Gateway.register` (tests of the refusal).
    init(
        configuration: GatewayConfiguration, identity: DeviceIdentity, info: DeviceInfo,
        options: TransportOptions, delivery: RequestDelivery, protocolVersion: Int
    ) {
        self.configuration = configuration
        core = DeviceSessionCore(
            identity: identity, info: info, delivery: delivery,
            maximumRequestBytes: options.maximumIncomingMessageBytes, protocolVersion: protocolVersion)
        client = WebSocketClient(
            endpoint: configuration.endpoint, path: "/device", token: configuration.token,
            options: options, handlers: core.handlers)
    }

    /// Connects in the background; returns at once.
    public func start() { client.start() }

    /// Closes the connection and stops the transport thread (waits at most `closeTimeout`).
    public func close() { client.close() }

    // MARK: Listening

    /// Calls `body` (on the transport's thread) with the session number of each DevTools
    /// connection that closed (the gateway's `DevTools.closed`).
    public func onDevToolsSessionClosed(_ body: @escaping @Sendable (Int) -> Void) {
        core.devToolsClosed.withLock { $0 = body }
    }

    /// Whether any inspector is attached: one relaxed atomic load, cheap enough for every frame.
    /// The host streams updates only while it is true.
    public var isSomeoneListening: Bool { core.inspectorCount.load(ordering: .relaxed) > 0 }

    /// The number of attached inspectors (0 while disconnected).
    public var inspectorCount: Int { core.inspectorCount.load(ordering: .relaxed) }

    /// Registered on the current connection.
    public var isRegistered: Bool { core.registeredGeneration.load(ordering: .relaxed) != 0 }

    /// The deviceId the gateway gave this identity (kept across reconnects; nil before the
    /// first registration).
    public var deviceId: String? { core.state.withLock { $0.deviceId } }

    /// How many times registration succeeded (1 + successful re-registrations).
    public var registrationCount: Int { core.state.withLock { $0.registrations } }

    /// The gateway's refusal of the last registration attempt, if it refused.
    public var registrationError: ProtocolError? { core.state.withLock { $0.refusal } }

    /// The close code of the last connection that ended (4000: replaced).
    public var lastCloseCode: Int? { core.state.withLock { $0.lastCloseCode } }

    /// Incoming messages dropped because they had no usable id to answer.
    public var discardedMessages: Int { core.state.withLock { $0.discardedMessages } }

    // MARK: Requests

    /// The requests received since the last call (`.polled` delivery), less those no longer
    /// to be served (`answerIfStale`). When there are none it costs one atomic load.
    public func takeRequests() -> [DeviceRequest] {
        let requests = core.takeRequests()
        guard !requests.isEmpty else { return requests }
        let now = ContinuousClock.now
        return requests.filter { !answerIfStale($0, at: now) }
    }

    /// Returns true when `request` is no longer to be served, after answering it if an answer
    /// can still go:
    /// - its connection closed since it came: the gateway failed it for its sender (-32001, the
    ///   device went away), and a reply would have no connection to go on;
    /// - it expired: the gateway's clock passed its `expiresAt` (less a margin), or it waited
    ///   here longer than the gateway's time-out (`DeviceRequest.hasExpired`). It is answered
    ///   with -32002, which the gateway drops (its sender got -32002 from the gateway already).
    ///
    /// Served then, an edit would change the program after its sender was told it had not. A
    /// host that keeps requests waiting (a queue of its own, `.dispatch` or `.forward` delivery)
    /// calls this before serving each one; `takeRequests()` does it for `.polled` delivery.
    @discardableResult
    public func answerIfStale(_ request: DeviceRequest, at now: ContinuousClock.Instant = .now) -> Bool {
        guard client.isOpen(generation: request.generation) else { return true }
        guard request.hasExpired(at: now) else { return false }
        fail(
            request,
            with: ProtocolError(
                .timedOut,
                "timed out: the request expired before it could apply "
                    + "(the gateway's time-out passed), and was not served"))
        return true
    }

    /// Answers `request` with a pre-encoded result (for example a snapshot from the snapshot
    /// codec): `{"id":N,"result":` + result + `}`. The bytes are not re-encoded.
    @discardableResult
    public func reply(to request: DeviceRequest, result: [UInt8]) -> WebSocketClient.SendResult {
        core.answered(request)
        return client.send(EnvelopeWriter.reply(id: request.id, result: result), generation: request.generation)
    }

    /// Answers `request` with an error (docs/protocol.md codes; an unknown method: `.methodNotFound`).
    @discardableResult
    public func fail(_ request: DeviceRequest, with error: ProtocolError) -> WebSocketClient.SendResult {
        core.answered(request)
        return client.send(EnvelopeWriter.errorReply(id: request.id, error: error), generation: request.generation)
    }

    // MARK: Events

    /// Sends an event whose params are pre-encoded: `{"method":M,"params":` + params + `}`.
    /// Returns at once. While not registered it is discarded; when the queue is behind, events
    /// are dropped (receivers see the revision gap and resync).
    @discardableResult
    public func sendEvent(method: String, params: [UInt8]) -> WebSocketClient.SendResult {
        let generation = core.registeredGeneration.load(ordering: .acquiring)
        guard generation != 0 else { return .notConnected }
        return client.send(EnvelopeWriter.event(method: method, params: params), generation: generation)
    }
}
