import Dispatch
import WeftJSON
import WeftSnapshot

#if canImport(Glibc)
    import Glibc
#endif

/// A request an inspector sent to this program, as the host's handler receives it. Answer it
/// exactly once with `DeviceSession.reply(to:result:)` or `DeviceSession.fail(_:with:)`, on any
/// thread, at any later time; an answer for a connection that has since closed is discarded
/// (the gateway already failed the request with -32001).
public struct DeviceRequest: Sendable {
    /// The id the gateway assigned; the reply carries it back.
    public let id: Int
    /// The protocol method asked for: `Tree.get`, `Layout.explain`...
    public let method: String
    /// `params` as received (`{}` when the request had none): a JSON object, checked when it
    /// came, for handlers that decode them with their own codec.
    public let paramsBytes: [UInt8]
    /// `params` parsed, on each call: the transport reads no more of a request than it routes,
    /// so a large one costs its time on the thread that serves it, not the transport's.
    public var params: JSONValue { (try? JSONReader.parse(paramsBytes)) ?? .object([:]) }
    /// The size of the message it came in, as `UnansweredRequests` counts it.
    let receivedBytes: Int
    /// The connection the request came on.
    let generation: UInt64
    /// When the transport received it.
    let receivedAt: ContinuousClock.Instant
    /// How long the gateway waits for the answer (`requestTimeout` in its `Gateway.register`
    /// reply on the request's connection), when it said.
    let gatewayTimeout: Duration?
    /// When the gateway answers the request with -32002 itself: its `expiresAt`, moved onto
    /// this machine's wall clock with the connection's `GatewayClock` (nil from a gateway that
    /// sends neither).
    let expiresAt: WallClock.Milliseconds?

    init(
        id: Int, method: String, paramsBytes: [UInt8], receivedBytes: Int = 0, generation: UInt64,
        receivedAt: ContinuousClock.Instant = .now, gatewayTimeout: Duration? = nil,
        expiresAt: WallClock.Milliseconds? = nil
    ) {
        (self.id, self.method, self.paramsBytes) = (id, method, paramsBytes)
        (self.receivedBytes, self.generation) = (receivedBytes, generation)
        (self.receivedAt, self.gatewayTimeout, self.expiresAt) = (receivedAt, gatewayTimeout, expiresAt)
    }

    /// How long before the gateway's `expiresAt` a request counts as expired: the reply's way
    /// back to the gateway, and the error of the clock offset (the register reply's way here).
    static let expiryMargin: WallClock.Milliseconds = 250

    /// Whether the gateway has answered the request itself by `now`, or is about to: its sender
    /// got -32002, and an edit served now would apply after its sender was told it did not.
    /// - With `expiresAt` (the gateway's clock): expired from `expiryMargin` before it, however
    ///   long the whole program was frozen (SIGSTOP, a debugger) before or after reading it.
    /// - Also, as with a gateway that sends no `expiresAt`: it waited here longer than the
    ///   gateway's time-out, less a margin (a tenth of the time-out, at most 100 ms) for its
    ///   way here; the gateway started its clock before the request left it.
    func hasExpired(at now: ContinuousClock.Instant, wallClock: WallClock.Milliseconds = WallClock.now) -> Bool {
        if let expiresAt, wallClock >= expiresAt - Self.expiryMargin { return true }
        guard let gatewayTimeout else { return false }
        return now - receivedAt >= gatewayTimeout - min(.milliseconds(100), gatewayTimeout / 10)
    }
}

/// This machine's wall clock (CLOCK_REALTIME), the clock the gateway's `gatewayTime` and
/// `expiresAt` are on, give or take the offset `GatewayClock` measures.
enum WallClock {
    typealias Milliseconds = Double

    static var now: Milliseconds {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
}

/// The gateway's clock as seen from this connection: `gatewayTime` (its `Gateway.register`
/// reply) minus this machine's wall clock when the reply arrived. On one machine it is about 0;
/// the reply's way here makes it too small by that delay, which `expiryMargin` covers.
struct GatewayClock: Sendable {
    let offset: WallClock.Milliseconds

    init(gatewayTime: WallClock.Milliseconds, receivedAt localTime: WallClock.Milliseconds = WallClock.now) {
        offset = gatewayTime - localTime
    }

    /// A time on the gateway's clock, on this machine's.
    func local(_ gatewayTime: WallClock.Milliseconds) -> WallClock.Milliseconds { gatewayTime - offset }
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
