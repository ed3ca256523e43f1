import Foundation

/// Everything a host program takes from its environment to reach a gateway, read in this one
/// place (protocol.md, "Transport" and "Handshake and identity"):
/// - `WEFT_GATEWAY`: the gateway's base URL (default `ws://127.0.0.1:9223`);
/// - `WEFT_TOKEN`: the gateway's shared token, if it has one;
/// - `WEFT_INSTANCE`: this program's instance name, part of its identity (default `default`);
/// - `WEFT_SNAPSHOT_DIR`: where checkpoints are written without a gateway (protocol.md,
///   "Snapshots without a gateway").
/// Empty variables count as unset.
public struct GatewayConfiguration: Sendable, Equatable {
    public var endpoint: GatewayEndpoint
    public var token: String?
    public var instance: String
    public var snapshotDirectory: String?

    public static let defaultInstance = "default"

    public init(endpoint: GatewayEndpoint = .default, token: String? = nil,
                instance: String = GatewayConfiguration.defaultInstance, snapshotDirectory: String? = nil) {
        self.endpoint = endpoint
        self.token = token
        self.instance = instance
        self.snapshotDirectory = snapshotDirectory
    }

    /// Reads the variables above. Throws only for a `WEFT_GATEWAY` that is not a usable URL, so
    /// the host can report it clearly instead of silently talking to the wrong place.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(GatewayEndpointError) -> GatewayConfiguration {
        func value(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        return GatewayConfiguration(
            endpoint: try value("WEFT_GATEWAY").map { text throws(GatewayEndpointError) in try GatewayEndpoint(parsing: text) } ?? .default,
            token: value("WEFT_TOKEN"),
            instance: value("WEFT_INSTANCE") ?? defaultInstance,
            snapshotDirectory: value("WEFT_SNAPSHOT_DIR"))
    }
}
