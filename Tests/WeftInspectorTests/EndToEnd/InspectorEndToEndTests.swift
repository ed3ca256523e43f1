import Foundation
import Testing
import WeftJSON
import WeftSnapshot
import WeftTestSupport

@testable import WeftInspector

/// End to end through the real gateway: `weft-example` (a host program linking the client,
/// attached with `Inspector.attach`) and an inspector client, each on its own connection.
@Suite("Inspector end to end", .serialized)
struct InspectorEndToEndTests {
    @Test("attach, Tree.getDocument, edits and protocol errors through the gateway")
    func documentAndEdits() async throws {
        let rig = try await Rig()
        let document = try await rig.document()
        #expect(document.meta.appId == "org.weft.Example" && document.meta.instance == rig.host.instance)
        let screen = try #require(document.roots.first)
        #expect(screen.debugName == "screen")
        #expect(document.rangeControllers.first?.itemCount == 200)
        // The header: the screen's vertical stack (n/0), its inset (n/0.0), the row (n/0.0.0).
        let header = "\(screen.id)/0.0.0"
        #expect(document.element(withId: header)?.props["spacing"] == 12)

        let edited = try await rig.result("Layout.setSpecProperty", ["id": .string(header), "property": "spacing", "value": 30])
        #expect(edited["element"]?["props"]?["spacing"] == 30)
        #expect(try await rig.document().element(withId: header)?.props["spacing"] == 30)
        #expect(try await rig.result("Layout.revertEdits", [:]) == [:])
        #expect(try await rig.document().element(withId: header)?.props["spacing"] == 12)

        #expect(
            await rig.errorCode("Layout.setStyle", ["id": .string(header), "property": "flexGrow", "value": "big"]) == -32011)
        #expect(await rig.errorCode("Tree.getElement", ["id": "n99999999"]) == -32010)
        #expect(await rig.errorCode("Tree.transmogrify", [:]) == -32601)
        #expect(await rig.errorCode("Tree.getElement", rawParams: Array("[1]".utf8)) == -32602)
    }

    @Test("updates while dragging: stepped while paused, then live; the copy always matches the document")
    func updatesWhileDragging() async throws {
        let rig = try await Rig()
        var copy = try await rig.document()
        let table = try #require(copy.roots.first?.first { $0.debugName == "feed" }?.id)

        _ = try await rig.result("Runtime.pause", [:])
        _ = try await rig.result("Scroll.drag", ["id": .string(table), "dx": 0, "dy": 700, "duration": 0.25])
        let step = try await rig.result("Runtime.step", ["frames": 20])
        let steppedRevision = try #require(step["revision"]?.number.map { Int($0) })
        // The updates of those frames were sent before the reply: they are all here already.
        try rig.applyUpdates(to: &copy)
        #expect(copy.revision == steppedRevision)
        try await rig.expectMatchesDocument(&copy)
        #expect((copy.rangeControllers.first?.contentOffset.y ?? 0) > 0)

        _ = try await rig.result("Runtime.resume", [:])
        _ = try await rig.result("Scroll.drag", ["id": .string(table), "dx": 0, "dy": -400, "duration": 0.2])
        // Live: the drag and its deceleration stream updates until the content rests.
        #expect(await rig.waitUntilQuiet())
        try rig.applyUpdates(to: &copy)
        try await rig.expectMatchesDocument(&copy)
    }

    @Test("the gateway is killed and restarted: the program reconnects and the inspector resyncs")
    func gatewayRestart() async throws {
        let rig = try await Rig()
        let before = try await rig.document()
        try rig.gateway.restart()
        try await rig.inspector.waitUntilReady(timeout: .seconds(20))
        try await rig.findAndAttachDevice(timeout: .seconds(20))
        let after = try await rig.document()
        #expect(after.roots.map(\.id) == before.roots.map(\.id))  // the same process and tree
        #expect(after.revision >= before.revision)
        // Streaming resumed: a programmatic scroll produces an update that applies to `after`.
        var copy = after
        let table = try #require(after.roots.first?.first { $0.debugName == "feed" }?.id)
        _ = try await rig.result("Scroll.setContentOffset", ["id": .string(table), "x": 0, "y": 88])
        #expect(await rig.waitUntilQuiet(minimumUpdates: 1))
        try rig.applyUpdates(to: &copy)
        try await rig.expectMatchesDocument(&copy)
    }

    @Test("malformed, deeply nested and oversized requests get errors; the program keeps answering")
    func badRequests() async throws {
        let rig = try await Rig()
        #expect(await rig.errorCode("Tree.getElement", rawParams: Array(#""n1""#.utf8)) == -32602)
        // 300 levels: past the program's limit of 256; a gateway with a lower limit refuses it
        // first as a parse error. Either way a clear error, never a crash.
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let deepCode = await rig.errorCode("Layout.evaluate", rawParams: Array("{\"document\":\(deep)}".utf8))
        #expect(deepCode == -32602 || deepCode == -32700, "got \(String(describing: deepCode))")
        // 5 MiB: above the program's 4 MiB request limit (the gateway allows 64 MiB).
        let big = "{\"document\":{\"root\":{\"type\":\"box\",\"debugName\":\"" + String(repeating: "x", count: 5 << 20) + "\"}}}"
        #expect(await rig.errorCode("Layout.evaluate", rawParams: Array(big.utf8)) == -32600)
        #expect(await rig.errorCode("Layout.evaluate", ["document": ["root": ["type": "stack", "spacing": "wide"]]]) == -32602)
        let document = try await rig.document()
        #expect(document.roots.first?.debugName == "screen")
    }

    @Test("an inspector that stops reading: the program and other inspectors are not held up")
    func stalledInspector() async throws {
        let rig = try await Rig(gatewayArguments: ["--queue-limit", "64K"])
        let stalledEvents = EventRecorder()
        let stalled = InspectorClient(
            endpoint: try GatewayEndpoint(parsing: rig.gateway.webSocketURL),
            clientName: "stalled", onEvent: stalledEvents.record)
        stalled.start()
        defer { stalled.close() }
        try await stalled.waitUntilReady()
        try await stalled.attach(device: rig.device)
        stalled.pauseReading(true)

        // Updates (droppable) from drags, and a flood of whole documents the stalled inspector
        // asked for (replies are never dropped: the gateway must close it when it cannot keep up).
        let table = try #require(try await rig.document().roots.first?.first { $0.debugName == "feed" }?.id)
        _ = try await rig.result("Scroll.drag", ["id": .string(table), "dx": 0, "dy": 3000, "duration": 0.3])
        for _ in 0..<800 {
            stalled.send("Tree.getDocument", device: rig.device, timeout: .seconds(60)) { _ in }
        }
        for _ in 0..<5 {
            let started = ContinuousClock.now
            // The program keeps answering the other inspector (after the requests queued before
            // its own: one main loop serves them in order).
            _ = try await rig.document()
            #expect(ContinuousClock.now - started < .seconds(10))
            try await Task.sleep(for: .milliseconds(200))
        }
        stalled.pauseReading(false)
        // The stalled inspector learns it missed updates (or lost its connection and reconnects),
        // and can resync with a fresh document.
        let resynced = await eventually(.seconds(20)) {
            stalledEvents.count("Gateway.resyncRequired") > 0 || stalled.client.statistics.generation > 1
        }
        #expect(resynced)
        try await stalled.waitUntilReady(timeout: .seconds(20))
        let reply = try await stalled.request("Tree.getDocument", device: rig.device, timeout: .seconds(20))
        let document = try Snapshot(json: Array(try #require(reply.resultBytes)))
        #expect(document.roots.first?.debugName == "screen")
    }
}

/// The gateway, `weft-example` attached to it and an inspector client attached to the program.
final class Rig: @unchecked Sendable {
    let gateway: GatewayProcess
    let host: HostProgram
    let inspector: InspectorClient
    let events = EventRecorder()
    private(set) var device = ""

    init(gatewayArguments: [String] = []) async throws {
        gateway = try GatewayProcess(arguments: gatewayArguments)
        host = try HostProgram(executable: HostProgram.product("weft-example"), gateway: gateway)
        inspector = InspectorClient(
            endpoint: try GatewayEndpoint(parsing: gateway.webSocketURL),
            clientName: "capture-tests", onEvent: events.record)
        inspector.start()
        try await inspector.waitUntilReady()
        try await findAndAttachDevice(timeout: .seconds(20))
        // The program registers before its first frame: wait until the feed is laid out.
        let deadline = ContinuousClock.now + .seconds(20)
        while try await document().roots.first?.first(where: { $0.debugName == "feed" }) == nil {
            guard ContinuousClock.now < deadline else { throw HarnessError("weft-example never laid out its screen") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    deinit {
        inspector.close()
    }

    /// Waits until the program is listed as connected, then attaches to it.
    func findAndAttachDevice(timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let reply = try? await inspector.request("Gateway.listDevices"),
                let devices = try reply.result()?["devices"]?.array,
                let found = devices.first(where: {
                    $0["identity"]?["instance"]?.string == host.instance && $0["state"]?.string == "connected"
                }), let id = found["deviceId"]?.string
            {
                device = id
                break
            }
            guard ContinuousClock.now < deadline else {
                throw HarnessError("weft-example never registered; its log:\n\(host.process.log)\ngateway log:\n\(gateway.log)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        try await inspector.attach(device: device)
    }

    /// Calls a device method; its result or its error.
    func call(_ method: String, _ params: WeftJSON.JSONValue = [:], rawParams: [UInt8]? = nil) async
        -> Result<WeftJSON.JSONValue, ProtocolError>
    {
        do {
            let reply = try await inspector.request(
                method, device: device, params: rawParams ?? params.jsonBytes,
                timeout: .seconds(20))
            if let error = reply.error() { return .failure(error) }
            return .success(try JSONReader.parse(Array(reply.resultBytes ?? [])))
        } catch let error as ProtocolError {
            return .failure(error)
        } catch {
            return .failure(ProtocolError(.internalError, "\(error)"))
        }
    }

    func result(_ method: String, _ params: WeftJSON.JSONValue) async throws -> WeftJSON.JSONValue {
        try await call(method, params).get()
    }

    func errorCode(_ method: String, _ params: WeftJSON.JSONValue = [:], rawParams: [UInt8]? = nil) async -> Int? {
        if case .failure(let error) = await call(method, params, rawParams: rawParams) { return error.code.rawValue }
        return nil
    }

    func document() async throws -> Snapshot {
        let reply = try await inspector.request("Tree.getDocument", device: device, timeout: .seconds(20))
        if let error = reply.error() { throw error }
        return try Snapshot(json: Array(reply.resultBytes ?? []))
    }

    /// What the web page does with `Tree.updated`: skips revisions it has, applies the next ones.
    func applyUpdates(to copy: inout Snapshot) throws {
        for event in events.take("Tree.updated") {
            let params = try JSONReader.parse(Array(event.paramsBytes ?? []))
            let base = Int(params["baseRevision"]?.number ?? -1)
            let revision = Int(params["revision"]?.number ?? -1)
            if revision <= copy.revision { continue }
            #expect(base == copy.revision, "a gap in the updates: \(base) after \(copy.revision)")
            let ops = try UpdateOp.decode((params["ops"] ?? []).jsonBytes)
            try UpdateOps.apply(ops, to: &copy)
            copy.revision = revision
        }
    }

    /// Fetches the document (applying the update it may publish first) and compares.
    func expectMatchesDocument(_ copy: inout Snapshot) async throws {
        let fresh = try await document()
        try applyUpdates(to: &copy)
        #expect(copy.revision == fresh.revision)
        #expect(copy.roots == fresh.roots && copy.rangeControllers == fresh.rangeControllers)
    }

    /// Waits until at least `minimumUpdates` updates arrived and then none for 700 ms.
    func waitUntilQuiet(minimumUpdates: Int = 1, timeout: Duration = .seconds(20)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        var lastCount = -1
        var lastChange = ContinuousClock.now
        while ContinuousClock.now < deadline {
            let count = events.count("Tree.updated")
            if count != lastCount {
                lastCount = count
                lastChange = .now
            } else if count >= minimumUpdates, ContinuousClock.now - lastChange > .milliseconds(700) {
                return true
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}

@Suite("Checkpoints without a gateway")
struct CheckpointTests {
    @Test("a deterministic run writes first-layout, the program's checkpoints and exit to WEFT_SNAPSHOT_DIR")
    func deterministicRun() throws {
        let directory = try RepositoryLayout.temporaryDirectory("weft-checkpoints")
        defer { try? FileManager.default.removeItem(at: directory) }
        let host = try HostProgram(
            executable: HostProgram.product("weft-example"), arguments: ["--frames", "60"],
            gateway: nil, environment: ["WEFT_SNAPSHOT_DIR": directory.path])
        #expect(host.waitForExit(timeout: .seconds(60)) == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["exit.json", "feed-loaded.json", "first-layout.json"])
        var documents: [String: Snapshot] = [:]
        let artifacts = RepositoryLayout.root.appendingPathComponent(".build/test-artifacts/snapshots")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        for name in names {
            let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
            documents[name] = try Snapshot(json: Array(bytes))
            // Kept for `make test-schema`.
            try bytes.write(to: artifacts.appendingPathComponent("checkpoint-\(name)"))
        }
        #expect(documents["exit.json"]?.meta.extra["checkpoint"] == "exit")
        #expect(documents["first-layout.json"]?.meta.instance == host.instance)
        // The scripted drag (at 0.2 s) moved the feed before the exit checkpoint.
        let offset = documents["exit.json"]?.rangeControllers.first?.contentOffset.y ?? 0
        #expect(offset > 0)
        #expect(documents["first-layout.json"]?.rangeControllers.first?.contentOffset.y == 0)

        // Deterministic: a second run writes the same trees.
        let again = try RepositoryLayout.temporaryDirectory("weft-checkpoints")
        defer { try? FileManager.default.removeItem(at: again) }
        let second = try HostProgram(
            executable: HostProgram.product("weft-example"), arguments: ["--frames", "60"],
            gateway: nil, environment: ["WEFT_SNAPSHOT_DIR": again.path])
        #expect(second.waitForExit(timeout: .seconds(60)) == 0)
        let rerun = try Snapshot(json: Array(try Data(contentsOf: again.appendingPathComponent("exit.json"))))
        #expect(
            rerun.roots == documents["exit.json"]?.roots && rerun.rangeControllers == documents["exit.json"]?.rangeControllers)
    }
}
