import Foundation
import WeftTestSupport

@testable import WeftInspector

/// The starting point of most end-to-end tests: a real gateway, one device session registered
/// with it, and `inspectors` inspector clients that said `Gateway.hello`, the first `attached`
/// of them attached to the device.
///
/// Why one type: getting there takes the same steps in every test, and each wait is a race if
/// skipped (a request to a device the gateway has not registered yet fails with -32000; a host
/// sends updates only while `isSomeoneListening`, which turns true when the gateway's
/// `Inspector.attached` reaches the device, which can be after the attach was answered). Doing
/// it here once lets a test say only what it does to these parts and what must follow.
/// Nothing is mocked: the parts talk over the real gateway's WebSockets, as they did when each
/// test set them up itself.
///
/// A failed step throws with the device's state and the gateway's log, and closes whatever it
/// had started. Close it with `defer { scene.close() }`: Swift may release an object after its
/// last use, so closing in `deinit` could hang up the sessions in the middle of a test.
final class DeviceWithInspectors: Sendable {
    let gateway: GatewayProcess
    let device: DeviceSession
    /// The id the gateway gave `device` when it registered.
    let deviceId: String
    /// Ready inspector clients; the first `attached` of them are attached to `device`.
    let inspectors: [InspectorClient]
    /// What each inspector received, index for index with `inspectors`.
    let recorders: [EventRecorder]
    private let responder: Responder?

    /// The first inspector, for the many tests that need one.
    var inspector: InspectorClient { inspectors[0] }
    /// What the first inspector received.
    var recorder: EventRecorder { recorders[0] }

    /// - Parameters:
    ///   - gateway: the gateway to use, for a token, flags or TLS; a plain one by default.
    ///   - instance: the device's instance name (unique by default).
    ///   - options: the device's transport options.
    ///   - count: how many inspectors connect.
    ///   - attached: how many of them (the first ones) attach; the device counts them all
    ///     before this returns.
    ///   - inspectorURL: the URL the inspectors dial instead of the gateway's `ws://` one (the
    ///     `https://` form, say).
    ///   - answer: answers the device's requests on a thread of its own (`Responder`); without
    ///     it requests wait in the device's inbox for the test to take.
    init(
        gateway: GatewayProcess? = nil, instance: String = HostProgram.uniqueInstance("device"),
        options: TransportOptions = .testDevice(), inspectors count: Int = 1, attached: Int = 0,
        inspectorURL: String? = nil, answer: (@Sendable (DeviceSession, DeviceRequest) -> Void)? = nil
    ) async throws {
        precondition(attached <= count, "cannot attach \(attached) of \(count) inspectors")
        let gateway = try gateway ?? GatewayProcess()
        self.gateway = gateway
        let device = try await startRegisteredDevice(gateway, instance: instance, options: options)
        self.device = device
        guard let deviceId = device.deviceId else {
            device.close()
            throw HarnessError("the device registered without a deviceId")
        }
        self.deviceId = deviceId
        // Polled delivery: no request can arrive before an inspector exists, so starting the
        // responder after the registration misses nothing.
        responder = answer.map { Responder(device, answer: $0) }
        recorders = (0..<count).map { _ in EventRecorder() }
        inspectors = recorders.map { makeInspector(gateway, url: inspectorURL, recorder: $0) }
        for inspector in inspectors { inspector.start() }
        do {
            for inspector in inspectors { try await inspector.waitUntilReady() }
            for inspector in inspectors.prefix(attached) { try await inspector.attach(device: deviceId) }
            // The gateway's Inspector.attached may reach the device after the attach is answered.
            let counted = await eventually { device.inspectorCount == attached }
            guard counted else {
                throw HarnessError(
                    "the device counts \(device.inspectorCount) inspectors, not \(attached); gateway log:\n\(gateway.log)")
            }
        } catch {
            close()
            throw error
        }
    }

    /// Closes the inspectors, the responder and the device, in that order (the reverse of the
    /// start). A test that froze the gateway and stopped before resuming it would leave it
    /// stopped, and a stopped gateway ignores the SIGTERM that ends it until its grace runs out:
    /// so it is resumed first.
    func close() {
        gateway.resume()
        for inspector in inspectors { inspector.close() }
        responder?.stop()
        device.close()
    }
}

/// Starts a device session on `gateway` and waits (10 s) until the gateway registered it;
/// throws with its state and the gateway's log if it did not, after closing it.
func startRegisteredDevice(
    _ gateway: GatewayProcess, instance: String = HostProgram.uniqueInstance("device"),
    options: TransportOptions = .testDevice()
) async throws -> DeviceSession {
    let device = makeDevice(gateway, instance: instance, options: options)
    device.start()
    let registered = await eventually { device.isRegistered }
    guard registered else {
        let failure = HarnessError(
            "the device never registered: \(device.client.state), \(device.client.lastError ?? "no error"); gateway log:\n\(gateway.log)"
        )
        device.close()
        throw failure
    }
    return device
}
