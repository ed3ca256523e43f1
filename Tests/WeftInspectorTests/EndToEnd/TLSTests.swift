import Foundation
import Testing
import WeftTestSupport

@testable import WeftInspector

/// wss:// against the gateway's TLS mode (docs/protocol.md, "Transport": ws, wss, http, https).
@Suite struct TLSTests {
    @Test func registersAndAnswersOverWSSWhenTheCertificateIsAccepted() async throws {
        let gateway = try GatewayProcess(tls: true)
        #expect(gateway.webSocketURL.hasPrefix("wss://"))
        var options = TransportOptions.testDevice()
        options.allowSelfSignedCertificates = true
        // The device registers over wss:// (or this throws); the inspector dials the https://
        // form of the same URL, which works too (mapped to wss://).
        let scene = try await DeviceWithInspectors(gateway: gateway, options: options, inspectorURL: gateway.httpURL) {
            session, request in
            session.reply(to: request, result: bytes(#"{"tls":true}"#))
        }
        defer { scene.close() }
        #expect(try await scene.inspector.request("Tree.getDocument", device: scene.deviceId).result()?["tls"] == .bool(true))
    }

    @Test func aSelfSignedCertificateIsRejectedByDefault() async throws {
        let gateway = try GatewayProcess(tls: true)
        let device = makeDevice(gateway)
        device.start()
        defer { device.close() }
        // The TLS handshake fails (unknown issuer): an error is recorded, never a registration.
        #expect(await eventually { device.client.lastError != nil })
        try await Task.sleep(for: .milliseconds(300))
        #expect(!device.isRegistered)
    }
}
