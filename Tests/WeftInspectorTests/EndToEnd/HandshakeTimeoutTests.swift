import Foundation
import Testing
import WeftTestSupport

@testable import WeftInspector

/// Something accepts the WebSocket but never answers the session's first request (a hung
/// gateway, another program on the port): the client must not wait forever. After
/// `handshakeTimeout` it hangs up and retries with its back-off (docs/client.md,
/// "Reconnection"), and once a working gateway listens there it registers. The silent party is
/// a real WebSocket server that reads and never answers (`SilentWebSocketPeer`).
@Suite struct HandshakeTimeoutTests {
    /// Reads the peer's report until `count` connections each delivered their first message;
    /// returns those first messages' methods in connection order (nil: not seen in time).
    private func firstMethods(of peer: SilentWebSocketPeer, connections count: Int) -> [String]? {
        var methods: [Int: String] = [:]
        while methods.count < count {
            guard let event = peer.next(timeout: .seconds(10)) else { return nil }
            if case .message(let number, let text) = event, methods[number] == nil {
                methods[number] = (try? Envelope(reading: Array(text.utf8)))?.method ?? "unreadable: \(text)"
            }
        }
        return (1...count).map { methods[$0] ?? "none" }
    }

    @Test func anUnansweredRegistrationIsAbandonedAndRetriedUntilAGatewayAnswers() async throws {
        let peer = try SilentWebSocketPeer()
        var options = TransportOptions.testDevice()
        options.handshakeTimeout = .milliseconds(300)
        let device = makeDevice(endpoint: try GatewayEndpoint(parsing: peer.webSocketURL), options: options)
        device.start()
        defer { device.close() }

        // Every connection begins with Gateway.register (docs/protocol.md: a device's first message);
        // without the time-out there would be one connection, waiting forever.
        let methods = firstMethods(of: peer, connections: 3)
        #expect(methods == Array(repeating: "Gateway.register", count: 3))
        #expect(device.client.lastError?.contains("handshake did not complete") == true, "\(device.client.lastError ?? "nil")")
        // Meanwhile the host is never held up: not registered, events are discarded at once.
        #expect(!device.isRegistered)
        #expect(device.sendEvent(method: "Tree.updated", params: bytes("{}")) == .notConnected)
        #expect(device.takeRequests().isEmpty)

        // A real gateway takes the port over: the next attempt registers there.
        peer.stop()
        let gateway = try GatewayProcess(port: peer.port)
        #expect(
            await eventually { device.isRegistered }, "\(device.client.state) \(device.client.lastError ?? "") \(gateway.log)")
        #expect(device.registrationCount == 1)
        let devices = try await listedDevices(gateway)
        #expect(devices.contains { $0["deviceId"]?.string == device.deviceId && $0["state"]?.string == "connected" })
    }

    @Test func connectionsWhoseHandshakeTimedOutNeverCountAsStable() throws {
        // A connection that lived `stableConnection` normally starts the back-off over; one hung
        // up for an unanswered handshake must not, or a silent peer would be retried at the
        // first delay forever. Here it lives 150 ms, three times `stableConnection`, and the
        // back-off has no jitter: the delay after the k-th failure is min(800, 100 * 2^(k-1)) ms,
        // so the gap between connections k and k+1 is 150 ms + that delay: 250, 350, 550, 950 ms.
        // Starting over would make every gap 250 ms. (Lower bounds only: a loaded machine can
        // only make the gaps longer.)
        let peer = try SilentWebSocketPeer()
        let options = TransportOptions(
            backoff: ReconnectBackoff(
                initialDelay: .milliseconds(100), maximumDelay: .milliseconds(800),
                multiplier: 2, jitter: 0),
            stableConnection: .milliseconds(50), handshakeTimeout: .milliseconds(150))
        let device = makeDevice(endpoint: try GatewayEndpoint(parsing: peer.webSocketURL), options: options)
        device.start()
        defer { device.close() }
        var opened: [Double] = []
        while opened.count < 5, let event = peer.next(timeout: .seconds(10)) {
            if case .connection(_, let seconds) = event { opened.append(seconds) }
        }
        try #require(opened.count == 5)
        let gaps = zip(opened.dropFirst(), opened).map { $0 - $1 }
        #expect(gaps[2] >= 0.5 && gaps[3] >= 0.9, "gaps between connections: \(gaps)")
    }

    @Test func anInspectorWhoseHelloIsNeverAnsweredReconnects() throws {
        let peer = try SilentWebSocketPeer()
        let inspector = InspectorClient(
            endpoint: try GatewayEndpoint(parsing: peer.webSocketURL), clientName: "swift-tests",
            options: TransportOptions(backoff: fastBackoff, handshakeTimeout: .milliseconds(300)))
        inspector.start()
        defer { inspector.close() }
        // docs/protocol.md: an inspector's first message is Gateway.hello, on every connection.
        #expect(firstMethods(of: peer, connections: 2) == ["Gateway.hello", "Gateway.hello"])
        #expect(!inspector.isReady)
    }
}
