import Foundation
import Testing
import WeftTestSupport
@testable import WeftInspector
import WeftSnapshot

/// The device role against the real gateway (protocol.md, "Handshake and identity", "Gateway
/// methods and events"). Each test starts its own gateway on a free port.
@Suite(.serialized) struct DeviceSessionTests {
    @Test func registersAndIsListedWithItsIdentityAndInfo() async throws {
        let gateway = try GatewayProcess()
        let device = makeDevice(gateway, instance: HostProgram.uniqueInstance("register"))
        device.start()
        defer { device.close() }
        #expect(await eventually { device.isRegistered }, "not registered: \(device.client.state) \(device.client.lastError ?? "") \(gateway.log)")
        let deviceId = try #require(device.deviceId)

        let inspector = makeInspector(gateway)
        inspector.start()
        defer { inspector.close() }
        try await inspector.waitUntilReady()
        let listed = try #require(try await inspector.request("Gateway.listDevices").result()?["devices"]?.array)
        let entry = try #require(listed.first { $0["deviceId"]?.string == deviceId })
        // The identity and info sent in Gateway.register, as makeDevice set them.
        #expect(entry["identity"] == .object(["appId": .string("org.weft.tests"),
                                              "instance": .string(device.configuration.instance),
                                              "host": .string("test-host")]))
        #expect(entry["info"]?["appName"]?.string == "WeftInspectorTests")
        #expect(entry["info"]?["appVersion"]?.string == "1.2")
        #expect(entry["info"]?["pid"]?.integer == Int(getpid()))
        #expect(entry["info"]?["platform"]?.string == DeviceInfo.currentPlatform)
        #expect(entry["info"]?["screen"] == .object(["width": .number(320), "height": .number(480), "scale": .number(3)]))
        #expect(entry["state"]?.string == "connected")
        #expect(device.registrationCount == 1)
    }

    @Test func attachedCountFollowsTheInspectors() async throws {
        let gateway = try GatewayProcess()
        let device = makeDevice(gateway)
        device.start()
        defer { device.close() }
        #expect(await eventually { device.isRegistered })
        let deviceId = try #require(device.deviceId)
        #expect(!device.isSomeoneListening)

        let first = makeInspector(gateway)
        let second = makeInspector(gateway)
        first.start()
        second.start()
        defer {
            first.close()
            second.close()
        }
        try await first.waitUntilReady()
        try await second.waitUntilReady()
        try await first.attach(device: deviceId)
        #expect(await eventually { device.inspectorCount == 1 })
        #expect(device.isSomeoneListening)
        try await second.attach(device: deviceId)
        #expect(await eventually { device.inspectorCount == 2 })
        try await first.detach(device: deviceId)
        #expect(await eventually { device.inspectorCount == 1 })
        // An inspector that goes away detaches too.
        second.close()
        #expect(await eventually { device.inspectorCount == 0 })
        #expect(!device.isSomeoneListening)
    }

    @Test func requestsReachTheHostAndRepliesCarryTheirBodiesUntouched() async throws {
        let gateway = try GatewayProcess()
        let device = makeDevice(gateway)
        // A body with nested structure, escapes and non-ASCII, forwarded byte for byte.
        let document = bytes(#"{"format":"weft.snapshot","version":1,"revision":3,"roots":[{"id":"n1","debugName":"caf\u00e9 \"q\""}]}"#)
        let responder = Responder(device) { session, request in
            switch request.method {
            case "Tree.getDocument": session.reply(to: request, result: document)
            case "Echo.params": session.reply(to: request, result: request.paramsBytes)
            default: session.fail(request, with: ProtocolError(.methodNotFound, "method not found: \(request.method)"))
            }
        }
        device.start()
        defer {
            responder.stop()
            device.close()
        }
        #expect(await eventually { device.isRegistered })
        let deviceId = try #require(device.deviceId)
        let inspector = makeInspector(gateway)
        inspector.start()
        defer { inspector.close() }
        try await inspector.waitUntilReady()

        let reply = try await inspector.request("Tree.getDocument", device: deviceId)
        #expect(reply.resultBytes.map(Array.init) == document)
        let params = bytes(#"{"id":"n7","value":[1,2.5,"x"]}"#)
        let echoed = try await inspector.request("Echo.params", device: deviceId, params: params)
        #expect(try echoed.result() == JSONReader.parse(params))
        // Unknown methods: the host's handler answers -32601 and the inspector gets it as is.
        await #expect(throws: ProtocolError(.methodNotFound, "method not found: Nope.nope")) {
            try await inspector.request("Nope.nope", device: deviceId)
        }
    }

    @Test func largeRepliesAndEventsTravelInFragments() async throws {
        let gateway = try GatewayProcess()
        // Room for one 12 MiB event in the event budget (the default 8 MiB would drop it).
        let device = makeDevice(gateway, options: .testDevice(eventQueueBytes: 16 << 20))
        // 12 MiB: far beyond one 64 KiB fragment and the default lws buffers, within the
        // gateway's default 64M message limit.
        let big = bytes("\"") + [UInt8](repeating: UInt8(ascii: "a"), count: 12 << 20) + bytes("\"")
        let responder = Responder(device) { session, request in session.reply(to: request, result: big) }
        device.start()
        defer {
            responder.stop()
            device.close()
        }
        #expect(await eventually { device.isRegistered })
        let deviceId = try #require(device.deviceId)
        let recorder = EventRecorder()
        let inspector = makeInspector(gateway, recorder: recorder)
        inspector.start()
        defer { inspector.close() }
        try await inspector.waitUntilReady()
        try await inspector.attach(device: deviceId)
        #expect(await eventually { device.isSomeoneListening })

        let reply = try await inspector.request("Tree.getDocument", device: deviceId, timeout: .seconds(30))
        #expect(reply.resultBytes?.count == big.count)
        #expect(reply.resultBytes?.elementsEqual(big) == true)
        let params = bytes(#"{"baseRevision":1,"revision":2,"ops":[{"op":"set","id":"n1","fields":{"text":"#) + big + bytes("}}]}")
        #expect(device.sendEvent(method: "Tree.updated", params: params) == .queued)
        #expect(await eventually(.seconds(30)) { recorder.count("Tree.updated") == 1 })
        #expect(recorder.all("Tree.updated").first?.paramsBytes?.elementsEqual(params) == true)
    }

    @Test func badRequestsGetProtocolErrorsAndTheConnectionSurvives() async throws {
        let gateway = try GatewayProcess()
        // The device accepts requests up to 64 KiB.
        let device = makeDevice(gateway, options: .testDevice(maximumIncomingMessageBytes: 64 << 10))
        let responder = Responder(device) { session, request in session.reply(to: request, result: bytes("{}")) }
        device.start()
        defer {
            responder.stop()
            device.close()
        }
        #expect(await eventually { device.isRegistered })
        let deviceId = try #require(device.deviceId)
        let inspector = makeInspector(gateway)
        inspector.start()
        defer { inspector.close() }
        try await inspector.waitUntilReady()

        // params that are not an object: -32602 (the gateway checks inspector messages in full
        // and answers this itself; DeviceSessionCoreTests covers the device's own check).
        do {
            _ = try await inspector.request("Layout.setStyle", device: deviceId, params: bytes("[1,2]"))
            Issue.record("params that are not an object were accepted")
        } catch {
            #expect(error.code == .invalidParams)
        }
        // 200 KB of params: more than the device accepts. The device reads the id from the
        // message's head and answers -32600 without buffering the rest.
        let huge = bytes(#"{"document":""#) + [UInt8](repeating: UInt8(ascii: "x"), count: 200_000) + bytes(#""}"#)
        do {
            _ = try await inspector.request("Layout.evaluate", device: deviceId, params: huge)
            Issue.record("an oversized request was answered with a result")
        } catch {
            #expect(error.code == .invalidRequest)
            #expect(error.message.hasPrefix("request too large"))
        }
        // The connection is still good.
        #expect(try await inspector.request("Tree.getDocument", device: deviceId).result() == .object([:]))
        #expect(device.registrationCount == 1)
    }

    @Test func eventsFanOutToAttachedInspectorsOnly() async throws {
        let gateway = try GatewayProcess()
        let device = makeDevice(gateway)
        device.start()
        defer { device.close() }
        #expect(await eventually { device.isRegistered })
        let deviceId = try #require(device.deviceId)
        let attachedRecorders = [EventRecorder(), EventRecorder()]
        let bystanderRecorder = EventRecorder()
        let attached = attachedRecorders.map { makeInspector(gateway, recorder: $0) }
        let bystander = makeInspector(gateway, recorder: bystanderRecorder)
        for inspector in attached + [bystander] { inspector.start() }
        defer { for inspector in attached + [bystander] { inspector.close() } }
        for inspector in attached + [bystander] { try await inspector.waitUntilReady() }
        for inspector in attached {
            try await inspector.attach(device: deviceId)
        }
        #expect(await eventually { device.inspectorCount == 2 })

        for revision in 1...20 {
            let params = bytes(#"{"baseRevision":\#(revision - 1),"revision":\#(revision),"ops":[]}"#)
            #expect(device.sendEvent(method: "Tree.updated", params: params) == .queued)
        }
        for recorder in attachedRecorders {
            #expect(await eventually { recorder.count("Tree.updated") == 20 })
            let events = recorder.all("Tree.updated")
            // The gateway names the device; order and bodies are kept.
            #expect(events.allSatisfy { $0.device == deviceId })
            #expect(events.map { try? $0.params()["revision"]?.integer } == (1...20).map { $0 })
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(bystanderRecorder.count("Tree.updated") == 0)
    }

    @Test func tokenIsSentAndAWrongTokenNeverRegisters() async throws {
        let gateway = try GatewayProcess(token: "s3cret/+token")
        let device = makeDevice(gateway)
        device.start()
        defer { device.close() }
        #expect(await eventually { device.isRegistered }, "\(device.client.lastError ?? "") \(gateway.log)")

        let instance = HostProgram.uniqueInstance("wrong-token")
        let intruder = DeviceSession(
            configuration: GatewayConfiguration(endpoint: gateway.endpoint, token: "wrong", instance: instance),
            identity: DeviceIdentity(appId: "org.weft.tests", instance: instance), info: DeviceInfo(appName: "intruder"),
            options: .testDevice())
        intruder.start()
        defer { intruder.close() }
        // The upgrade is refused (401): the client keeps retrying with back-off, never registered.
        try await Task.sleep(for: .milliseconds(500))
        #expect(!intruder.isRegistered)
        #expect(intruder.client.state == .waitingToReconnect || intruder.client.state == .connecting)
        #expect(intruder.client.lastError != nil)
    }
}

/// Messages whose parts include an empty one (an empty pre-encoded body is the caller's
/// mistake, but must not crash the transport thread).
@Suite struct EmptyPartTests {
    @Test func anEmptyBodyPartIsWrittenWithoutCrashing() async throws {
        let gateway = try GatewayProcess()
        let device = makeDevice(gateway)
        let responder = Responder(device) { session, request in
            // `{"id":N,"result":` + nothing + `}`: not JSON; the gateway refuses it, the
            // transport survives and the next reply goes through.
            session.reply(to: request, result: request.method == "Empty.body" ? [] : bytes("{}"))
        }
        device.start()
        defer {
            responder.stop()
            device.close()
        }
        #expect(await eventually { device.isRegistered })
        let deviceId = try #require(device.deviceId)
        let inspector = makeInspector(gateway)
        inspector.start()
        defer { inspector.close() }
        try await inspector.waitUntilReady()
        _ = try? await inspector.request("Empty.body", device: deviceId, timeout: .seconds(3))
        #expect(await eventually { device.isRegistered })
        #expect(try await inspector.request("Tree.getDocument", device: deviceId).result() == .object([:]))
    }
}
