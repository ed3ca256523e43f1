import Foundation

/// The `WEFT_*` variables that say where and as whom a program reaches a gateway, read in this
/// one place (docs/protocol.md, "Transport", "Handshake and identity", "Snapshots without a
/// gateway"). Values are kept as written (nil when unset or empty), so each caller can tell
/// "not set" from a default: the client library connects nowhere when only
/// `WEFT_SNAPSHOT_DIR` is set, the CLI lets `--gateway` and `--token` win.
public struct GatewayEnvironment: Sendable, Equatable {
    /// `WEFT_GATEWAY`: the gateway's base URL (`GatewayEndpoint(parsing:)` reads it).
    public var gateway: String?
    /// `WEFT_TOKEN`: the gateway's shared token.
    public var token: String?
    /// `WEFT_INSTANCE`: this program's instance name, part of its identity.
    public var instance: String?
    /// `WEFT_SNAPSHOT_DIR`: where checkpoints are written.
    public var snapshotDirectory: String?
    /// `WEFT_RECORDING`: the file the whole run is recorded to (docs/recording-format.md).
    public var recording: String?

    /// The instance name of a program that names none.
    public static let defaultInstance = "default"

    public init(_ environment: [String: String] = ProcessInfo.processInfo.environment) {
        func value(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        gateway = value("WEFT_GATEWAY")
        token = value("WEFT_TOKEN")
        instance = value("WEFT_INSTANCE")
        snapshotDirectory = value("WEFT_SNAPSHOT_DIR")
        recording = value("WEFT_RECORDING")
    }

    /// `WEFT_GATEWAY` parsed; nil when it is not set.
    public func gatewayEndpoint() throws(GatewayEndpointError) -> GatewayEndpoint? {
        guard let gateway else { return nil }
        return try GatewayEndpoint(parsing: gateway)
    }
}
