import Foundation
import WeftLayout
import WeftProtocol
import WeftSnapshot

/// Gets a full snapshot of one device through the gateway (`GET /api/devices/{device}/snapshot`),
/// choosing the device and waiting for it as `weft snapshot` documents.
struct SnapshotFetch {
    let client: GatewayClient
    /// nil: the only connected device.
    let selector: DeviceSelector?
    /// How long to wait for a matching device (and for the gateway itself) to appear.
    let wait: Duration
    /// Told what is awaited, about once a second while waiting; nil to wait silently.
    let progress: ((String) -> Void)?

    /// Several devices match: the user must choose. Exit status 2 with the list.
    struct Ambiguous: Error, CustomStringConvertible {
        var selector: DeviceSelector?
        var devices: [Device]
        /// The table escapes its cells (`Device.table`): a name's newline cannot add a row.
        var description: String {
            let what =
                selector.map { "\"\(PrintableText.escaped("\($0)"))\" matches several devices" }
                ?? "several devices are connected"
            return "\(what); choose one with --device ID or --device APPID/INSTANCE:\n"
                + Device.table(devices).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        }
    }

    /// The device's snapshot, as the device sent it.
    func run() throws -> Data {
        let clock = ContinuousClock()
        let deadline = clock.now + wait
        var lastReport: ContinuousClock.Instant?
        while true {
            do {
                return try attempt()
            } catch let error as Retryable {
                guard clock.now < deadline else { throw error.underlying }
                if let progress, lastReport.map({ clock.now - $0 >= .seconds(1) }) ?? true {
                    lastReport = clock.now
                    progress("waiting for \(error.awaited)")
                }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    /// A failure that waiting may cure: no such device yet, it is reconnecting, or the gateway
    /// is not up yet.
    private struct Retryable: Error {
        var underlying: Error
        var awaited: String
    }

    private func attempt() throws -> Data {
        // Without --device: the device chosen from the list (it may go away before it answers).
        var chosen: String?
        do {
            let deviceSegment = try selector?.pathSegment ?? onlyConnectedDevice().deviceId
            chosen = deviceSegment
            return try client.getJSON("/api/devices/\(deviceSegment)/snapshot")
        } catch let error as GatewayError {
            let name = selector?.text ?? chosen ?? ""
            switch error {
            case .unreachable:
                throw Retryable(underlying: error, awaited: "the gateway at \(client.address.httpOrigin)")
            case .api(let apiError) where apiError.status == 502:
                // The device answered with an error, or with a body that is not JSON.
                throw UsageError("device \"\(name)\" sent no snapshot: \(apiError)")
            case .api(let apiError) where apiError.status == 504:
                throw UsageError("device \"\(name)\" did not answer in time (the gateway's --request-timeout): \(apiError)")
            case .api(let apiError) where apiError.status == 409:
                throw Ambiguous(selector: selector, devices: try devices(withIDs: apiError.candidateIDs))
            case .api(let apiError) where apiError.status == 404 || apiError.status == 503:
                let message =
                    apiError.status == 404
                    ? "no device matches \"\(name)\" at the gateway \(client.address.httpOrigin) (see weft devices)"
                    : "device \"\(name)\" is disconnected"
                throw Retryable(underlying: UsageError(message), awaited: selector.map { "device \"\($0)\"" } ?? "a device")
            default:
                throw error
            }
        } catch let error as NoDevice {
            throw Retryable(underlying: error, awaited: "a device to connect to the gateway at \(client.address.httpOrigin)")
        }
    }

    private struct NoDevice: Error, CustomStringConvertible {
        var address: GatewayEndpoint
        var description: String {
            "no device is connected to the gateway at \(address.httpOrigin) (use --wait SECONDS to wait for one)"
        }
    }

    /// The listed devices with these ids, for the table of an ambiguous selector (an id the
    /// list no longer has, because it went away meanwhile, is shown by its id alone).
    private func devices(withIDs ids: [String]) throws -> [Device] {
        let listed = try Device.list(from: try client.getJSON("/api/devices"))
        return ids.map { id in
            listed.first { $0.deviceId == id } ?? Device(deviceId: id, appId: "?", instance: "?", host: "?", state: "gone")
        }
    }

    /// Without `--device`: the one connected device, or an error listing the choices.
    private func onlyConnectedDevice() throws -> Device {
        let devices = try Device.list(from: try client.getJSON("/api/devices")).filter(\.isConnected)
        switch devices.count {
        case 0: throw NoDevice(address: client.address)
        case 1: return devices[0]
        default: throw Ambiguous(selector: nil, devices: devices)
        }
    }
}
