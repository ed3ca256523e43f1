import Foundation
import WeftJSON
import WeftSnapshot

/// What identifies a host program across restarts (docs/protocol.md, "Devices: registration and identity"): the
/// gateway gives the same identity the same `deviceId` for its whole life, and a second
/// connection with a live identity replaces the first.
public struct DeviceIdentity: Sendable, Equatable {
    /// The program's reverse-DNS identifier: `org.weft.TextureGram`.
    public var appId: String
    /// `WEFT_INSTANCE` (see `GatewayEnvironment`), default `default`.
    public var instance: String
    /// The machine's host name, by default this process's.
    public var host: String

    /// An identity; instance and host default to `WEFT_INSTANCE` (else `default`) and this machine.
    public init(
        appId: String, instance: String = GatewayEnvironment.defaultInstance,
        host: String = ProcessInfo.processInfo.hostName
    ) {
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

    /// The name shown in device lists.
    public var appName: String
    /// The program's version, as the program spells it.
    public var appVersion: String
    /// The process id, so a person can tell a restarted program from the last run.
    public var pid: Int
    /// The operating system: `linux` or `macos` (`currentPlatform`).
    public var platform: String
    /// The screen size in points and its scale.
    public var screen: Screen

    /// The information to register; pid and platform default to this process's, the screen to 375 x 667.
    public init(
        appName: String, appVersion: String = "0", pid: Int = Int(ProcessInfo.processInfo.processIdentifier),
        platform: String = DeviceInfo.currentPlatform, screen: Screen = Screen(width: 375, height: 667)
    ) {
        self.appName = appName
        self.appVersion = appVersion
        self.pid = pid
        self.platform = platform
        self.screen = screen
    }

    #if os(Linux)
        /// The platform this build runs on, as the protocol names it.
        public static let currentPlatform = "linux"
    #elseif os(macOS)
        public static let currentPlatform = "macos"
    #else
        public static let currentPlatform = "unknown"
    #endif
}

extension DeviceIdentity {
    /// `Gateway.register` params (docs/protocol.md, "Devices: registration and identity").
    func registerParams(info: DeviceInfo, protocolVersion: Int) -> [UInt8] {
        let params: JSONValue = [
            "protocolVersion": .number(Double(protocolVersion)),
            "identity": ["appId": .string(appId), "instance": .string(instance), "host": .string(host)],
            "info": [
                "appName": .string(info.appName), "appVersion": .string(info.appVersion), "pid": .number(Double(info.pid)),
                "platform": .string(info.platform),
                "screen": [
                    "width": .number(info.screen.width), "height": .number(info.screen.height),
                    "scale": .number(info.screen.scale),
                ],
            ],
        ]
        return params.jsonBytes
    }
}
