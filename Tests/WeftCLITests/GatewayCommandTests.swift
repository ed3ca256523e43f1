import Foundation
import Testing
import WeftJSON
import WeftSnapshot
import WeftTestSupport

/// `weft devices` and `weft snapshot` against the real gateway with no program connected:
/// addresses, tokens, missing devices and waiting. Expected messages follow docs/protocol.md's HTTP
/// API (404 unknown device, 401 without the token) and the CLI's documented exit statuses.
@Suite(.serialized) final class GatewayCommandTests {
    let gateway: GatewayProcess

    init() throws {
        gateway = try GatewayProcess()
    }

    deinit {
        gateway.stop()
    }

    @Test func devicesWithNoneConnected() throws {
        let run = CLIRun.weft(["devices", "--gateway", gateway.webSocketURL])
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "no devices are connected to the gateway at \(gateway.httpURL)\n")
        let json = CLIRun.weft(["devices", "--json", "--gateway", gateway.httpURL])
        #expect(json.status == 0)
        #expect(try JSONReader.parse(json.stdout) == ["devices": []])
    }

    @Test func gatewayFromTheEnvironmentAndOverridden() {
        var environment = CLIRun.cleanEnvironment
        environment["WEFT_GATEWAY"] = gateway.webSocketURL + "/inspector"
        #expect(CLIRun.weft(["devices"], environment: environment).status == 0)
        // --gateway wins over WEFT_GATEWAY.
        let overridden = CLIRun.weft(["devices", "--gateway", "http://127.0.0.1:1"], environment: environment)
        #expect(overridden.status == 2)
        #expect(overridden.stderr.hasPrefix("weft devices: cannot reach the gateway at http://127.0.0.1:1 ("))
    }

    @Test func unreachableGateway() throws {
        // A port that was just free: start a second gateway, note its port, stop it.
        let stopped = try GatewayProcess()
        stopped.stop()
        for command in [["devices"], ["snapshot"], ["snapshot", "--device", "d1"]] {
            let run = CLIRun.weft(command + ["--gateway", stopped.webSocketURL])
            #expect(run.status == 2)
            #expect(run.stderr.contains("cannot reach the gateway at \(stopped.httpURL)"), "\(run.stderr)")
            #expect(run.stdout == "")
        }
    }

    /// Something that is not a gateway listens on the port (here a WebSocket-only server that
    /// hangs up on plain HTTP requests; a gateway that drops a request does the same): the
    /// server was reached, so the message must not say to start the gateway, and `--wait`, which
    /// waits for a gateway still starting, does not retry what a server refused to answer.
    @Test func aServerThatHangsUpIsNotTakenForAnUnreachableGateway() throws {
        let peer = try SilentWebSocketPeer()
        defer { peer.stop() }
        let devices = CLIRun.weft(["devices", "--gateway", peer.webSocketURL])
        #expect(devices.status == 2)
        #expect(
            devices.stderr.hasPrefix(
                "weft devices: the server at http://127.0.0.1:\(peer.port) closed the connection without an answer ("),
            "\(devices.stderr)")
        #expect(!devices.stderr.contains("start it"))
        let start = ContinuousClock.now
        let snapshot = CLIRun.weft(["snapshot", "--device", "d1", "--wait", "5", "--gateway", peer.webSocketURL])
        #expect(snapshot.status == 2)
        #expect(snapshot.stderr.contains("closed the connection without an answer"), "\(snapshot.stderr)")
        #expect(ContinuousClock.now - start < .seconds(4), "not waited out")
    }

    @Test func badGatewayURLs() {
        for url in ["ftp://127.0.0.1:9223", "127.0.0.1:9223", "http://", "not a url"] {
            let run = CLIRun.weft(["devices", "--gateway", url])
            #expect(run.status == 2, "\(url)")
            #expect(run.stderr.contains("--gateway must"), "\(url): \(run.stderr)")
        }
    }

    @Test func snapshotWithNoDevice() {
        let run = CLIRun.weft(["snapshot", "--gateway", gateway.webSocketURL])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "weft snapshot: no device is connected to the gateway at \(gateway.httpURL) (use --wait SECONDS to wait for one)\n"
        )
        #expect(run.stdout == "")
    }

    @Test func snapshotOfAnUnknownDevice() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for selector in ["d99", "org.weft.Nobody", "org.weft.Nobody/second", "org.weft.Nobody@second"] {
            let run = CLIRun.weft([
                "snapshot", "--device", selector, "-o", directory.path("out.json"), "--gateway", gateway.webSocketURL,
            ])
            #expect(run.status == 2)
            #expect(run.stderr.contains("no device matches \"\(selector)\""), "\(run.stderr)")
        }
        #expect(directory.files() == [], "nothing is written when there is no snapshot")
    }

    @Test func waitingGivesUpAfterTheTimeAndShowsProgressOnlyOnATerminal() {
        let start = ContinuousClock.now
        let quiet = CLIRun.weft(["snapshot", "--device", "org.weft.Late", "--wait", "0.5", "--gateway", gateway.webSocketURL])
        #expect(ContinuousClock.now - start >= .milliseconds(500))
        #expect(quiet.status == 2)
        #expect(
            quiet.stderr
                == "weft snapshot: no device matches \"org.weft.Late\" at the gateway \(gateway.httpURL) (see weft devices)\n")

        let terminal = TerminalOutput()
        let shown = CLIRun.weft(
            ["snapshot", "--device", "org.weft.Late", "--wait", "0.3", "--gateway", gateway.webSocketURL], stderr: terminal)
        #expect(shown.status == 2)
        #expect(terminal.text.hasPrefix("weft snapshot: waiting for device \"org.weft.Late\"...\n"))
    }

    @Test func badOptions() {
        let cases: [([String], String)] = [
            (["snapshot", "--wait", "-1"], "--wait must be a number of seconds >= 0"),
            (["snapshot", "--wait", "soon"], "--wait must be a number"),
            (["snapshot", "--device", ""], "--device needs"),
            (["snapshot", "extra.json"], "unexpected argument \"extra.json\""),
            (["snapshot", "--output"], "--output needs a value"),
            (["snapshot", "--devcie", "d1"], "unknown option --devcie"),
            (["devices", "--all"], "unknown option --all"),
            (["devices", "d1"], "unexpected argument \"d1\""),
        ]
        for (arguments, message) in cases {
            let run = CLIRun.weft([arguments[0], "--gateway", gateway.webSocketURL] + arguments.dropFirst())
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }

    @Test func help() {
        for command in ["devices", "snapshot"] {
            let run = CLIRun.weft([command, "--help"])
            #expect(run.status == 0)
            #expect(run.stdout.hasPrefix("usage: weft \(command)"))
        }
    }
}

/// A gateway started with a token (docs/protocol.md, Transport: every API call carries it, else 401).
@Suite final class GatewayTokenTests {
    let gateway: GatewayProcess

    init() throws {
        gateway = try GatewayProcess(token: "s3cret token")
    }

    deinit {
        gateway.stop()
    }

    @Test func withoutOrWithAWrongTokenTheGatewayRefuses() {
        for extra in [[], ["--token", "wrong"]] {
            let run = CLIRun.weft(["devices", "--gateway", gateway.webSocketURL] + extra)
            #expect(run.status == 2)
            #expect(run.stderr.contains("the gateway refused the request"), "\(run.stderr)")
            #expect(run.stderr.contains("--token or WEFT_TOKEN"))
        }
        let snapshot = CLIRun.weft(["snapshot", "--device", "d1", "--wait", "0.2", "--gateway", gateway.webSocketURL])
        #expect(snapshot.status == 2, "a refused token is not waited out")
        #expect(snapshot.stderr.contains("the gateway refused the request"))
    }

    @Test func tokenFromTheOptionOrTheEnvironment() {
        #expect(CLIRun.weft(["devices", "--token", "s3cret token", "--gateway", gateway.webSocketURL]).status == 0)
        var environment = CLIRun.cleanEnvironment
        environment["WEFT_TOKEN"] = "s3cret token"
        environment["WEFT_GATEWAY"] = gateway.httpURL
        #expect(CLIRun.weft(["devices"], environment: environment).status == 0)
    }

    /// The token is sent in a header, so a line break in it would smuggle a header of its own
    /// into the request (the gateway would only see a wrong token). It is refused as a usage
    /// error (status 2) naming where it came from, before anything is sent.
    @Test func aTokenWithALineBreakIsRefused() {
        let smuggling = "s3cret token\r\nX-Injected: 1"
        let option = CLIRun.weft(["devices", "--token", smuggling, "--gateway", gateway.httpURL])
        #expect(option.status == 2)
        #expect(
            option.stderr == "weft devices: --token must not contain control characters (line breaks, tabs)\n", "\(option.stderr)"
        )
        var environment = CLIRun.cleanEnvironment
        environment["WEFT_TOKEN"] = "s3cret\ttoken"
        let variable = CLIRun.weft(["snapshot", "--gateway", gateway.httpURL], environment: environment)
        #expect(variable.status == 2)
        #expect(variable.stderr.contains("WEFT_TOKEN must not contain control characters"), "\(variable.stderr)")
    }
}
