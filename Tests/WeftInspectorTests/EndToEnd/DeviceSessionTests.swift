import Foundation
import Testing
import WeftJSON
import WeftSnapshot
import WeftTestSupport

@testable import WeftInspector

/// The device role against the real gateway (docs/protocol.md, "Devices: registration and identity", "Gateway
/// methods and events"). Each test starts its own gateway on a free port.
@Suite(.serialized) struct DeviceSessionTests {
    @Test func registersAndIsListedWithItsIdentityAndInfo() async throws {
        let scene = try await DeviceWithInspectors(instance: HostProgram.uniqueInstance("register"))
        defer { scene.close() }
        let device = scene.device
        let listed = try #require(try await scene.inspector.request("Gateway.listDevices").result()?["devices"]?.array)
        let entry = try #require(listed.first { $0["deviceId"]?.string == scene.deviceId })
        // The identity and info sent in Gateway.register, as makeDevice set them.
        #expect(
            entry["identity"]
                == .object([
                    "appId": .string("org.weft.tests"),
                    "instance": .string(device.configuration.instance),
                    "host": .string("test-host"),
                ]))
        #expect(entry["info"]?["appName"]?.string == "WeftInspectorTests")
        #expect(entry["info"]?["appVersion"]?.string == "1.2")
        #expect(entry["info"]?["pid"]?.integer == Int(getpid()))
        #expect(entry["info"]?["platform"]?.string == DeviceInfo.currentPlatform)
        #expect(entry["info"]?["screen"] == .object(["width": .number(320), "height": .number(480), "scale": .number(3)]))
        #expect(entry["state"]?.string == "connected")
        #expect(device.registrationCount == 1)
    }

    @Test func attachedCountFollowsTheInspectors() async throws {
        let scene = try await DeviceWithInspectors(inspectors: 2)
        defer { scene.close() }
        let (device, deviceId, first, second) = (scene.device, scene.deviceId, scene.inspectors[0], scene.inspectors[1])
        // Connected inspectors that have not attached do not count.
        #expect(!device.isSomeoneListening)

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
        // A body with nested structure, escapes and non-ASCII, forwarded byte for byte.
        let document = bytes(
            #"{"format":"weft.snapshot","version":1,"revision":3,"roots":[{"id":"n1","debugName":"caf\u00e9 \"q\""}]}"#)
        let scene = try await DeviceWithInspectors { session, request in
            switch request.method {
            case "Tree.getDocument": session.reply(to: request, result: document)
            case "Echo.params": session.reply(to: request, result: request.paramsBytes)
            default: session.fail(request, with: ProtocolError(.methodNotFound, "method not found: \(request.method)"))
            }
        }
        defer { scene.close() }
        let (inspector, deviceId) = (scene.inspector, scene.deviceId)

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
        // 12 MiB: far beyond one 64 KiB fragment and the default lws buffers, within the
        // gateway's default 64M message limit.
        let big = bytes("\"") + [UInt8](repeating: UInt8(ascii: "a"), count: 12 << 20) + bytes("\"")
        // Room for one 12 MiB event in the event budget (the default 8 MiB would drop it).
        let scene = try await DeviceWithInspectors(options: .testDevice(eventQueueBytes: 16 << 20), attached: 1) {
            session, request in
            session.reply(to: request, result: big)
        }
        defer { scene.close() }
        let (device, deviceId, inspector, recorder) = (scene.device, scene.deviceId, scene.inspector, scene.recorder)

        let reply = try await inspector.request("Tree.getDocument", device: deviceId, timeout: .seconds(30))
        #expect(reply.resultBytes?.count == big.count)
        #expect(reply.resultBytes?.elementsEqual(big) == true)
        let params =
            bytes(#"{"baseRevision":1,"revision":2,"ops":[{"op":"set","id":"n1","fields":{"text":"#) + big + bytes("}}]}")
        #expect(device.sendEvent(method: "Tree.updated", params: params) == .queued)
        #expect(await eventually(.seconds(30)) { recorder.count("Tree.updated") == 1 })
        #expect(recorder.all("Tree.updated").first?.paramsBytes?.elementsEqual(params) == true)
    }

    /// A request the host takes after the gateway timed it out is not handed to it: the gateway
    /// answered its sender with -32002 already, and an edit served now would change the program
    /// after its sender was told it had not. The device learns the time-out from the gateway's
    /// `Gateway.register` reply.
    @Test func aRequestTakenAfterTheGatewayTimedItOutIsNotHandedToTheHost() async throws {
        let scene = try await DeviceWithInspectors(gateway: try GatewayProcess(arguments: ["--request-timeout", "0.5"]))
        defer { scene.close() }
        let (device, inspector, deviceId) = (scene.device, scene.inspector, scene.deviceId)
        let late = Task { try await inspector.request("Layout.setStyle", device: deviceId, timeout: .seconds(10)) }
        #expect(await eventually { device.core.pendingRequests.load(ordering: .relaxed) == 1 })
        await #expect(throws: ProtocolError(.timedOut, "request timed out")) { try await late.value }
        #expect(device.takeRequests().isEmpty, "the timed-out request never reaches the host")

        // One taken in time is handed over, and the device's own late -32002 went nowhere:
        // the inspector gets this request's answer, not that one.
        let onTime = Task { try await inspector.request("Tree.getDocument", device: deviceId, timeout: .seconds(10)) }
        var taken: [DeviceRequest] = []
        #expect(
            await eventually {
                taken += device.takeRequests()
                return !taken.isEmpty
            })
        #expect(taken.map(\.method) == ["Tree.getDocument"])
        for request in taken { device.reply(to: request, result: Array("{}".utf8)) }
        #expect(try await onTime.value.result() == [:])
    }

    @Test func badRequestsGetProtocolErrorsAndTheConnectionSurvives() async throws {
        // The device accepts requests up to 64 KiB.
        let scene = try await DeviceWithInspectors(options: .testDevice(maximumIncomingMessageBytes: 64 << 10)) {
            session, request in
            session.reply(to: request, result: bytes("{}"))
        }
        defer { scene.close() }
        let (device, deviceId, inspector) = (scene.device, scene.deviceId, scene.inspector)

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
        // Two attached inspectors and a third, connected to the same gateway, that is not.
        let scene = try await DeviceWithInspectors(inspectors: 3, attached: 2)
        defer { scene.close() }
        let (device, deviceId) = (scene.device, scene.deviceId)
        let attachedRecorders = scene.recorders.prefix(2)
        let bystanderRecorder = scene.recorders[2]

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
        // The device registers with the right token (or this throws).
        let scene = try await DeviceWithInspectors(gateway: GatewayProcess(token: "s3cret/+token"), inspectors: 0)
        defer { scene.close() }
        let gateway = scene.gateway

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
        let scene = try await DeviceWithInspectors { session, request in
            // `{"id":N,"result":` + nothing + `}`: not JSON; the gateway refuses it, the
            // transport survives and the next reply goes through.
            session.reply(to: request, result: request.method == "Empty.body" ? [] : bytes("{}"))
        }
        defer { scene.close() }
        let (device, deviceId, inspector) = (scene.device, scene.deviceId, scene.inspector)
        // No answer can come (the gateway cannot tell which request a non-JSON reply answers):
        // half a second is time enough for the reply to be sent and refused.
        _ = try? await inspector.request("Empty.body", device: deviceId, timeout: .milliseconds(500))
        #expect(await eventually { device.isRegistered })
        #expect(try await inspector.request("Tree.getDocument", device: deviceId).result() == .object([:]))
    }
}
