import Foundation

/// The real gateway, started for one test on a free port (`--port 0`) with a temporary web
/// root, and stopped when the test drops it. It can be killed (SIGKILL, as a crash) and
/// restarted on the same port to test reconnection.
public final class GatewayProcess: @unchecked Sendable {
    /// The address it listens on, which every URL below uses (`--host`; default 127.0.0.1).
    public let host: String
    public private(set) var port = 0
    public let token: String?
    public let arguments: [String]
    public let directory: URL
    public var webRoot: URL { directory.appendingPathComponent("www") }
    /// One log for the gateway's stderr and stdout across restarts.
    public var logPath: String { directory.appendingPathComponent("gateway.log").path }
    private var process: ChildProcess?

    /// Whether it serves wss:// and https:// (`tls: true`: a self-signed certificate).
    public let usesTLS: Bool

    /// `ws://127.0.0.1:PORT` (`wss://` with TLS; `ws://[::1]:PORT` on IPv6): what a client (or
    /// `WEFT_GATEWAY`) takes.
    public var webSocketURL: String { "\(usesTLS ? "wss" : "ws")://\(authority)" }
    public var httpURL: String { "\(usesTLS ? "https" : "http")://\(authority)" }
    private var authority: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Starts the gateway.
    /// - Parameters:
    ///   - token: passed as `--token`.
    ///   - arguments: further gateway flags (`--grace 2`, `--max-message 65536`, ...).
    ///   - tls: serve TLS with a fresh self-signed certificate for localhost (needs `openssl`).
    ///   - port: where to listen; 0 (the default) picks a free port. A given port is retried for
    ///     a while until it is free (say, after the test stopped another listener there).
    ///   - host: the loopback address to listen on (`::1` for IPv6).
    public init(
        token: String? = nil, arguments: [String] = [], tls: Bool = false, port: Int = 0,
        host: String = "127.0.0.1"
    ) throws {
        self.token = token
        self.host = host
        usesTLS = tls
        directory = try RepositoryLayout.temporaryDirectory("weft-gateway")
        var arguments = arguments
        if tls {
            let cert = directory.appendingPathComponent("cert.pem").path
            let key = directory.appendingPathComponent("key.pem").path
            let openssl = try ChildProcess(
                executable: "/usr/bin/openssl",
                arguments: [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                    "-days", "1", "-subj", "/CN=localhost",
                ],
                environment: ProcessInfo.processInfo.environment,
                logPath: directory.appendingPathComponent("openssl.log").path)
            openssl.drainOutput()
            guard openssl.wait(timeout: .seconds(60)), openssl.status == 0 else {
                throw HarnessError("openssl could not make a certificate: \(openssl.log)")
            }
            arguments += ["--tls-cert", cert, "--tls-key", key]
        }
        self.arguments = arguments
        try FileManager.default.createDirectory(at: webRoot, withIntermediateDirectories: true)
        try Data("<!doctype html><title>weft test</title>".utf8).write(to: webRoot.appendingPathComponent("index.html"))
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        try launchRetrying(port: port)
    }

    deinit {
        process?.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    public var isRunning: Bool { process?.isRunning ?? false }

    /// Freezes the gateway (SIGSTOP): it stops reading, so its peers' sockets fill up.
    public func pause() { process?.signal(SIGSTOP) }

    /// Lets a paused gateway run again (SIGCONT).
    public func resume() { process?.signal(SIGCONT) }

    /// Kills the gateway abruptly (SIGKILL): connections drop without a closing handshake.
    public func kill() {
        process?.kill()
        process = nil
    }

    /// Stops the gateway politely (SIGTERM, then SIGKILL).
    public func stop() {
        process?.stop()
        process = nil
    }

    /// Starts the gateway again on the same port (killing it first if it still runs). Retries
    /// for a while if the port is not free yet.
    public func restart() throws {
        kill()
        try launchRetrying(port: port)
    }

    /// The gateway's log so far (for failure messages).
    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// `launch`, retried for up to 10 s while a fixed port is not free yet.
    private func launchRetrying(port requested: Int) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            do {
                try launch(port: requested)
                return
            } catch  where requested != 0 && ContinuousClock.now < deadline {
                usleep(100_000)
            }
        }
    }

    private func launch(port requested: Int) throws {
        var flags = ["--host", host, "--port", String(requested), "--web-root", webRoot.path]
        if let token { flags += ["--token", token] }
        // No WEFT_ variable reaches the gateway (it would take WEFT_TOKEN as its token).
        let environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("WEFT_") }
        let child = try ChildProcess(
            executable: try GatewayBinary.locate(), arguments: flags + arguments,
            environment: environment, logPath: logPath)
        let prefix = "weft-gateway listening on "
        guard let line = child.readLine(timeout: .seconds(10)), line.hasPrefix(prefix),
            let colon = line.lastIndex(of: ":"), let port = Int(line[line.index(after: colon)...])
        else {
            child.kill()
            throw HarnessError("the gateway did not print \"\(prefix)http://HOST:PORT\"; its log:\n\(log)")
        }
        child.drainOutput()
        self.port = port
        process = child
    }
}
