import Foundation
import WeftInspector
import WeftJSON
import WeftProtocol
import WeftSnapshot
import WeftTestSupport

/// A device that registers with the real gateway and answers every request with a reply the
/// test writes by hand: what a program with a broken inspector would send (an error, JSON that
/// breaks off, a snapshot of another version). Programs that answer correctly are real ones
/// (weft-example, see LiveDeviceTests).
final class ScriptedDevice {
    static let appId = "org.weft.Scripted"
    let instance = HostProgram.uniqueInstance("scripted")
    var selector: String { "\(Self.appId)/\(instance)" }
    private var client: WebSocketClient?

    /// `reply(id)` is the whole text of the reply to the request with that id; nil sends none.
    init(gateway: GatewayProcess, reply: @escaping @Sendable (Int) -> String?) throws {
        let register =
            #"{"id":1,"method":"Gateway.register","params":{"protocolVersion":1,"#
            + #""identity":{"appId":"\#(Self.appId)","instance":"\#(instance)","host":"test"}}}"#
        let registered = DispatchSemaphore(value: 0)
        let client = WebSocketClient(
            endpoint: try GatewayEndpoint(parsing: gateway.webSocketURL), path: "/device", token: gateway.token,
            options: .device,
            handlers: .init(
                opened: { _ in [OutgoingMessage(parts: [Array(register.utf8)], kind: .essential)] },
                received: { message, _ in
                    guard let envelope = try? JSONReader.parse(message), let id = envelope["id"]?.number else { return [] }
                    guard envelope["method"] != nil else {
                        registered.signal()  // the gateway's reply to Gateway.register
                        return []
                    }
                    return reply(Int(id)).map { [OutgoingMessage(parts: [Array($0.utf8)], kind: .essential)] } ?? []
                }))
        self.client = client
        client.start()
        guard registered.wait(timeout: .now() + 10) == .success else {
            throw HarnessError("the scripted device did not register with the gateway: \(gateway.log)")
        }
    }

    deinit {
        client?.close()
    }
}
