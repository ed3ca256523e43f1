import Foundation

/// Finds gateway/build/weft-gateway, brought up to date with `make -C gateway` the first time a
/// test asks (once per test process, however many tests ask at the same time): a binary left
/// from an older checkout would otherwise be tested quietly in place of the sources (make does
/// nothing when it is current). `WEFT_TEST_GATEWAY_BINARY` names another binary to test against
/// (an ASan build, say), used as it is.
public enum GatewayBinary {
    public static var path: String {
        if let override = ProcessInfo.processInfo.environment["WEFT_TEST_GATEWAY_BINARY"], !override.isEmpty {
            return override
        }
        return RepositoryLayout.root.appendingPathComponent("gateway/build/weft-gateway").path
    }

    private static let buildOnce = NSLock()
    nonisolated(unsafe) private static var isCurrent = false

    public static func locate() throws -> String {
        buildOnce.lock()
        defer { buildOnce.unlock() }
        if isCurrent || ProcessInfo.processInfo.environment["WEFT_TEST_GATEWAY_BINARY"].map({ !$0.isEmpty }) == true {
            return path
        }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("weft-gateway-build-\(getpid()).log").path
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let make = try ChildProcess(
            executable: "/usr/bin/make",
            arguments: ["-C", RepositoryLayout.root.appendingPathComponent("gateway").path],
            environment: ProcessInfo.processInfo.environment, logPath: log)
        make.drainOutput()
        guard make.wait(timeout: .seconds(300)), make.status == 0, FileManager.default.isExecutableFile(atPath: path) else {
            throw HarnessError("could not build the gateway with `make -C gateway`:\n\(make.log)")
        }
        isCurrent = true
        return path
    }
}
