import Foundation
import Synchronization

/// A host program (an executable that links the client) started against a test gateway with a
/// unique `WEFT_INSTANCE`, so tests running at the same time never share an identity.
public final class HostProgram: @unchecked Sendable {
    public let instance: String
    public let process: ChildProcess
    public let directory: URL

    private static let counter = Atomic<Int>(0)

    /// `<prefix>-<pid>-<n>-<random>`: unique within this test process and across processes.
    public static func uniqueInstance(_ prefix: String = "test") -> String {
        let n = counter.add(1, ordering: .relaxed).newValue
        return "\(prefix)-\(getpid())-\(n)-\(UUID().uuidString.prefix(6).lowercased())"
    }

    /// The path of an executable product of this package (built next to the test bundle).
    public static func product(_ name: String) -> String {
        RepositoryLayout.productsDirectory.appendingPathComponent(name).path
    }

    /// Starts `executable`. Its environment is this process's without any `WEFT_` variable,
    /// plus `WEFT_GATEWAY` / `WEFT_TOKEN` for `gateway` (when given), `WEFT_INSTANCE`, and
    /// `environment`.
    public init(
        executable: String, arguments: [String] = [], gateway: GatewayProcess?,
        instance: String = HostProgram.uniqueInstance(), environment: [String: String] = [:]
    ) throws {
        self.instance = instance
        directory = try RepositoryLayout.temporaryDirectory("weft-host")
        var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("WEFT_") }
        if let gateway {
            variables["WEFT_GATEWAY"] = gateway.webSocketURL
            if let token = gateway.token { variables["WEFT_TOKEN"] = token }
        }
        variables["WEFT_INSTANCE"] = instance
        variables.merge(environment) { _, given in given }
        let log = directory.appendingPathComponent("host.log").path
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process = try ChildProcess(executable: executable, arguments: arguments, environment: variables, logPath: log)
    }

    deinit {
        process.kill()
        try? FileManager.default.removeItem(at: directory)
    }

    /// One line of the program's stdout (nil at end of file or after `timeout`).
    public func readLine(timeout: Duration = .seconds(10)) -> String? { process.readLine(timeout: timeout) }

    /// Sends the rest of stdout to the log (`process.log`) from now on. A program that prints
    /// more than a pipe holds (64 KiB) and is not read blocks in its writes; call this once the
    /// test has read the lines it waits for. `readLine` must not be used afterwards.
    public func drainOutput() { process.drainOutput() }

    /// Waits for the program to exit and returns its exit code (nil on time-out or a signal).
    public func waitForExit(timeout: Duration = .seconds(30)) -> Int32? {
        guard process.wait(timeout: timeout), let status = process.status else { return nil }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
    }

    public func kill() { process.kill() }
}
