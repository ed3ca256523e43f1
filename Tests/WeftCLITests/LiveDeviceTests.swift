import Foundation
import Testing
import WeftJSON
import WeftSnapshot
import WeftTestSupport

/// `weft devices` and `weft snapshot` against the real gateway with real programs attached
/// (`weft-example`, live on the real clock, each with a unique WEFT_INSTANCE).
@Suite(.serialized) struct LiveDeviceTests {
    static let appId = "org.weft.Example"

    func startExample(_ gateway: GatewayProcess) throws -> HostProgram {
        try HostProgram(executable: HostProgram.product("weft-example"), gateway: gateway)
    }

    @Test func snapshotDevicesAndAPausedProgram() throws {
        let gateway = try GatewayProcess()
        let host = try startExample(gateway)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let selector = "\(Self.appId)/\(host.instance)"

        // The program is only starting: --wait covers the time until it registers.
        let first = CLIRun.weft([
            "snapshot", "--device", selector, "--wait", "30", "-o", directory.path("first.json"),
            "--gateway", gateway.webSocketURL,
        ])
        #expect(first.status == 0, "\(first.stderr)\n\(host.process.log)")
        #expect(first.stdout == "")
        let snapshot = try Snapshot(json: Data(contentsOf: directory.url.appendingPathComponent("first.json")))
        SchemaArtifacts.keep(directory.path("first.json"), as: "snapshot-live")
        #expect(snapshot.meta.appId == Self.appId)
        #expect(snapshot.meta.instance == host.instance)
        // weft-example's screen: a node "screen" laid out by a vertical stack (Examples/weft-example).
        #expect(snapshot.roots.first?.displayName == "ASDisplayNode (screen)")
        #expect(snapshot.roots.first?.children.first?.className == "ASStackLayoutSpec")
        #expect(CLIRun.weft(["ascii", directory.path("first.json")]).status == 0)

        // weft devices lists it under its identity.
        let devices = CLIRun.weft(["devices", "--gateway", gateway.webSocketURL])
        #expect(devices.status == 0)
        let lines = devices.stdout.split(separator: "\n")
        // (the DEVICE column is as wide as the ids, which the gateway derives from identities)
        #expect(lines.first.map { $0.split(separator: " ").prefix(2).elementsEqual(["DEVICE", "APP"]) } == true)
        let row = try #require(lines.first { $0.contains(host.instance) })
        #expect(row.contains(Self.appId) && row.hasSuffix("connected"))
        let deviceId = String(row.prefix { $0 != " " })

        // Paused (Runtime.pause freezes its clock and scripted motion), two snapshots a moment
        // apart are the same layout: only meta.capturedAt may differ, and meta is ignored.
        try DeviceCall.call(gateway, device: deviceId, method: "Runtime.pause")
        let byId = CLIRun.weft([
            "snapshot", "--device", deviceId, "-o", directory.path("a.json"), "--gateway", gateway.webSocketURL,
        ])
        #expect(byId.status == 0, "\(byId.stderr)")
        Thread.sleep(forTimeInterval: 0.3)
        let byApp = CLIRun.weft([
            "snapshot", "--device", Self.appId, "--output", directory.path("b.json"), "--gateway", gateway.webSocketURL,
        ])
        #expect(byApp.status == 0, "\(byApp.stderr)")
        let diff = CLIRun.weft(["diff", directory.path("a.json"), directory.path("b.json"), "--include", "interfaceState"])
        #expect(diff.status == 0)
        #expect(diff.stdout == "")

        // Without --device, the only connected program; to stdout.
        let toStdout = CLIRun.weft(["snapshot", "--gateway", gateway.webSocketURL])
        #expect(toStdout.status == 0)
        #expect(try Snapshot(json: toStdout.stdout).meta.instance == host.instance)
    }

    @Test func severalMatchingProgramsAreListed() throws {
        let gateway = try GatewayProcess()
        let one = try startExample(gateway)
        let two = try startExample(gateway)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Wait until both are connected.
        for host in [one, two] {
            let ready = CLIRun.weft([
                "snapshot", "--device", "\(Self.appId)/\(host.instance)", "--wait", "30", "-o",
                directory.path("\(host.instance).json"),
                "--gateway", gateway.webSocketURL,
            ])
            #expect(ready.status == 0, "\(ready.stderr)")
        }

        let out = directory.path("ambiguous.json")
        let byApp = CLIRun.weft(["snapshot", "--device", Self.appId, "-o", out, "--gateway", gateway.webSocketURL])
        #expect(byApp.status == 2)
        #expect(
            byApp.stderr.hasPrefix(
                "weft snapshot: \"\(Self.appId)\" matches several devices; choose one with --device ID or --device APPID/INSTANCE:\n  DEVICE "
            ))
        #expect(byApp.stderr.contains(one.instance) && byApp.stderr.contains(two.instance))
        #expect(!FileManager.default.fileExists(atPath: out), "nothing is written")

        let noSelector = CLIRun.weft(["snapshot", "-o", out, "--gateway", gateway.webSocketURL])
        #expect(noSelector.status == 2)
        #expect(noSelector.stderr.hasPrefix("weft snapshot: several devices are connected; choose one"))
        #expect(noSelector.stderr.contains(one.instance) && noSelector.stderr.contains(two.instance))

        let devices = CLIRun.weft(["devices", "--json", "--gateway", gateway.webSocketURL])
        let listed = try JSONReader.parse(devices.stdout)["devices"]?.array ?? []
        #expect(Set(listed.compactMap { $0["identity"]?["instance"]?.string }) == [one.instance, two.instance])
    }

    @Test func aDisconnectedProgramIsReportedAndAwaited() throws {
        let gateway = try GatewayProcess()
        let instance = HostProgram.uniqueInstance()
        let selector = "\(Self.appId)/\(instance)"
        var host = try HostProgram(executable: HostProgram.product("weft-example"), gateway: gateway, instance: instance)
        let ready = CLIRun.weft(["snapshot", "--device", selector, "--wait", "30", "--gateway", gateway.webSocketURL])
        try #require(ready.status == 0, "\(ready.stderr)")

        // Killed, it stays listed as disconnected for the gateway's grace period (docs/protocol.md,
        // Handshake and identity); its snapshot is then the API's 503: exit status 2.
        host.kill()
        let deadline = ContinuousClock.now + .seconds(10)
        var listed = ""
        while ContinuousClock.now < deadline {
            listed = CLIRun.weft(["devices", "--gateway", gateway.webSocketURL]).stdout
            if listed.contains("disconnected") { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(listed.split(separator: "\n").contains { $0.contains(instance) && $0.hasSuffix("disconnected") })
        let gone = CLIRun.weft(["snapshot", "--device", selector, "--gateway", gateway.webSocketURL])
        #expect(gone.status == 2)
        #expect(gone.stderr == "weft snapshot: device \"\(selector)\" is disconnected\n")

        // --wait covers the program coming back under the same identity.
        host = try HostProgram(executable: HostProgram.product("weft-example"), gateway: gateway, instance: instance)
        let back = CLIRun.weft(["snapshot", "--device", selector, "--wait", "30", "--gateway", gateway.webSocketURL])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(try Snapshot(json: back.stdout).meta.instance == instance)
    }
}
