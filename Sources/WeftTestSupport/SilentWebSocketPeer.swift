import Foundation

/// A WebSocket server that accepts every connection and never answers a message
/// (`tests/harness/silent_websocket_peer.py`): what a client meets when something other than a
/// working gateway listens on the gateway's port, such as a hung gateway or another program. It
/// is not a stand-in for the gateway but the other party a client must not wait on forever; it
/// reports what it saw, so a test can check what the client sent and how often it came back.
public final class SilentWebSocketPeer: @unchecked Sendable {
    public let port: Int
    public var webSocketURL: String { "ws://127.0.0.1:\(port)" }
    private let process: ChildProcess
    private let directory: URL

    /// What the peer saw.
    public enum Event: Equatable, Sendable {
        /// The `number`-th WebSocket upgrade was accepted (numbered from 1), at `seconds` on the
        /// peer's monotonic clock (differences between connections are exact).
        case connection(number: Int, seconds: Double)
        /// A text message arrived on connection `number` (its first line).
        case message(number: Int, text: String)
    }

    /// Starts the peer on a free port.
    public init() throws {
        directory = try RepositoryLayout.temporaryDirectory("weft-silent-peer")
        let script = RepositoryLayout.root.appendingPathComponent("tests/harness/silent_websocket_peer.py").path
        process = try ChildProcess(
            executable: "/usr/bin/python3", arguments: [script],
            environment: ProcessInfo.processInfo.environment,
            logPath: directory.appendingPathComponent("peer.log").path)
        let prefix = "listening "
        guard let line = process.readLine(timeout: .seconds(10)), line.hasPrefix(prefix),
            let port = Int(line.dropFirst(prefix.count))
        else {
            process.kill()
            throw HarnessError("the silent WebSocket peer did not start; its log:\n\(process.log)")
        }
        self.port = port
    }

    deinit {
        process.kill()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The next thing the peer saw, waiting at most `timeout` (nil: nothing more).
    public func next(timeout: Duration) -> Event? {
        guard let line = process.readLine(timeout: timeout) else { return nil }
        let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count >= 2, let number = Int(fields[1]) else { return nil }
        switch fields[0] {
        case "connection": return .connection(number: number, seconds: fields.count == 3 ? Double(fields[2]) ?? 0 : 0)
        case "message": return .message(number: number, text: fields.count == 3 ? String(fields[2]) : "")
        default: return nil
        }
    }

    /// Stops the peer (SIGKILL): its port is free again and its connections end.
    public func stop() { process.kill() }
}
