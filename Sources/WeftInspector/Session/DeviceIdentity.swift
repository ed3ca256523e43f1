import Foundation
import WeftSnapshot

/// What identifies a host program across restarts (protocol.md, "Handshake and identity"): the
/// gateway gives the same identity the same `deviceId` for its whole life, and a second
/// connection with a live identity replaces the first.
public struct DeviceIdentity: Sendable, Equatable {
    public var appId: String
    /// `WEFT_INSTANCE` (see `GatewayEnvironment`), default `default`.
    public var instance: String
    public var host: String

    public init(appId: String, instance: String = GatewayEnvironment.defaultInstance,
                host: String = ProcessInfo.processInfo.hostName) {
        self.appId = appId
        self.instance = instance
        self.host = host
    }
}

/// Descriptive information sent at registration; unlike the identity it may change between
/// runs (the pid always does).
public struct DeviceInfo: Sendable, Equatable {
    /// The screen registered with the gateway is the one snapshots report in `meta.screen`.
    public typealias Screen = Snapshot.Screen

    public var appName: String
    public var appVersion: String
    public var pid: Int
    public var platform: String
    public var screen: Screen

    public init(appName: String, appVersion: String = "0", pid: Int = Int(ProcessInfo.processInfo.processIdentifier),
                platform: String = DeviceInfo.currentPlatform, screen: Screen = Screen(width: 375, height: 667)) {
        self.appName = appName
        self.appVersion = appVersion
        self.pid = pid
        self.platform = platform
        self.screen = screen
    }

    #if os(Linux)
    public static let currentPlatform = "linux"
    #elseif os(macOS)
    public static let currentPlatform = "macos"
    #else
    public static let currentPlatform = "unknown"
    #endif
}

extension DeviceIdentity {
    /// `Gateway.register` params (protocol.md, "Handshake and identity").
    func registerParams(info: DeviceInfo, protocolVersion: Int) -> [UInt8] {
        JSONWriter.object { params in
            params.number("protocolVersion", Double(protocolVersion))
            params.object("identity") { identity in
                identity.string("appId", appId)
                identity.string("instance", instance)
                identity.string("host", host)
            }
            params.object("info") { fields in
                fields.string("appName", info.appName)
                fields.string("appVersion", info.appVersion)
                fields.number("pid", Double(info.pid))
                fields.string("platform", info.platform)
                fields.object("screen") { screen in
                    screen.number("width", info.screen.width)
                    screen.number("height", info.screen.height)
                    screen.number("scale", info.screen.scale)
                }
            }
        }
    }
}
