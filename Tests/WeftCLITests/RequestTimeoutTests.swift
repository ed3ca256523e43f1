import Foundation
import Testing
import WeftSnapshot
import WeftTestSupport

/// How long `weft` waits for the gateway's answer (`--request-timeout`, default 60 s). The
/// gateway holds `GET .../snapshot` until the device answers or its own `--request-timeout`
/// runs out (504), so weft must wait longer than that, and must say so when it gives up: it
/// reached the gateway, so "cannot reach the gateway" (what a time-out said before) is wrong.
@Suite(.serialized) final class RequestTimeoutTests {
    let gateway: GatewayProcess

    init() throws {
        // The gateway waits 3 s for a device before answering 504.
        gateway = try GatewayProcess(arguments: ["--request-timeout", "3"])
    }

    deinit {
        gateway.stop()
    }

    /// A device that never answers. weft's 0.5 s run out first: the message says the gateway
    /// did not answer within 0.5 s and points at both time-outs, exit status 2, well before the
    /// gateway's 3 s. With 10 s, weft waits for the gateway, whose 504 after 3 s says the device
    /// did not answer (docs/cli.md, weft snapshot).
    @Test func theClientWaitsAsLongAsItIsTold() throws {
        let device = try ScriptedDevice(gateway: gateway) { _ in nil }
        let clock = ContinuousClock()
        var start = clock.now
        let short = CLIRun.weft([
            "snapshot", "--device", device.selector, "--request-timeout", "0.5", "--gateway", gateway.webSocketURL,
        ])
        #expect(clock.now - start < .seconds(2.5))
        #expect(short.status == 2)
        #expect(
            short.stderr == "weft snapshot: the gateway at \(gateway.httpURL) did not answer within 0.5 s "
                + "(weft's --request-timeout; when the gateway's own --request-timeout is longer, give weft a longer one)\n")
        #expect(short.stdout == "")

        start = clock.now
        let long = CLIRun.weft([
            "snapshot", "--device", device.selector, "--request-timeout", "10", "--gateway", gateway.webSocketURL,
        ])
        #expect(clock.now - start >= .seconds(2.5))
        #expect(long.status == 2)
        #expect(
            long.stderr.hasPrefix(
                "weft snapshot: device \"\(device.selector)\" did not answer in time (the gateway's --request-timeout)"),
            "\(long.stderr)")
    }

    /// A gateway that stopped (SIGSTOP): the kernel still accepts the connection, nothing
    /// answers. `weft devices` gives up after its time-out with the same message, and `--wait`
    /// does not retry it (it waits for a gateway that is not up yet, not for one that hangs).
    @Test func aGatewayThatHangs() throws {
        gateway.pause()
        defer { gateway.resume() }
        let devices = CLIRun.weft(["devices", "--request-timeout", "0.3", "--gateway", gateway.httpURL])
        #expect(devices.status == 2)
        #expect(
            devices.stderr.hasPrefix("weft devices: the gateway at \(gateway.httpURL) did not answer within 0.3 s ("),
            "\(devices.stderr)")
        let start = ContinuousClock.now
        let snapshot = CLIRun.weft(["snapshot", "--wait", "5", "--request-timeout", "0.3", "--gateway", gateway.httpURL])
        #expect(snapshot.status == 2)
        #expect(snapshot.stderr.contains("did not answer within 0.3 s"), "\(snapshot.stderr)")
        #expect(ContinuousClock.now - start < .seconds(3), "not waited out")
    }

    @Test func badValues() {
        for value in ["0", "-1", "soon", "1e300"] {
            let run = CLIRun.weft(["devices", "--request-timeout", value, "--gateway", gateway.httpURL])
            #expect(run.status == 2, "\(value)")
            #expect(
                run.stderr.hasPrefix("weft devices: --request-timeout must be a number of seconds > 0"), "\(value): \(run.stderr)"
            )
        }
    }
}
