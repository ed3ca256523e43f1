import Foundation
import Testing
import WeftSnapshot
import WeftTestSupport

@testable import WeftInspector

/// The client never blocks or crashes the host, whatever the gateway does (docs/architecture.md,
/// "Defaults that protect users"; docs/protocol.md, "Devices: registration and identity", "Queues and slow peers").
@Suite(.serialized) struct ResilienceTests {
    @Test func reconnectsAndReRegistersAfterTheGatewayIsKilledAndRestarted() async throws {
        let scene = try await DeviceWithInspectors(inspectors: 0)
        defer { scene.close() }
        let (gateway, device) = (scene.gateway, scene.device)

        gateway.kill()
        #expect(await eventually { !device.isRegistered })
        // Events while the gateway is down are discarded at once, nothing piles up.
        #expect(device.sendEvent(method: "Tree.updated", params: bytes("{}")) == .notConnected)
        #expect(device.client.statistics.queuedBytes == 0)
        try await Task.sleep(for: .milliseconds(300))  // a few failed attempts with back-off
        #expect(device.client.state != .open)

        try gateway.restart()
        #expect(
            await eventually { device.isRegistered }, "\(device.client.state) \(device.client.lastError ?? "") \(gateway.log)")
        #expect(device.registrationCount == 2)
        // The new gateway knows the device under its identity.
        let devices = try await listedDevices(gateway)
        #expect(
            devices.contains {
                $0["identity"]?["instance"]?.string == device.configuration.instance && $0["deviceId"]?.string == device.deviceId
            })
    }

    @Test func comesBackWithTheSameDeviceIdAndListenersWithinTheGracePeriod() async throws {
        let scene = try await DeviceWithInspectors(attached: 1)
        defer { scene.close() }
        let (device, deviceId, recorder) = (scene.device, scene.deviceId, scene.recorder)

        device.client.dropConnection()
        #expect(await eventually { device.registrationCount == 2 && device.isRegistered })
        // Same identity within the grace period: same deviceId; the attached inspector is still
        // counted (Inspector.attached is sent again right after the registration).
        #expect(device.deviceId == deviceId)
        #expect(await eventually { device.inspectorCount == 1 })
        #expect(await eventually { recorder.count("Gateway.deviceUpdated") >= 1 })
    }

    @Test func aReplacedConnectionDoesNotReconnect() async throws {
        let instance = HostProgram.uniqueInstance("replaced")
        let scene = try await DeviceWithInspectors(instance: instance, inspectors: 0)
        defer { scene.close() }
        let first = scene.device

        // The same identity registers again (or this throws).
        let second = try await startRegisteredDevice(scene.gateway, instance: instance)
        defer { second.close() }
        #expect(await eventually { first.client.state == .replaced })
        #expect(first.lastCloseCode == 4000)
        #expect(second.deviceId == first.deviceId)
        // Several back-off periods later the first has not come back to take over again.
        try await Task.sleep(for: .seconds(1))
        #expect(first.client.state == .replaced)
        #expect(first.registrationCount == 1)
        #expect(second.isRegistered && second.registrationCount == 1)
    }

    @Test func anUnreachableGatewayNeverBlocksTheHost() async throws {
        // A port that was just a gateway's and now has no listener.
        let gateway = try GatewayProcess()
        gateway.kill()
        let device = makeDevice(gateway)
        device.start()
        defer { device.close() }
        try await Task.sleep(for: .milliseconds(200))
        #expect(!device.isRegistered)

        // 100 000 event sends return at once and queue nothing. The bound is loose on purpose
        // (a loaded 2-core machine); the benchmark measures the real cost.
        let params = [UInt8](repeating: UInt8(ascii: "1"), count: 1000)
        let start = ContinuousClock.now
        for _ in 0..<100_000 {
            #expect(device.sendEvent(method: "Tree.updated", params: params) == .notConnected)
        }
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(device.client.statistics.queuedBytes == 0)
        #expect(!device.isSomeoneListening)
        // close() returns promptly even while the client is between attempts.
        let closing = ContinuousClock.now
        device.close()
        #expect(ContinuousClock.now - closing < .seconds(2))
        #expect(device.client.state == .closed)
    }

    @Test func aFrozenGatewayKeepsTheQueueBoundedAndSendsImmediate() async throws {
        // A 1 MiB event budget.
        let scene = try await DeviceWithInspectors(options: .testDevice(eventQueueBytes: 1 << 20), inspectors: 0)
        defer { scene.close() }
        let (gateway, device) = (scene.gateway, scene.device)

        gateway.pause()  // SIGSTOP: it reads nothing; the socket buffers fill, then our queue.
        let params = [UInt8](repeating: UInt8(ascii: "2"), count: 64 << 10)
        var slowest = Duration.zero
        for _ in 0..<2000 {  // 128 MiB of events, far beyond socket buffers and the budget
            let start = ContinuousClock.now
            _ = device.sendEvent(method: "Tree.updated", params: params)
            slowest = max(slowest, ContinuousClock.now - start)
        }
        let statistics = device.client.statistics
        #expect(statistics.queuedBytes <= 1 << 20)
        #expect(statistics.droppedEvents > 0)
        // No single send waited for the socket (loose bound: scheduling noise only).
        #expect(slowest < .milliseconds(200))

        gateway.resume()
        // Still connected and working once the gateway runs again.
        #expect(await eventually { device.client.statistics.queuedBytes == 0 })
        #expect(device.isRegistered)
    }

    @Test func anInspectorThatStopsReadingDoesNotSlowTheDevice() async throws {
        // The gateway queues at most 256 KiB of events per peer, then drops for that peer.
        let scene = try await DeviceWithInspectors(
            gateway: GatewayProcess(arguments: ["--queue-limit", "262144"]),
            inspectors: 2, attached: 2
        ) { session, request in
            session.reply(to: request, result: bytes(#"{"ok":true}"#))
        }
        defer { scene.close() }
        let (device, deviceId) = (scene.device, scene.deviceId)
        let (stalled, stalledRecorder) = (scene.inspectors[0], scene.recorders[0])
        let (healthy, healthyRecorder) = (scene.inspectors[1], scene.recorders[1])

        stalled.pauseReading(true)
        // 20 MiB in all: beyond the stalled inspector's 256 KiB queue plus what loopback socket
        // buffers hold. Paced in 64 KiB bursts so the reading inspector never lags 256 KiB.
        let count = 1280
        let filler = String(repeating: "x", count: 16 << 10)
        for revision in 1...count {
            let params = bytes(#"{"baseRevision":\#(revision - 1),"revision":\#(revision),"ops":[],"pad":"\#(filler)"}"#)
            #expect(device.sendEvent(method: "Tree.updated", params: params) == .queued)
            if revision % 4 == 0 { try await Task.sleep(for: .milliseconds(3)) }
        }
        // The device was never slowed: it dropped nothing, sent everything (and the register),
        // and keeps answering the reading inspector at once.
        #expect(await eventually { device.client.statistics.messagesSent == count + 1 })
        #expect(device.client.statistics.droppedEvents == 0)
        #expect(
            try await healthy.request("Tree.getDocument", device: deviceId, timeout: .seconds(5)).result()?["ok"] == .bool(true))

        // Nothing goes silently stale (docs/protocol.md, "Updates"): an inspector receives the
        // revisions in order, and wherever it misses some it is told to resync.
        func isWholeOrToldToResync(_ recorder: EventRecorder) -> Bool {
            let revisions = recorder.all("Tree.updated").compactMap { try? $0.params()["revision"]?.integer }
            let inOrder = zip(revisions, revisions.dropFirst()).allSatisfy { $0 < $1 }
            return inOrder && (revisions.count == count || recorder.count("Gateway.resyncRequired") > 0)
        }
        #expect(
            await eventually(.seconds(20)) {
                healthyRecorder.count("Tree.updated") == count || healthyRecorder.count("Gateway.resyncRequired") > 0
            })
        #expect(isWholeOrToldToResync(healthyRecorder))

        // Once it reads again, the stalled inspector learns that it missed updates.
        stalled.pauseReading(false)
        #expect(
            await eventually(.seconds(20)) { stalledRecorder.count("Gateway.resyncRequired") > 0 },
            "stalled: \(stalledRecorder.count("Tree.updated")) updates, no resync")
        #expect(stalledRecorder.count("Tree.updated") < count)
        #expect(isWholeOrToldToResync(stalledRecorder))
    }
}

/// A gateway that refuses the protocol version is not retried (docs/protocol.md: -32004 and the
/// connection is closed; retrying the same version could never succeed).
@Suite struct RefusalTests {
    @Test func anUnsupportedProtocolVersionIsRefusedOnceAndNotRetried() async throws {
        let gateway = try GatewayProcess()
        let instance = HostProgram.uniqueInstance("version")
        let device = DeviceSession(
            configuration: GatewayConfiguration(endpoint: gateway.endpoint, instance: instance),
            identity: DeviceIdentity(appId: "org.weft.tests", instance: instance),
            info: DeviceInfo(appName: "future"), options: .testDevice(), delivery: .polled,
            protocolVersion: 2)
        device.start()
        defer { device.close() }
        #expect(await eventually { device.client.state == .refused })
        #expect(device.registrationError?.code == .unsupportedProtocolVersion)
        try await Task.sleep(for: .milliseconds(600))  // beyond several back-off periods
        #expect(device.client.state == .refused)
        #expect(!device.isRegistered)
    }
}

/// A gateway that stops answering without closing the socket (frozen, or gone without a FIN)
/// is noticed by the keep-alive ping and the client reconnects once it answers again.
@Suite struct KeepAliveTests {
    @Test func aSilentGatewayIsDroppedAndReconnectedOnceItAnswers() async throws {
        var options = TransportOptions.testDevice()
        options.keepAliveInterval = .seconds(1)  // ping after 1 s of silence, hang up after 2 s
        let scene = try await DeviceWithInspectors(options: options, inspectors: 0)
        defer { scene.close() }
        let (gateway, device) = (scene.gateway, scene.device)

        gateway.pause()
        #expect(await eventually(.seconds(8)) { !device.isRegistered }, "still registered with a frozen gateway")
        gateway.resume()
        #expect(
            await eventually(.seconds(30)) { device.isRegistered && device.registrationCount == 2 },
            "\(device.client.state) \(device.client.lastError ?? "")")
    }
}

/// Replies are never dropped; when one cannot be queued within `maximumQueuedBytes` the client
/// resets the connection (as the gateway does, docs/protocol.md, "Queues and slow peers") and comes back.
@Suite struct OverflowTests {
    @Test func aReplyBeyondTheHardLimitResetsTheConnectionWhichComesBack() async throws {
        let options = TransportOptions(eventQueueBytes: 256 << 10, maximumQueuedBytes: 1 << 20, backoff: fastBackoff)
        let scene = try await DeviceWithInspectors(options: options)
        defer { scene.close() }
        let (gateway, device, deviceId, inspector) = (scene.gateway, scene.device, scene.deviceId, scene.inspector)
        // Three requests wait in the device's inbox.
        for _ in 0..<3 { inspector.send("Tree.getDocument", device: deviceId) { _ in } }
        var held: [DeviceRequest] = []
        #expect(
            await eventually {
                held += device.takeRequests()
                return held.count == 3
            })

        gateway.pause()  // nothing leaves the machine's socket buffers any more
        let body = bytes("\"") + [UInt8](repeating: UInt8(ascii: "r"), count: 600 << 10) + bytes("\"")
        var results: [WebSocketClient.SendResult] = []
        for request in held { results.append(device.reply(to: request, result: body)) }
        // 600 KiB replies: socket buffers take some, the 1 MiB queue the next, then one overflows.
        let start = ContinuousClock.now
        var extra = 0
        while !results.contains(.overflow), extra < 200, ContinuousClock.now - start < .seconds(10) {
            results.append(device.reply(to: held[0], result: body))  // the same id again: only the size matters here
            extra += 1
        }
        #expect(results.contains(.overflow))
        #expect(!results.contains(.dropped))
        #expect(await eventually { !device.isRegistered })
        #expect(device.client.lastError?.contains("overflow") == true)

        gateway.resume()
        #expect(await eventually(.seconds(20)) { device.isRegistered && device.registrationCount == 2 })
    }
}

/// The inspector role reconnects too, says hello again, and fails what was pending.
@Suite struct InspectorClientReconnectTests {
    @Test func pendingRequestsFailWhenTheGatewayGoesAndTheClientComesBack() async throws {
        // No responder: the device's requests stay pending in its inbox.
        let scene = try await DeviceWithInspectors()
        defer { scene.close() }
        let (gateway, device, deviceId, inspector) = (scene.gateway, scene.device, scene.deviceId, scene.inspector)

        async let pending = inspector.request("Tree.getDocument", device: deviceId, timeout: .seconds(30))
        #expect(await eventually { device.takeRequests().count == 1 })
        gateway.kill()
        // The connection is gone: the request fails at once with -32001, not at its time-out.
        do {
            _ = try await pending
            Issue.record("a request survived the gateway's death")
        } catch {
            #expect((error as? ProtocolError)?.code == .deviceGone)
        }
        #expect(!inspector.isReady)

        try gateway.restart()
        try await inspector.waitUntilReady()
        #expect(await eventually { device.isRegistered })
        let devices = try #require(try await inspector.request("Gateway.listDevices").result()?["devices"]?.array)
        #expect(devices.count == 1)
    }
}
