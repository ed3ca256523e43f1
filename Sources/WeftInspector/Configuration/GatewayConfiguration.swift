@_exported import WeftProtocol

/// What a device session needs to reach a gateway: where (`endpoint`), with which token, under
/// which instance name, and where checkpoints go. `fromEnvironment` fills it from the `WEFT_*`
/// variables (`GatewayEnvironment`, the one reader of them).
///
/// WeftInspector re-exports WeftProtocol: `GatewayEndpoint` is part of its API, and a host
/// program should need one import.
public struct GatewayConfiguration: Sendable, Equatable {
    /// The gateway's WebSocket address (`WEFT_GATEWAY`; default `GatewayEndpoint.default`, on loopback).
    public var endpoint: GatewayEndpoint
    /// The gateway's access token, sent when connecting (`WEFT_TOKEN`; nil: none).
    public var token: String?
    /// Part of the device identity: tells copies of one program apart (`WEFT_INSTANCE`, default `default`).
    public var instance: String
    /// Where checkpoints are written as `<name>.json` (`WEFT_SNAPSHOT_DIR`; nil: not written).
    public var snapshotDirectory: String?

    /// A configuration of these values; the defaults are what an empty environment gives.
    public init(
        endpoint: GatewayEndpoint = .default, token: String? = nil,
        instance: String = GatewayEnvironment.defaultInstance, snapshotDirectory: String? = nil
    ) {
        self.endpoint = endpoint
        self.token = token
        self.instance = instance
        self.snapshotDirectory = snapshotDirectory
    }

    /// Reads `GatewayEnvironment`; an unset `WEFT_GATEWAY` means the default endpoint. Throws only
    /// for a `WEFT_GATEWAY` that is not a usable URL, so the host can report it clearly instead
    /// of silently talking to the wrong place.
    public static func fromEnvironment(_ environment: GatewayEnvironment = GatewayEnvironment())
        throws(GatewayEndpointError) -> GatewayConfiguration
    {
        GatewayConfiguration(
            endpoint: try environment.gatewayEndpoint() ?? .default,
            token: environment.token,
            instance: environment.instance ?? GatewayEnvironment.defaultInstance,
            snapshotDirectory: environment.snapshotDirectory)
    }
}
