import WeftJSON
import WeftLayout
import WeftSnapshot

/// A device as the gateway lists it (docs/protocol.md, `Gateway.listDevices`): the parts the CLI
/// shows and selects by.
public struct Device: Equatable, Sendable {
    public var deviceId: String
    public var appId: String
    public var instance: String
    public var host: String
    public var appName: String?
    public var pid: Int?
    /// `connected` or `disconnected` (in its grace period).
    public var state: String

    public init(
        deviceId: String, appId: String, instance: String, host: String, appName: String? = nil,
        pid: Int? = nil, state: String = "connected"
    ) {
        self.deviceId = deviceId
        self.appId = appId
        self.instance = instance
        self.host = host
        self.appName = appName
        self.pid = pid
        self.state = state
    }

    /// Reads a Device object; nil when it lacks a `deviceId`.
    public init?(json: JSONValue) {
        guard let deviceId = json["deviceId"]?.string else { return nil }
        let identity = json["identity"]
        self.init(
            deviceId: deviceId,
            appId: identity?["appId"]?.string ?? "",
            instance: identity?["instance"]?.string ?? "",
            host: identity?["host"]?.string ?? "",
            appName: json["info"]?["appName"]?.string,
            pid: json["info"]?["pid"]?.number.map { Int($0) },
            state: json["state"]?.string ?? "connected"
        )
    }

    public var isConnected: Bool { state == "connected" }

    /// The `--device` form that names this device alone among others of its app: `APPID/INSTANCE`.
    public var selector: String { "\(appId)/\(instance)" }

    /// The devices of a `{"devices": [...]}` body.
    static func list(from body: some Collection<UInt8>) throws -> [Device] {
        guard let devices = (try? JSONReader.parse(body))?["devices"]?.array else {
            throw GatewayError.malformed("a device list without \"devices\"")
        }
        return devices.compactMap(Device.init(json:))
    }

    /// One aligned line per device, with a header: what `weft devices` prints and what an
    /// ambiguous `--device` lists. Every cell is the gateway's or a program's text, its control
    /// characters escaped (`PrintableText`): a newline in an appId cannot forge a row.
    public static func table(_ devices: [Device]) -> String {
        let header = ["DEVICE", "APP", "INSTANCE", "HOST", "PID", "STATE"]
        let rows = devices.map { device in
            [device.deviceId, device.appId, device.instance, device.host, device.pid.map(String.init) ?? "-", device.state]
                .map(PrintableText.escaped)
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
        return ([header] + rows).map { row in
            row.indices.map { column in
                column == row.count - 1 ? row[column] : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
