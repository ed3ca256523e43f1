import Foundation

/// Finds gateway/build/weft-gateway, building it with `make -C gateway` the first time it is
/// missing (once per test process, however many tests ask at the same time).
/// `WEFT_TEST_GATEWAY_BINARY` names another binary to test against (an ASan build, say).
public enum GatewayBinary {
    public static var path: String {
        if let override = ProcessInfo.processInfo.environment["WEFT_TEST_GATEWAY_BINARY"], !override.isEmpty {
            return override
        }
        return RepositoryLayout.root.appendingPathComponent("gateway/build/weft-gateway").path
    }

    private static let buildOnce = NSLock()

    public static func locate() throws -> String {
        buildOnce.lock()
        defer { buildOnce.unlock() }
        if FileManager.default.isExecutableFile(atPath: path) { return path }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("weft-gateway-build-\(getpid()).log").path
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let make = try ChildProcess(executable: "/usr/bin/make",
                                    arguments: ["-C", RepositoryLayout.root.appendingPathComponent("gateway").path],
                                    environment: ProcessInfo.processInfo.environment, logPath: log)
        make.drainOutput()
        guard make.wait(timeout: .seconds(300)), make.status == 0, FileManager.default.isExecutableFile(atPath: path) else {
            throw HarnessError("could not build the gateway with `make -C gateway`:\n\(make.log)")
        }
        return path
    }
}
