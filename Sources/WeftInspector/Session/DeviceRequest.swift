import WeftJSON
import WeftSnapshot
import Dispatch

/// A request an inspector sent to this program, as the host's handler receives it. Answer it
/// exactly once with `DeviceSession.reply(to:result:)` or `DeviceSession.fail(_:with:)`, on any
/// thread, at any later time; an answer for a connection that has since closed is discarded
/// (the gateway already failed the request with -32001).
public struct DeviceRequest: Sendable {
    /// The id the gateway assigned; the reply carries it back.
    public let id: Int
    public let method: String
    /// `params` parsed (an empty object when the request had none).
    public let params: JSONValue
    /// `params` as received, for handlers that decode them with their own codec.
    public let paramsBytes: [UInt8]
    /// The size of the message it came in, as `UnansweredRequests` counts it.
    let receivedBytes: Int
    /// The connection the request came on.
    let generation: UInt64
    /// When the transport received it.
    let receivedAt: ContinuousClock.Instant
    /// How long the gateway waits for the answer (`requestTimeout` in its `Gateway.register`
    /// reply on the request's connection), when it said.
    let gatewayTimeout: Duration?

    init(id: Int, method: String, params: JSONValue, paramsBytes: [UInt8], receivedBytes: Int = 0, generation: UInt64,
         receivedAt: ContinuousClock.Instant = .now, gatewayTimeout: Duration? = nil) {
        (self.id, self.method, self.params, self.paramsBytes) = (id, method, params, paramsBytes)
        (self.receivedBytes, self.generation) = (receivedBytes, generation)
        (self.receivedAt, self.gatewayTimeout) = (receivedAt, gatewayTimeout)
    }

    /// Whether the gateway has answered the request itself by `now`: it waited for the host
    /// longer than the gateway's time-out, and its sender got -32002. Served now, an edit would
    /// apply after its sender was told it did not. The gateway started its clock before the
    /// request left it: a margin (a tenth of the time-out, at most 100 ms) covers the way here,
    /// and a request expired within the margin gets this program's -32002 instead.
    func hasExpired(at now: ContinuousClock.Instant) -> Bool {
        guard let gatewayTimeout else { return false }
        return now - receivedAt >= gatewayTimeout - min(.milliseconds(100), gatewayTimeout / 10)
    }
}

/// How requests reach the host program. The transport thread must never run host code that
/// touches the node tree, so the host picks the thread.
public enum RequestDelivery: Sendable {
    /// The host takes them with `DeviceSession.takeRequests()`, for example once per frame of
    /// its main loop (an empty check is one atomic load).
    case polled
    /// Each request is handed to the handler on this queue.
    case dispatch(DispatchQueue, @Sendable (DeviceRequest) -> Void)
    /// Each request is handed to the handler on the transport thread; the handler must only
    /// forward it (for example enqueue it on the host's main loop) and return at once.
    case forward(@Sendable (DeviceRequest) -> Void)
}
