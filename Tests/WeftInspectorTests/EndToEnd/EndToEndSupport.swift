import Foundation
import Synchronization
import Testing
import WeftJSON
import WeftSnapshot
import WeftTestSupport

@testable import WeftInspector

/// Waits until `condition` holds, polling; false after `timeout`.
func eventually(_ timeout: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}

/// Short back-off so reconnection tests take a fraction of a second.
let fastBackoff = ReconnectBackoff(initialDelay: .milliseconds(50), maximumDelay: .milliseconds(400))

extension TransportOptions {
    static func testDevice(maximumIncomingMessageBytes: Int = 4 << 20, eventQueueBytes: Int = 8 << 20) -> TransportOptions {
        TransportOptions(
            maximumIncomingMessageBytes: maximumIncomingMessageBytes, eventQueueBytes: eventQueueBytes,
            backoff: fastBackoff)
    }
}

extension GatewayProcess {
    var endpoint: GatewayEndpoint { try! GatewayEndpoint(parsing: webSocketURL) }
}

/// A device session against `gateway` with a unique instance name.
func makeDevice(
    _ gateway: GatewayProcess, instance: String = HostProgram.uniqueInstance("device"),
    options: TransportOptions = .testDevice(), delivery: RequestDelivery = .polled
) -> DeviceSession {
    makeDevice(endpoint: gateway.endpoint, token: gateway.token, instance: instance, options: options, delivery: delivery)
}

/// A device session against whatever listens at `endpoint`.
func makeDevice(
    endpoint: GatewayEndpoint, token: String? = nil, instance: String = HostProgram.uniqueInstance("device"),
    options: TransportOptions = .testDevice(), delivery: RequestDelivery = .polled
) -> DeviceSession {
    let configuration = GatewayConfiguration(endpoint: endpoint, token: token, instance: instance)
    return DeviceSession(
        configuration: configuration,
        identity: DeviceIdentity(appId: "org.weft.tests", instance: instance, host: "test-host"),
        info: DeviceInfo(
            appName: "WeftInspectorTests", appVersion: "1.2",
            screen: DeviceInfo.Screen(width: 320, height: 480, scale: 3)),
        options: options, delivery: delivery)
}

/// Records every event an inspector receives.
final class EventRecorder: Sendable {
    private let events = Mutex<[Envelope]>([])

    func record(_ event: Envelope) { events.withLock { $0.append(event) } }

    func all(_ method: String) -> [Envelope] { events.withLock { $0.filter { $0.method == method } } }

    func count(_ method: String) -> Int { all(method).count }

    /// Removes and returns the `method` events received so far (updates a test has applied).
    func take(_ method: String) -> [Envelope] {
        events.withLock { events in
            let taken = events.filter { $0.method == method }
            events.removeAll { $0.method == method }
            return taken
        }
    }
}

/// An inspector client against `gateway` (dialling `url` when given, another form of its
/// address), recording its events. It accepts the self-signed certificate of a TLS gateway.
func makeInspector(_ gateway: GatewayProcess, url: String? = nil, recorder: EventRecorder = EventRecorder()) -> InspectorClient {
    InspectorClient(
        endpoint: try! GatewayEndpoint(parsing: url ?? gateway.webSocketURL), token: gateway.token,
        clientName: "swift-tests",
        options: TransportOptions(
            maximumIncomingMessageBytes: 256 << 20, backoff: fastBackoff,
            allowSelfSignedCertificates: gateway.usesTLS),
        onEvent: recorder.record)
}

/// The gateway's device list (`Gateway.listDevices`), asked by an inspector of its own.
func listedDevices(_ gateway: GatewayProcess) async throws -> [JSONValue] {
    let inspector = makeInspector(gateway)
    inspector.start()
    defer { inspector.close() }
    try await inspector.waitUntilReady()
    return try #require(try await inspector.request("Gateway.listDevices").result()?["devices"]?.array)
}

/// Answers a device's requests on a thread of its own, as a host's main loop would: polls
/// `takeRequests()` and hands each request to `answer`.
final class Responder: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    init(_ session: DeviceSession, answer: @escaping @Sendable (DeviceSession, DeviceRequest) -> Void) {
        let thread = Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                for request in session.takeRequests() { answer(session, request) }
                usleep(1000)
            }
            done.signal()
        }
        thread.start()
    }

    func stop() {
        stopped.store(true, ordering: .relaxed)
        done.wait()
    }
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

func text(_ bytes: ArraySlice<UInt8>?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

extension Inspector {
    /// Serves `method` on the calling (loop's) thread as if an inspector had sent it on the
    /// program's first connection, once that connection is open: the inspector serves no request
    /// whose connection is not the open one (`DeviceSession.answerIfStale`). For tests that
    /// drive a program by its requests without an inspector client.
    func serveOnFirstConnection(_ method: String, _ params: JSONValue = [:], id: Int = 1) throws {
        let device = try #require(device)
        let requests = try #require(requests)
        let deadline = ContinuousClock.now + .seconds(10)
        while !device.client.isOpen(generation: 1) {
            try #require(ContinuousClock.now < deadline, "the program's first connection never opened")
            Thread.sleep(forTimeInterval: 0.005)
        }
        requests.serve(DeviceRequest(id: id, method: method, paramsBytes: params.jsonBytes, generation: 1))
    }
}
