import Foundation
import Testing
import WeftTestSupport
@testable import WeftInspector

/// wss:// against the gateway's TLS mode (protocol.md, "Transport": ws, wss, http, https).
@Suite struct TLSTests {
    @Test func registersAndAnswersOverWSSWhenTheCertificateIsAccepted() async throws {
        let gateway = try GatewayProcess(tls: true)
        #expect(gateway.webSocketURL.hasPrefix("wss://"))
        var options = TransportOptions.testDevice()
        options.allowSelfSignedCertificates = true
        let device = makeDevice(gateway, options: options)
        let responder = Responder(device) { session, request in session.reply(to: request, result: bytes(#"{"tls":true}"#)) }
        device.start()
        defer {
            responder.stop()
            device.close()
        }
        #expect(await eventually { device.isRegistered }, "\(device.client.lastError ?? "") \(gateway.log)")
        let deviceId = try #require(device.deviceId)

        // The https:// form of the same URL works too (mapped to wss://).
        let inspector = InspectorClient(endpoint: try GatewayEndpoint(parsing: gateway.httpURL),
                                        options: TransportOptions(backoff: fastBackoff, allowSelfSignedCertificates: true))
        inspector.start()
        defer { inspector.close() }
        try await inspector.waitUntilReady()
        #expect(try await inspector.request("Tree.getDocument", device: deviceId).result()?["tls"] == .bool(true))
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
