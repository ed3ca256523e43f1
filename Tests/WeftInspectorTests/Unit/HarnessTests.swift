import Foundation
import Testing
import WeftTestSupport

/// The harness itself: host programs get a unique WEFT_INSTANCE and the test gateway's URL.
@Suite struct HarnessTests {
    @Test func hostProgramsGetTheirOwnInstanceAndTheGatewayURL() throws {
        let gateway = try GatewayProcess(token: "tok")
        let first = try HostProgram(executable: "/usr/bin/env", gateway: gateway, environment: ["EXTRA": "1"])
        let second = try HostProgram(executable: "/usr/bin/env", gateway: gateway)
        #expect(first.instance != second.instance)
        var lines: [String] = []
        while let line = first.readLine(timeout: .seconds(5)) { lines.append(line) }
        #expect(lines.contains("WEFT_INSTANCE=\(first.instance)"))
        #expect(lines.contains("WEFT_GATEWAY=ws://127.0.0.1:\(gateway.port)"))
        #expect(lines.contains("WEFT_TOKEN=tok"))
        #expect(lines.contains("EXTRA=1"))
        #expect(first.waitForExit() == 0)
    }

    @Test func aChattyProgramDoesNotBlockOnceItsOutputIsDrained() throws {
        // 1 MiB on stdout: far more than a pipe holds; without draining, `yes` would block.
        let host = try HostProgram(executable: "/bin/sh", arguments: ["-c", "yes weft | head -c 1048576"], gateway: nil)
        #expect(host.readLine() == "weft")
        host.drainOutput()
        #expect(host.waitForExit(timeout: .seconds(20)) == 0)
    }

    @Test func gatewayRunsOnAFreePortAndRestartsOnTheSamePort() throws {
        let gateway = try GatewayProcess()
        let port = gateway.port
        #expect(port > 0 && port != 9223)
        gateway.kill()
        #expect(!gateway.isRunning)
        try gateway.restart()
        #expect(gateway.isRunning && gateway.port == port)
    }

    @Test func childrenDieWithTheTestProcess() throws {
        // Severing the lifeline is what the kernel does to it when this process dies (its
        // descriptors close); the child must then end, within a bounded time.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-\(getpid()).log").path
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["60"], environment: [:], logPath: log)
        #expect(child.isRunning)
        child.lifeline.sever()
        #expect(child.wait(timeout: .seconds(5)))
        #expect(child.status.map { $0 & 0x7f } == SIGKILL)
    }

    @Test func aNormalStopEndsTheWatchdogToo() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-stop-\(getpid()).log").path
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["60"], environment: [:], logPath: log)
        let watchdog = child.lifeline.watchdog
        child.stop()
        // Reaped by `release`, so the id no longer names a process of ours.
        #expect(kill(watchdog, 0) == -1 && errno == ESRCH)
    }
}
