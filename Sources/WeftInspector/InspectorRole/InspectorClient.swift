import Dispatch
import WeftJSON
import WeftProtocol
import WeftSnapshot

/// The inspector role of docs/protocol.md over the same transport: says `Gateway.hello` on every
/// connection, sends requests (to the gateway, or to a device with `device`) and matches their
/// replies by id, and hands every event to `onEvent` (on the transport thread). `weft
/// record-session` and the Swift end-to-end tests use it.
public final class InspectorClient: Sendable {
    private let core: InspectorClientCore
    /// The transport under the session (its `state` and `lastError` say how the connection goes).
    public let client: WebSocketClient

    /// - Parameters:
    ///   - endpoint: the gateway to connect to.
    ///   - token: the gateway's token, when it has one.
    ///   - clientName: sent in `Gateway.hello`, shown in the gateway's log.
    ///   - options: the transport's queue limits and reconnection rules.
    ///   - onEvent: called on the transport thread for every event (return quickly).
    ///   - onClosed: called on the transport thread when an open connection ends, after its
    ///     pending requests failed (the transport then reconnects unless closed).
    public init(
        endpoint: GatewayEndpoint, token: String? = nil, clientName: String = "swift",
        options: TransportOptions = .inspector, onEvent: @escaping @Sendable (Envelope) -> Void = { _ in },
        onClosed: @escaping @Sendable (_ closeCode: Int?) -> Void = { _ in }
    ) {
        core = InspectorClientCore(clientName: clientName, onEvent: onEvent, onClosed: onClosed)
        client = WebSocketClient(
            endpoint: endpoint, path: "/inspector", token: token, options: options,
            handlers: core.handlers)
    }

    /// Starts the transport thread, which connects and says hello on every connection.
    public func start() { client.start() }

    /// Closes the connection and stops the transport thread (see `WebSocketClient.close()`).
    public func close() { client.close() }

    /// `Gateway.hello` succeeded on the current connection.
    public var isReady: Bool { core.readyGeneration.load(ordering: .acquiring) != 0 }

    /// The reply to the last `Gateway.hello` (its result lists the devices).
    public var hello: Envelope? { core.state.withLock { $0.hello } }

    /// Waits until `Gateway.hello` succeeded, polling every few milliseconds.
    public func waitUntilReady(timeout: Duration = .seconds(10)) async throws(ProtocolError) {
        let deadline = ContinuousClock.now + timeout
        while !isReady {
            guard ContinuousClock.now < deadline else {
                throw ProtocolError(
                    .timedOut, "no Gateway.hello reply within \(timeout) (\(client.state); \(client.lastError ?? "no error"))")
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Sends a request and calls `completion` (on the transport thread, or at once when it
    /// cannot be sent) with the reply envelope or the error. After `timeout` without a reply it
    /// fails with `.timedOut`.
    public func send(
        _ method: String, device: String? = nil, params: [UInt8] = Array("{}".utf8),
        timeout: Duration = .seconds(10),
        completion: @escaping @Sendable (Result<Envelope, ProtocolError>) -> Void
    ) {
        let generation = core.readyGeneration.load(ordering: .acquiring)
        guard generation != 0 else {
            completion(.failure(ProtocolError(.deviceGone, "not connected to the gateway")))
            return
        }
        let id = core.register(completion)
        let message = EnvelopeWriter.request(id: id, method: method, device: device, params: params)
        switch client.send(message, generation: generation) {
        case .queued:
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout.seconds) { [core] in
                core.complete(id, .failure(ProtocolError(.timedOut, "no reply to \(method) within \(timeout)")))
            }
        case .dropped, .notConnected, .overflow:
            core.complete(id, .failure(ProtocolError(.deviceGone, "could not send \(method): not connected")))
        }
    }

    /// `send` as an async call: the reply envelope (its `resultBytes` hold the result as
    /// received), or the protocol error.
    public func request(
        _ method: String, device: String? = nil, params: [UInt8] = Array("{}".utf8),
        timeout: Duration = .seconds(10)
    ) async throws(ProtocolError) -> Envelope {
        let outcome = await withCheckedContinuation { continuation in
            send(method, device: device, params: params, timeout: timeout) { continuation.resume(returning: $0) }
        }
        return try outcome.get()
    }

    /// `Gateway.attach`: subscribes this inspector to the events of `device` (a deviceId, an
    /// appId or `appId@instance`), and makes the gateway tell the device someone listens.
    @discardableResult
    public func attach(device: String, timeout: Duration = .seconds(10)) async throws(ProtocolError) -> Envelope {
        try await request("Gateway.attach", params: (["device": .string(device)] as JSONValue).jsonBytes, timeout: timeout)
    }

    /// `Gateway.detach`: the inverse of `attach(device:)`.
    @discardableResult
    public func detach(device: String, timeout: Duration = .seconds(10)) async throws(ProtocolError) -> Envelope {
        try await request("Gateway.detach", params: (["device": .string(device)] as JSONValue).jsonBytes, timeout: timeout)
    }

    /// Stops reading from the socket (or resumes): simulates an inspector that falls behind.
    public func pauseReading(_ paused: Bool) { client.pauseReading(paused) }
}
