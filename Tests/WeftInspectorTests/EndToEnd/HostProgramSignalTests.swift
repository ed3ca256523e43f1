import Foundation
import Testing
import WeftTestSupport

/// A live host program stopped the way harnesses and `make demo` stop it (SIGTERM, SIGINT)
/// ends cleanly and still writes its `exit` checkpoint. (Before the loop's shared
/// `stopOnTerminationSignals`, weft-example trapped on its signal handler and lost `exit.json`.)
@Suite("Host programs stop cleanly on termination signals")
struct HostProgramSignalTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func stopsCleanlyAndWritesTheExitCheckpoint(signal: Int32) throws {
        let snapshots = try RepositoryLayout.temporaryDirectory("weft-signal")
        defer { try? FileManager.default.removeItem(at: snapshots) }
        // WEFT_SNAPSHOT_DIR without WEFT_GATEWAY: checkpoints only, no connection attempts.
        let host = try HostProgram(
            executable: HostProgram.product("weft-example"), gateway: nil,
            environment: ["WEFT_SNAPSHOT_DIR": snapshots.path])
        let firstLayout = snapshots.appendingPathComponent("first-layout.json").path
        let deadline = ContinuousClock.now + .seconds(20)
        while !FileManager.default.fileExists(atPath: firstLayout), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        try #require(FileManager.default.fileExists(atPath: firstLayout), "the program never laid out: \(host.process.log)")

        host.process.signal(signal)

        #expect(host.waitForExit(timeout: .seconds(10)) == 0, "\(host.process.log)")
        #expect(FileManager.default.fileExists(atPath: snapshots.appendingPathComponent("exit.json").path))
    }
}
