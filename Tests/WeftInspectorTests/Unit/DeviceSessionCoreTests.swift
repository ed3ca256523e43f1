import Testing
import WeftSnapshot

@testable import WeftInspector

/// The device's checks of incoming messages, called the way the transport calls them (the
/// gateway validates inspector messages itself, so most of these cannot reach a device through
/// it; a broken or future gateway could still send them). Codes from docs/protocol.md: -32700 parse
/// error, -32600 invalid request, -32602 invalid params.
@Suite struct DeviceSessionCoreTests {
    private let core = DeviceSessionCore(
        identity: DeviceIdentity(appId: "a", instance: "i", host: "h"),
        info: DeviceInfo(appName: "A"), delivery: .polled, maximumRequestBytes: 1000)

    private func answer(_ text: String) -> String? {
        let messages = core.handlers.received(Array(text.utf8), 1)
        return messages.first.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    @Test func registersFirstOnEveryConnection() {
        let first = core.handlers.opened(1)
        let text = String(decoding: first[0].bytes, as: UTF8.self)
        #expect(
            text.hasPrefix(
                #"{"id":1,"method":"Gateway.register","params":{"protocolVersion":1,"identity":{"appId":"a","instance":"i","host":"h"},"info":{"appName":"A","#
            ))
        // The reply makes it registered on that connection with the deviceId kept.
        _ = core.handlers.received(
            Array(#"{"id":1,"result":{"deviceId":"d9","gatewayVersion":"x","protocolVersion":1}}"#.utf8), 1)
        #expect(core.registeredGeneration.load(ordering: .relaxed) == 1)
        #expect(core.state.withLock { $0.deviceId } == "d9")
        core.handlers.closed(nil)
        #expect(core.registeredGeneration.load(ordering: .relaxed) == 0)
        #expect(core.state.withLock { $0.deviceId } == "d9")
    }

    /// Requests carry the gateway's time-out from its `Gateway.register` reply on their
    /// connection, and expire a margin (a tenth, at most 100 ms) before it: the gateway's clock
    /// started before the request left it. Without a time-out they never expire.
    @Test func requestsExpireWithTheGatewaysTimeOut() throws {
        func request(on generation: UInt64) throws -> DeviceRequest {
            _ = core.handlers.received(Array(#"{"id":9,"method":"Tree.getDocument","params":{}}"#.utf8), generation)
            return try #require(core.takeRequests().first)
        }
        _ = core.handlers.opened(1)
        _ = core.handlers.received(
            Array(#"{"id":1,"result":{"deviceId":"d1","protocolVersion":1,"requestTimeout":2.5}}"#.utf8), 1)
        let timed = try request(on: 1)
        #expect(timed.gatewayTimeout == .milliseconds(2500))
        #expect(!timed.hasExpired(at: timed.receivedAt + .milliseconds(2399)))
        #expect(timed.hasExpired(at: timed.receivedAt + .milliseconds(2400)))
        let short = DeviceRequest(id: 1, method: "m", paramsBytes: [], generation: 1, gatewayTimeout: .milliseconds(300))
        #expect(!short.hasExpired(at: short.receivedAt + .milliseconds(269)))
        #expect(short.hasExpired(at: short.receivedAt + .milliseconds(270)))

        // A gateway that does not say (an older one), or says nonsense: never.
        core.handlers.closed(nil)
        _ = core.handlers.opened(2)
        _ = core.handlers.received(Array(#"{"id":2,"result":{"deviceId":"d1","protocolVersion":1,"requestTimeout":-1}}"#.utf8), 2)
        let untimed = try request(on: 2)
        #expect(untimed.gatewayTimeout == nil)
        #expect(!untimed.hasExpired(at: untimed.receivedAt + .seconds(3600)))
    }

    /// With `gatewayTime` in the register reply and `expiresAt` on the request, a request
    /// expires on the gateway's clock (moved onto this machine's by the measured offset), a
    /// margin of 250 ms before `expiresAt`, however long ago it was received: a program frozen
    /// as a whole reads it late, and the time-out counted from its reading would not have run.
    @Test(arguments: [0.0, 5_000_000.0, -3_600_000.0])
    func requestsExpireOnTheGatewaysClock(gatewayAhead: Double) throws {
        _ = core.handlers.opened(1)
        let gatewayTime = (WallClock.now + gatewayAhead).rounded(.down)
        _ = core.handlers.received(
            Array(
                #"{"id":1,"result":{"deviceId":"d1","protocolVersion":1,"requestTimeout":30,"gatewayTime":\#(Int(gatewayTime))}}"#
                    .utf8), 1)
        let offset = try #require(core.state.withLock { $0.gatewayClock?.offset })
        #expect(abs(offset - gatewayAhead) < 1000, "offset \(offset), the gateway's clock is \(gatewayAhead) ms ahead")

        // Expires 10 s from now on the gateway's clock.
        let expiresAt = Int(gatewayTime) + 10_000
        _ = core.handlers.received(Array(#"{"id":9,"method":"Layout.setStyle","expiresAt":\#(expiresAt),"params":{}}"#.utf8), 1)
        let request = try #require(core.takeRequests().first)
        let local = try #require(request.expiresAt)
        #expect(local == Double(expiresAt) - offset)
        // Just received (the time-out from its reading is far away), but the wall clock moved on.
        let justNow = request.receivedAt
        #expect(!request.hasExpired(at: justNow, wallClock: local - 251))
        #expect(request.hasExpired(at: justNow, wallClock: local - 250))
        #expect(request.hasExpired(at: justNow, wallClock: local + 60_000))
        // The time-out counted from its reading still applies (30 s, less 100 ms).
        #expect(request.hasExpired(at: justNow + .milliseconds(29_900), wallClock: local - 5_000))

        // Without `gatewayTime`, `expiresAt` is taken on this machine's clock.
        core.handlers.closed(nil)
        _ = core.handlers.opened(2)
        _ = core.handlers.received(Array(#"{"id":2,"result":{"deviceId":"d1","protocolVersion":1}}"#.utf8), 2)
        _ = core.handlers.received(Array(#"{"id":10,"method":"Layout.setStyle","expiresAt":\#(expiresAt),"params":{}}"#.utf8), 2)
        #expect(try #require(core.takeRequests().first).expiresAt == Double(expiresAt))
    }

    @Test func refusedRegistrationIsKept() {
        _ = core.handlers.opened(1)
        _ = core.handlers.received(Array(#"{"id":1,"error":{"code":-32004,"message":"unsupported protocol version"}}"#.utf8), 1)
        #expect(core.registeredGeneration.load(ordering: .relaxed) == 0)
        #expect(core.state.withLock { $0.refusal } == ProtocolError(.unsupportedProtocolVersion, "unsupported protocol version"))
    }

    @Test func aRefusalThatLeavesTheConnectionOpenKeepsTheHandshakePending() {
        // The transport hangs up `registrationTimeout` after opening while the handshake is
        // pending, and retries with its back-off: a refused device must not sit connected and
        // unregistered for good.
        _ = core.handlers.opened(1)
        #expect(core.handlers.handshakePending())
        _ = core.handlers.received(Array(#"{"id":1,"error":{"code":-32602,"message":"Gateway.register needs appId"}}"#.utf8), 1)
        #expect(core.handlers.handshakePending(), "refused and left connected: still not through the handshake")
        #expect(core.registeredGeneration.load(ordering: .relaxed) == 0)
        core.handlers.closed(nil)
        #expect(!core.handlers.handshakePending())
        // The next connection registers: the handshake is through, the refusal forgotten.
        _ = core.handlers.opened(2)
        _ = core.handlers.received(
            Array(#"{"id":2,"result":{"deviceId":"d1","gatewayVersion":"x","protocolVersion":1}}"#.utf8), 2)
        #expect(!core.handlers.handshakePending())
        #expect(core.state.withLock { $0.refusal } == nil)
    }

    /// A host that stops answering cannot make requests pile up: past either limit a request is
    /// answered at once with -32603 and never reaches the host; answers make room again, and a
    /// new connection starts from nothing (the old one's answers are discarded).
    @Test func requestsBeyondTheUnansweredLimitsAreAnsweredAtOnce() {
        let core = DeviceSessionCore(
            identity: DeviceIdentity(appId: "a", instance: "i", host: "h"), info: DeviceInfo(appName: "A"),
            delivery: .polled, maximumRequestBytes: 1000,
            unanswered: UnansweredRequests(maximumCount: 3, maximumBytes: 300))
        func send(_ id: Int, padding: Int = 0, on generation: UInt64 = 1) -> String? {
            let text = #"{"id":\#(id),"method":"X","params":{"p":"\#(String(repeating: "x", count: padding))"}}"#
            return core.handlers.received(Array(text.utf8), generation).first.map { String(decoding: $0.bytes, as: UTF8.self) }
        }
        let refusal = #"{"id":4,"error":{"code":-32603,"message":"too many requests wait for the program: 3 unanswered, "#
        for id in 1...3 { #expect(send(id) == nil) }
        #expect(send(4)?.hasPrefix(refusal) == true)
        let taken = core.takeRequests()
        #expect(taken.map(\.id) == [1, 2, 3], "the refused request never reached the host")
        #expect(send(5) != nil, "taken is not answered")
        core.answered(taken[0])
        #expect(send(6) == nil)
        #expect(send(7) != nil)

        // Bytes: two requests of about 200 bytes do not fit in 300; one alone always does.
        core.handlers.closed(nil)
        #expect(send(8, padding: 170, on: 2) == nil)
        #expect(send(9, padding: 170, on: 2)?.contains("holding 209 bytes (limits 3 requests, 300 bytes)") == true)
        let big = core.takeRequests()
        #expect(big.map(\.id) == [8])
        core.answered(big[0])
        #expect(send(10, padding: 500, on: 2) == nil, "alone, a request larger than the byte limit still fits")

        // An answer to a request of the closed connection makes no room on the new one.
        core.answered(taken[1])
        #expect(send(11, padding: 170, on: 2) != nil)
    }

    @Test func malformedJSONGetsAParseErrorWhenItsIDIsReadable() {
        #expect(
            answer(#"{"id":5,"method":"Tree.getDocument","params":{"#)?.hasPrefix(#"{"id":5,"error":{"code":-32700,"#) == true)
        // No readable id: nothing can be routed back; the message is counted and dropped.
        #expect(answer("not json") == nil)
        #expect(core.state.withLock { $0.discardedMessages } == 1)
    }

    /// JSON-RPC 2.0, whose codes docs/protocol.md uses: -32700 is for a message that is not JSON,
    /// -32600 for well-formed JSON that is not a valid request. A `method` (or `device`) that is
    /// not a string is the second: -32600.
    @Test func wellFormedJSONWithAMistypedMemberIsAnInvalidRequest() {
        #expect(answer(#"{"id":11,"method":5,"params":{}}"#)?.hasPrefix(#"{"id":11,"error":{"code":-32600,"#) == true)
        #expect(
            answer(#"{"id":12,"method":"X","device":[],"params":{}}"#)?.hasPrefix(#"{"id":12,"error":{"code":-32600,"#) == true)
        #expect(core.takeRequests().isEmpty)
    }

    @Test func requestsWithoutMethodOrWithBadParamsAreRejected() {
        #expect(answer(#"{"id":6,"params":{}}"#)?.hasPrefix(#"{"id":6,"error":{"code":-32600,"#) == true)
        #expect(
            answer(#"{"id":7,"method":"X","params":[1]}"#)
                == #"{"id":7,"error":{"code":-32602,"message":"invalid params: \"params\" must be an object"}}"#)
        // A non-positive or non-integer id cannot be answered.
        #expect(answer(#"{"id":-1,"method":"X"}"#) == nil)
        #expect(answer(#"{"id":"a","method":"X"}"#) == nil)
        #expect(core.takeRequests().isEmpty)
    }

    @Test func oversizedRequestsAreAnsweredFromTheirHead() {
        let messages = core.handlers.oversized(Array(#"{"id":8,"method":"Layout.evaluate","params":{"#.utf8), 5000, 1)
        #expect(
            messages.map { String(decoding: $0.bytes, as: UTF8.self) }
                == [#"{"id":8,"error":{"code":-32600,"message":"request too large: 5000 bytes (limit 1000)"}}"#])
    }

    @Test func validRequestsWaitInTheInboxWithTheirParams() {
        #expect(answer(#"{"id":9,"method":"Layout.setStyle","params":{"id":"n1","property":"flexGrow","value":1}}"#) == nil)
        #expect(answer(#"{"id":10,"method":"Tree.getDocument"}"#) == nil)
        let requests = core.takeRequests()
        #expect(requests.map(\.id) == [9, 10])
        #expect(requests[0].params["property"]?.string == "flexGrow")
        #expect(requests[1].params == .object([:]))
        #expect(core.takeRequests().isEmpty)
    }

    @Test func attachedAndDetachedEventsSetTheListenerCount() {
        _ = answer(#"{"method":"Inspector.attached","params":{"count":2}}"#)
        #expect(core.inspectorCount.load(ordering: .relaxed) == 2)
        _ = answer(#"{"method":"Inspector.detached","params":{"count":0}}"#)
        #expect(core.inspectorCount.load(ordering: .relaxed) == 0)
        // A malformed count is ignored rather than trusted.
        _ = answer(#"{"method":"Inspector.attached","params":{"count":"many"}}"#)
        #expect(core.inspectorCount.load(ordering: .relaxed) == 0)
    }
}
