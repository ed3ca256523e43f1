import Foundation
import WeftCapture
import WeftSnapshot

extension Inspector {
    /// Where the inspector connects (docs/protocol.md, Transport).
    public enum Gateway: Sendable, Equatable {
        /// `WEFT_GATEWAY` when set; otherwise the default `ws://127.0.0.1:9223`, unless
        /// `WEFT_SNAPSHOT_DIR` or `WEFT_RECORDING` is set (a CI run that only writes checkpoints
        /// or records): then no gateway.
        case environment
        /// This base URL (`ws://`, `wss://`, `http://` or `https://` host:port).
        case url(String)
        /// No connection: capture, commands and checkpoints only.
        case none
    }

    /// How a program presents itself and how it streams. Every field has a default; the
    /// environment fills instance, token and snapshot directory when they are nil.
    public struct Options: Sendable {
        /// Part of the identity (with instance and host): `org.weft.TextureGram`.
        public var appId: String
        /// Shown in device lists; default: the process name.
        public var appName: String?
        /// Shown in device lists and snapshots' `meta` (default `0`).
        public var appVersion: String
        /// Default: `WEFT_INSTANCE`, else `default`.
        public var instance: String?
        /// Default: `WEFT_TOKEN`.
        public var token: String?
        /// At most this many `Tree.updated` per second while the program runs (0: unlimited);
        /// not limited while paused.
        public var updateRate: Double
        /// While the program runs, the captures for updates take at most this share of the loop
        /// thread's time in frames (0: no limit). Cheap frames or big trees that change every
        /// frame then get fewer updates per second instead of slower frames.
        public var captureBudget: Double
        /// Default: `WEFT_SNAPSHOT_DIR`. Checkpoints are written there as `<name>.json`.
        public var snapshotDirectory: String?
        /// The screen reported at registration and in `meta`; default: the first root's size
        /// and the loop's screen scale.
        public var screen: Snapshot.Screen?
        /// How long the gateway may take to answer `Gateway.register` on a new connection.
        /// Without an answer the client hangs up and retries with back-off: whatever accepted
        /// the connection is not a working gateway (`TransportOptions.handshakeTimeout`).
        public var registrationTimeout: Duration
        /// Default: `WEFT_RECORDING`. The whole run is recorded to this file, gateway or not
        /// (docs/recording-format.md), on the inspector's worker, until `detach()` or exit.
        public var recording: String?
        /// The recording's size limit in bytes: the recording ends (with an `end` record of
        /// reason `limit`) before it would pass it, and the program goes on.
        public var recordingLimitBytes: Int

        /// Options with the defaults above; set only what the program needs.
        public init(
            appId: String = "org.weft.app", appName: String? = nil, appVersion: String = "0",
            instance: String? = nil, token: String? = nil, updateRate: Double = 30,
            captureBudget: Double = CaptureSession.defaultCaptureBudget, snapshotDirectory: String? = nil,
            screen: Snapshot.Screen? = nil,
            registrationTimeout: Duration = TransportOptions.device.handshakeTimeout,
            recording: String? = nil, recordingLimitBytes: Int = CaptureSession.defaultRecordingLimitBytes
        ) {
            self.appId = appId
            self.appName = appName
            self.appVersion = appVersion
            self.instance = instance
            self.token = token
            self.updateRate = updateRate
            self.captureBudget = captureBudget
            self.snapshotDirectory = snapshotDirectory
            self.screen = screen
            self.registrationTimeout = registrationTimeout
            self.recording = recording
            self.recordingLimitBytes = recordingLimitBytes
        }
    }
}

/// Why `Inspector.attach` refused.
public struct InspectorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was refused and why, for a person.
    public let message: String
    /// The message.
    public var description: String { message }
}
