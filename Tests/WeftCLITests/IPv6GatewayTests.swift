import Foundation
import Testing
import WeftJSON
import WeftSnapshot
import WeftTestSupport

/// `weft devices` and `weft snapshot` with a gateway listening on the IPv6 loopback and named by
/// a bracketed address, `http://[::1]:PORT` or `ws://[::1]:PORT`. docs/protocol.md (Transport, Host)
/// lists `[::1]:port` among the Host headers the gateway accepts, and the gateway prints that
/// URL in its banner, so a user copies it as is.
@Suite(.serialized) struct IPv6GatewayTests {
    /// Derivation: with no program connected the API's list is `{"devices": []}` (docs/protocol.md,
    /// HTTP API), which `--json` prints; once weft-example (app id org.weft.Example,
    /// Examples/weft-example) registers through the same address, its snapshot carries its instance
    /// in `meta`. Before the fix every request failed at once with "cannot reach the gateway ...
    /// (NSURLErrorDomain error -1000)": URLSession refused the URL.
    @Test func devicesAndASnapshotThroughABracketedAddress() throws {
        let gateway = try GatewayProcess(host: "::1")
        #expect(gateway.httpURL == "http://[::1]:\(gateway.port)")

        let empty = CLIRun.weft(["devices", "--json", "--gateway", gateway.httpURL])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(try JSONReader.parse(empty.stdout) == ["devices": []])

        let host = try HostProgram(executable: HostProgram.product("weft-example"), gateway: gateway)
        let snapshot = CLIRun.weft([
            "snapshot", "--device", "org.weft.Example/\(host.instance)", "--wait", "30",
            "--gateway", gateway.webSocketURL,
        ])
        #expect(snapshot.status == 0, "\(snapshot.stderr)\n\(host.process.log)")
        #expect(try Snapshot(json: snapshot.stdout).meta.instance == host.instance)
    }

    /// Nothing listens on the port any more: the message names the bracketed address and says
    /// why, like any unreachable gateway.
    @Test func anIPv6AddressWhereNothingListens() throws {
        let stopped = try GatewayProcess(host: "::1")
        stopped.stop()
        let run = CLIRun.weft(["devices", "--gateway", stopped.httpURL])
        #expect(run.status == 2)
        #expect(
            run.stderr == "weft devices: cannot reach the gateway at http://[::1]:\(stopped.port) (Connection refused); "
                + "start it, or point --gateway or WEFT_GATEWAY at it\n")
    }

    /// Over https weft still goes through URLSession (it brings TLS), which refuses IPv6
    /// literals: the message says so and what to do (docs/cli.md, --gateway), rather than
    /// Foundation's "NSURLErrorDomain error -1000".
    @Test func httpsToAnIPv6AddressSaysWhy() throws {
        let gateway = try GatewayProcess(tls: true, host: "::1")
        let run = CLIRun.weft(["devices", "--gateway", gateway.httpURL])
        #expect(gateway.httpURL.hasPrefix("https://[::1]:"))
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "(Foundation's URLSession on Linux cannot reach an IPv6 address over https; name the gateway by a host name)"),
            "\(run.stderr)")
    }
}
