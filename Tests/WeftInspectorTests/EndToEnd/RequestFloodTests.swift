import Foundation
import Synchronization
import Testing
import WeftJSON
import WeftLayout
import WeftNodes
import WeftSnapshot
import WeftTestSupport

@testable import WeftInspector

/// A burst of requests through the real gateway must not stop the program: the loop serves a
/// bounded number per pass over its posted work and keeps running frames in between
/// (docs/client.md, "Attaching": requests are answered on the loop). `Inspector.current` is one
/// per process, so this runs inside InspectorAttachTests' serialized suite.
extension InspectorAttachTests {
    @Suite("A flood of requests")
    struct RequestFloodTests {
        /// 40 `Tree.getElement` requests reach the host before its loop runs. A paused loop's
        /// `tick()` is one pass over the posted work (MainLoop.tick: it drains the posted work,
        /// then runs no frame), and a pass serves `RequestServer.requestsPerPass` (16) requests: 40
        /// = 16 + 16 + 8, so the inspector has 16 answers after the first pass, 32 after the
        /// second, all 40 after the third.
        @Test func aBurstIsServedOverSeveralPasses() async throws {
            let host = try await PausedHost(instance: "flood")
            defer { host.close() }
            let (loop, requests) = (host.loop, host.requests)
            let answered = Atomic<Int>(0)
            let failed = Atomic<Int>(0)
            host.sendGetElement(40) { outcome in
                if case .failure = outcome { failed.add(1, ordering: .relaxed) }
                answered.add(1, ordering: .relaxed)
            }
            #expect(await eventually { requests.waitingCount == 40 }, "all 40 wait for the loop")

            for expected in [16, 32, 40] {
                loop.tick()
                #expect(await eventually { answered.load(ordering: .relaxed) >= expected })
                // What the pass did not serve stays unanswered until the next one.
                try await Task.sleep(for: .milliseconds(100))
                #expect(answered.load(ordering: .relaxed) == expected)
                #expect(requests.waitingCount == 40 - expected)
            }
            #expect(failed.load(ordering: .relaxed) == 0)
        }

        /// A program that stops serving requests (here a paused loop that is not ticked) holds at
        /// most `UnansweredRequests.defaultMaximumCount` of them: the rest are answered at once
        /// with -32603 and never reach it, and once it serves some, new ones get through again. The
        /// limit is the gateway's bound on one inspector's pending requests, so one inspector fills
        /// it and a second is refused.
        @Test func aProgramThatStopsServingHoldsABoundedNumber() async throws {
            let host = try await PausedHost(instance: "unanswered")
            defer { host.close() }
            let (loop, requests) = (host.loop, host.requests)
            let limit = UnansweredRequests.defaultMaximumCount
            let second = makeInspector(host.gateway)
            second.start()
            defer { second.close() }
            try await second.waitUntilReady()
            let answered = Atomic<Int>(0)
            let refusals = Mutex<[ProtocolError]>([])
            func send(_ count: Int, from client: InspectorClient) {
                host.sendGetElement(count, from: client) { outcome in
                    if case .failure(let error) = outcome { refusals.withLock { $0.append(error) } }
                    answered.add(1, ordering: .relaxed)
                }
            }
            send(limit, from: host.client)
            #expect(await eventually(.seconds(20)) { requests.waitingCount == limit })
            send(40, from: second)
            #expect(await eventually { answered.load(ordering: .relaxed) == 40 }, "the 40 past the limit are answered at once")
            #expect(requests.waitingCount == limit)
            let refused = refusals.withLock { $0 }
            #expect(refused.count == 40)
            #expect(
                refused.allSatisfy {
                    $0.code == .internalError
                        && $0.message.hasPrefix("too many requests wait for the program: \(limit) unanswered")
                })

            // One pass serves 16: 16 more get through, the next one is refused again.
            loop.tick()
            #expect(await eventually { answered.load(ordering: .relaxed) == 56 })
            send(17, from: second)
            #expect(await eventually { answered.load(ordering: .relaxed) == 57 })
            #expect(await eventually { requests.waitingCount == limit })
            #expect(refusals.withLock { $0.count } == 41)
        }

        /// A style edit sent to a program that is not serving (a paused loop that is not ticked)
        /// times out at the gateway; when the program serves again it drops it instead of applying
        /// it after its sender was told it timed out. The next edit applies.
        @Test func anEditThatTimedOutAtTheGatewayIsNotAppliedLater() async throws {
            let host = try await PausedHost(instance: "timed-out", gatewayArguments: ["--request-timeout", "0.5"])
            defer { host.close() }
            let setWidth = host.widthEdits.setWidth
            await #expect(throws: ProtocolError(.timedOut, "request timed out")) { try await setWidth(100) }
            #expect(host.requests.waitingCount == 1)
            host.loop.tick()
            #expect(host.requests.waitingCount == 0)
            #expect(host.root.style.width == .auto, "the timed-out edit was applied")
            try await host.expectTheNextEditApplies()
        }

        /// A style edit waits for a program that is not serving (a paused loop that is not ticked)
        /// when the program's connection closes: the gateway fails it for its sender with -32001,
        /// and when the program serves again it drops it instead of applying it after its sender
        /// was told the device went away (docs/protocol.md, "Routing: requests, replies, events").
        /// The program reconnects, and the next edit applies.
        @Test func anEditWaitingWhenTheConnectionClosesIsNotAppliedLater() async throws {
            let host = try await PausedHost(instance: "connection-closed")
            defer { host.close() }
            let setWidth = host.widthEdits.setWidth
            let device = try #require(host.inspector.device)
            let waiting = Task { try await setWidth(100) }
            #expect(await eventually { host.requests.waitingCount == 1 })
            let registrations = device.registrationCount
            device.client.dropConnection()
            await #expect(throws: ProtocolError(.deviceGone, "device went away")) { try await waiting.value }
            // The gateway may see the connection close before the program does: served in
            // between, the edit's answer goes out on a connection about to close. Once the
            // program registered again, its old connection is surely closed.
            #expect(await eventually { device.registrationCount > registrations && device.isRegistered })
            host.loop.tick()
            #expect(host.requests.waitingCount == 0)
            #expect(host.root.style.width == .auto, "the edit was applied after its connection closed")
            try await host.expectTheNextEditApplies()
        }
    }
}

/// A program whose loop is paused after one frame (its `tick()` is then one pass over the posted
/// work, and runs no frame), attached to a real gateway, and an inspector connected to it.
private final class PausedHost {
    let gateway: GatewayProcess
    let loop = MainLoop(clock: .manual)
    let root = DisplayNode()
    let inspector: Inspector
    let requests: RequestServer
    let deviceId: String
    let client: InspectorClient

    init(instance: String, gatewayArguments: [String] = []) async throws {
        gateway = try GatewayProcess(arguments: gatewayArguments)
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 320, height: 480))
        loop.run(frames: 1)
        loop.pause()
        let inspector = try Inspector.attach(
            to: loop, gateway: .url(gateway.webSocketURL),
            options: Inspector.Options(
                appId: "org.weft.tests.flood",
                instance: HostProgram.uniqueInstance(instance)))
        let client = makeInspector(gateway)
        // `Inspector.current` is one per process: a set-up that fails must not leave it attached.
        do {
            let device = try #require(inspector.device)
            requests = try #require(inspector.requests)
            #expect(await eventually { device.isRegistered })
            deviceId = try #require(device.deviceId)
            client.start()
            try await client.waitUntilReady()
        } catch {
            client.close()
            inspector.detach()
            throw error
        }
        (self.inspector, self.client) = (inspector, client)
    }

    /// Width edits of the root from the host's own inspector.
    struct WidthEdits: Sendable {
        let client: InspectorClient
        let deviceId: String
        let rootID: String

        func setWidth(_ width: Double) async throws -> Envelope {
            let params: JSONValue = ["id": .string(rootID), "property": "width", "value": .number(width)]
            return try await client.request("Layout.setStyle", device: deviceId, params: params.jsonBytes, timeout: .seconds(10))
        }
    }

    var widthEdits: WidthEdits { WidthEdits(client: client, deviceId: deviceId, rootID: root.id) }

    /// After an edit the program dropped, the next one (a width of 120) is served by one pass
    /// and applies.
    func expectTheNextEditApplies(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let edits = widthEdits
        let onTime = Task { try await edits.setWidth(120) }
        #expect(await eventually { requests.waitingCount == 1 }, sourceLocation: sourceLocation)
        loop.tick()
        _ = try await onTime.value
        #expect(root.style.width == .points(120), sourceLocation: sourceLocation)
    }

    /// Sends `count` `Tree.getElement` requests for the root at once, from `client` (by default
    /// the host's own inspector).
    func sendGetElement(
        _ count: Int, from client: InspectorClient? = nil,
        completion: @escaping @Sendable (Result<Envelope, ProtocolError>) -> Void
    ) {
        let params = (["id": .string(root.id)] as JSONValue).jsonBytes
        for _ in 0..<count {
            (client ?? self.client).send(
                "Tree.getElement", device: deviceId, params: params, timeout: .seconds(20), completion: completion)
        }
    }

    func close() {
        client.close()
        inspector.detach()
    }
}
