import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The real gateway (`gateway/build/weft-gateway`) on a free port, for end-to-end tests. It is
/// stopped by `stop()` or when the value is released.
///
///     let gateway = try GatewayProcess(token: "secret")
///     defer { gateway.stop() }
///     // gateway.httpURL == "http://127.0.0.1:41234"
public final class GatewayProcess {
    public let port: Int
    public let token: String?
    private let process: Process
    /// The gateway's stderr (its log), kept for failure messages.
    public let logPath: String

    /// Starts `weft-gateway --port 0` and waits for its `listening on` line.
    public init(token: String? = nil, arguments: [String] = [], startTimeout: Duration = .seconds(10)) throws {
        let binary = RepositoryPaths.gateway
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw HarnessError("the gateway is not built: \(binary.path) is missing (run `make gateway`)")
        }
        self.token = token
        logPath = FileManager.default.temporaryDirectory.appendingPathComponent("weft-gateway-\(UUID().uuidString).log").path
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)

        let process = Process()
        process.executableURL = binary
        process.arguments = ["--port", "0", "--web-root", RepositoryPaths.root.appendingPathComponent("web-inspector").path]
            + (token.map { ["--token", $0] } ?? []) + arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "WEFT_TOKEN")
        process.environment = environment
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardInput = FileHandle.nullDevice
        try Self.withSignalsUnblocked { try process.run() }
        self.process = process

        guard let line = Self.firstLine(of: stdout.fileHandleForReading, timeout: startTimeout),
              let port = Self.port(inListeningLine: line)
        else {
            process.terminate()
            process.waitUntilExit()
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw HarnessError("weft-gateway did not report its port; its log:\n\(log)")
        }
        self.port = port
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:PORT`.
    public var httpURL: String { "http://127.0.0.1:\(port)" }
    /// `ws://127.0.0.1:PORT`: what `WEFT_GATEWAY` and `--gateway` take.
    public var webSocketURL: String { "ws://127.0.0.1:\(port)" }

    /// Stops the gateway (SIGTERM; SIGKILL if it is still there after 5 s) and waits for it.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(5)
        while process.isRunning, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Runs `body` (which starts a process) with no signal blocked on this thread. A child
    /// inherits the signal mask of the thread that spawns it, and test runners start tests on
    /// dispatch worker threads that block signals: a gateway started from there would never see
    /// the SIGTERM that stops it.
    static func withSignalsUnblocked<T>(_ body: () throws -> T) rethrows -> T {
        var none = sigset_t()
        var previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// `GET path` on the gateway with its token; the status and body.
    public func get(_ path: String) throws -> (status: Int, body: Data) {
        var request = URLRequest(url: URL(string: httpURL + path)!, timeoutInterval: 10)
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let result = Mutex<(Int, Data)?>(nil)
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, _ in
            if let http = response as? HTTPURLResponse { result.withLock { $0 = (http.statusCode, data ?? Data()) } }
            done.signal()
        }.resume()
        done.wait()
        guard let (status, body) = result.withLock({ $0 }) else { throw HarnessError("GET \(path): no answer from the gateway") }
        return (status, body)
    }

    /// The devices the gateway lists (`GET /api/devices`), as JSON objects.
    public func devices() throws -> [[String: Any]] {
        let (status, body) = try get("/api/devices")
        guard status == 200, let object = try JSONSerialization.jsonObject(with: body) as? [String: Any],
              let devices = object["devices"] as? [[String: Any]]
        else { throw HarnessError("GET /api/devices answered \(status)") }
        return devices
    }

    // MARK: Start-up line

    /// `weft-gateway listening on http://127.0.0.1:41234` -> 41234.
    static func port(inListeningLine line: String) -> Int? {
        guard line.hasPrefix("weft-gateway listening on "), let colon = line.lastIndex(of: ":") else { return nil }
        return Int(line[line.index(after: colon)...])
    }

    /// Reads up to the first newline, or nil at end of file or after `timeout`.
    static func firstLine(of handle: FileHandle, timeout: Duration) -> String? {
        let line = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var bytes: [UInt8] = []
            while true {
                let chunk = handle.readData(ofLength: 1)
                guard let byte = chunk.first, byte != UInt8(ascii: "\n") else { break }
                bytes.append(byte)
            }
            line.withLock { $0 = String(decoding: bytes, as: UTF8.self) }
            done.signal()
        }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return line.withLock { $0 }
    }
}
