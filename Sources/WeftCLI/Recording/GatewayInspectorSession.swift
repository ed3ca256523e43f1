import Dispatch
import Foundation
import Synchronization
import WeftInspector
import WeftJSON
import WeftProtocol

/// The inspector role for a command that follows one device (`weft record-session`): connects
/// to the gateway's `/inspector` WebSocket (the client library's transport), says hello, picks
/// the device as `weft snapshot` does and attaches to it. Everything the connection brings
/// afterwards goes to `inbox`. Calls block the calling thread; nothing runs on the transport
/// thread but posting.
final class GatewayInspectorSession {
    let inspector: InspectorClient
    let inbox = SessionInbox()
    let gateway: GatewayClient
    private let requestTimeout: Duration

    init(gateway: GatewayClient, clientName: String) {
        self.gateway = gateway
        requestTimeout = .milliseconds(Int64(gateway.timeout * 1000))
        let inbox = self.inbox
        inspector = InspectorClient(
            endpoint: gateway.address, token: gateway.token, clientName: clientName,
            onEvent: { inbox.post(.event($0)) }, onClosed: { inbox.post(.closed(code: $0)) })
    }

    deinit {
        inspector.close()
    }

    /// The device the session follows, with what tells its process and connection apart.
    struct FollowedDevice {
        var device: Device
        var connectedAt: String?
    }

    /// Connects, then attaches to the device `selector` names (nil: the only connected one),
    /// waiting up to `wait` for the gateway and the device. Throws `UsageError` (exit status 2)
    /// for an unreachable or refusing gateway and for no or several matching devices.
    func connectAndAttach(_ selector: DeviceSelector?, wait: Duration) throws -> FollowedDevice {
        let clock = ContinuousClock()
        let deadline = clock.now + wait
        inspector.start()
        // A gateway that accepted the WebSocket has `handshakeTimeout` to answer the hello.
        let handshakeDeadline = deadline + TransportOptions.inspector.handshakeTimeout
        while !inspector.isReady {
            let state = inspector.client.state
            let failed = state == .waitingToReconnect || state == .refused || state == .closed
            // A wrong token is not cured by waiting (the gateway answers the upgrade with 401).
            if failed, inspector.client.lastError?.contains("unauthorized") == true {
                throw UsageError(
                    "the gateway at \(gateway.address) refused the connection: missing or wrong token "
                        + "(give the gateway's token with --token or WEFT_TOKEN)")
            }
            if (failed && clock.now >= deadline) || clock.now >= handshakeDeadline {
                throw UsageError(
                    "cannot reach the gateway at \(gateway.address) (\(inspector.client.lastError ?? "\(state)"))"
                        + (wait == .zero ? "; use --wait SECONDS to wait for it" : ""))
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        // What came before the hello (a connection that closed while starting) is of no matter.
        _ = inbox.take(waitingUntil: .now())
        while true {
            do {
                return try attach(selector)
            } catch let waitable as Waitable {
                guard clock.now < deadline else { throw UsageError(waitable.message) }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    /// A failure that waiting may cure: no such device yet, or it is disconnected.
    private struct Waitable: Error {
        var message: String
    }

    private func attach(_ selector: DeviceSelector?) throws -> FollowedDevice {
        let listed = try devices()
        let name: String
        if let selector {
            name = selector.apiForm
        } else {
            let connected = listed.filter(\.device.isConnected)
            guard connected.count == 1 else {
                if connected.count > 1 { throw SnapshotFetch.Ambiguous(selector: nil, devices: connected.map(\.device)) }
                throw Waitable(
                    message: "no device is connected to the gateway at \(gateway.address.httpOrigin) "
                        + "(use --wait SECONDS to wait for one)")
            }
            name = connected[0].device.deviceId
        }
        let reply: Envelope
        do {
            reply = try request("Gateway.attach", params: ["device": .string(name)])
        } catch let error as ProtocolError where error.code == .unknownDevice {
            // An unknown name waits (the program may be starting); an ambiguous one does not.
            guard error.message == "ambiguous device" else {
                throw Waitable(
                    message: "no device matches \"\(selector?.text ?? name)\" at the gateway \(gateway.address.httpOrigin) "
                        + "(see weft devices)")
            }
            throw SnapshotFetch.Ambiguous(
                selector: selector,
                devices: listed.map(\.device).filter { $0.appId == name || "\($0.appId)@\($0.instance)" == name })
        }
        guard let deviceId = (try? reply.result())??["deviceId"]?.string else {
            throw UsageError("the gateway's reply to Gateway.attach has no deviceId")
        }
        guard let followed = try devices().first(where: { $0.device.deviceId == deviceId }), followed.device.isConnected
        else {
            throw Waitable(message: "device \"\(selector?.text ?? deviceId)\" is disconnected")
        }
        return followed
    }

    private func devices() throws -> [FollowedDevice] {
        let reply = try request("Gateway.listDevices")
        guard let list = (try? reply.result())??["devices"]?.array else {
            throw UsageError("the gateway's device list has no \"devices\"")
        }
        return list.compactMap { json in
            Device(json: json).map { FollowedDevice(device: $0, connectedAt: json["connectedAt"]?.string) }
        }
    }

    /// A request to the gateway, waited for (up to the request timeout).
    private func request(_ method: String, params: JSONValue = [:]) throws -> Envelope {
        let outcome = Mutex<Result<Envelope, ProtocolError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        inspector.send(method, params: params.jsonBytes, timeout: requestTimeout) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        let result = outcome.withLock { $0 }!
        switch result {
        case .success(let envelope): return envelope
        case .failure(let error) where error.code == .deviceGone || error.code == .timedOut:
            throw UsageError("the gateway at \(gateway.address) did not answer \(method): \(error.message)")
        case .failure(let error): throw error
        }
    }
}
