import Dispatch
import Foundation
import WeftInspector

/// Tells the person running TextureGram what the connection to the gateway is doing, on
/// standard error, once per change: attached (with the device id), not reachable (after a
/// short grace, with the reason and what to do), lost, replaced by another instance. The
/// feed never waits for any of it: the client connects and retries on its own thread, and this
/// reporter only reads its state a few times a second from a background queue.
final class GatewayStatusReporter {
    /// How long a first connection may take before "cannot reach" is printed.
    static let grace = 2.0

    private let device: DeviceSession
    private let label: String
    private let timer: DispatchSourceTimer

    init(device: DeviceSession, appId: String, instance: String) {
        self.device = device
        label = "\(appId), instance \(instance)"
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "TextureGram.gateway-status"))
    }

    func start() {
        var reported = Report.nothing
        let started = ContinuousClock.now
        timer.schedule(deadline: .now() + 0.25, repeating: 0.25)
        timer.setEventHandler { [device, label] in
            let current = Report.of(device, waited: ContinuousClock.now - started > .seconds(Self.grace), previous: reported)
            guard current != reported else { return }
            reported = current
            if let message = current.message(device: device, label: label) {
                FileHandle.standardError.write(Data("TextureGram: \(message)\n".utf8))
            }
        }
        timer.resume()
    }

    func stop() {
        timer.cancel()
    }

    /// What was last said.
    private enum Report: Equatable {
        case nothing, attached, unreachable, lost, replaced, refused

        static func of(_ device: DeviceSession, waited: Bool, previous: Report) -> Report {
            if device.registrationError != nil { return .refused }
            if device.client.state == .replaced { return .replaced }
            if device.isRegistered { return .attached }
            switch previous {
            case .attached, .lost: return .lost
            case .nothing: return waited ? .unreachable : .nothing
            default: return previous
            }
        }

        func message(device: DeviceSession, label: String) -> String? {
            let gateway = device.configuration.endpoint.description
            let reason = device.client.lastError.map { " (\($0))" } ?? ""
            switch self {
            case .nothing:
                return nil
            case .attached:
                return "attached to the gateway at \(gateway) as device \(device.deviceId ?? "?") (\(label))"
            case .unreachable:
                return "cannot reach the Weft gateway at \(gateway)\(reason). The feed keeps running "
                    + "and the client keeps retrying in the background. Start a gateway (`make demo`, or "
                    + "gateway/build/weft-gateway), or pass --gateway URL, or --no-gateway to stop trying."
            case .lost:
                return "lost the gateway at \(gateway)\(reason); retrying in the background"
            case .replaced:
                return "another program with the identity \(label) took over at the gateway; this one stops "
                    + "connecting (give each copy its own --instance NAME)"
            case .refused:
                return "the gateway at \(gateway) refused this program: \(device.registrationError.map { "\($0)" } ?? "")"
            }
        }
    }
}
