import Foundation
import Testing
import WeftCapture
import WeftJSON
import WeftLayout
import WeftNodes
import WeftSnapshot
import WeftTestSupport

@testable import WeftInspector

/// What an inspector leaves behind when it ends, through the real gateway: nothing. Its capture
/// session and its transport (a thread, a socket, 64 KiB buffers) belong to it alone, so once
/// it is detached and released they must go, and an inspector the program drops must not keep
/// its connection. `Inspector.current` is one per process, so these tests run inside
/// InspectorAttachTests' serialized suite.
extension InspectorAttachTests {
    @Suite("An inspector's lifetime")
    struct LifetimeTests {
        let gateway: GatewayProcess

        init() throws {
            gateway = try GatewayProcess()
        }

        func screen() -> MainLoop {
            let loop = MainLoop(clock: .manual)
            loop.addRoot(DisplayNode(), frame: Rect(x: 0, y: 0, width: 320, height: 480))
            return loop
        }

        func attach(_ loop: MainLoop, instance: String) throws -> Inspector {
            try Inspector.attach(
                to: loop, gateway: .url(gateway.webSocketURL),
                options: Inspector.Options(appId: "org.weft.tests.lifetime", instance: instance))
        }

        /// The gateway's listing of `instance` ("connected" or "disconnected").
        func listedState(_ instance: String) async throws -> String? {
            try await listedDevices(gateway).first { $0["identity"]?["instance"]?.string == instance }?["state"]?.string
        }

        /// After `detach()` and the last reference, nothing holds the device session or the capture
        /// session: weak references to both read nil.
        @Test func aDetachedInspectorIsFreed() async throws {
            let loop = screen()
            weak var device: DeviceSession?
            weak var session: CaptureSession?
            do {
                let inspector = try attach(loop, instance: HostProgram.uniqueInstance("lifetime"))
                device = inspector.device
                session = inspector.session
                #expect(await eventually { device?.isRegistered == true })
                loop.run(frames: 1)
                inspector.detach()
            }
            #expect(device == nil)
            #expect(session == nil)
        }

        /// A program that drops its inspector without `detach()` can never reach it again, so
        /// nothing may keep it connected: the transport ends with it, and the gateway lists the
        /// device as disconnected (docs/protocol.md, "Devices: registration and identity": a device
        /// that disconnects stays listed as "disconnected" for the grace period).
        @Test func aDroppedInspectorHangsUp() async throws {
            let loop = screen()
            let instance = HostProgram.uniqueInstance("dropped")
            weak var device: DeviceSession?
            do {
                let inspector = try attach(loop, instance: instance)
                device = inspector.device
                #expect(await eventually { device?.isRegistered == true })
                #expect(try await listedState(instance) == "connected")
            }
            // An async test may resume on another thread than the one that attached, so the
            // inspector may have posted its put-back to the loop: the loop runs, as a program's
            // does.
            loop.tick()
            #expect(device == nil)
            var state = try await listedState(instance)
            for _ in 0..<100 where state != "disconnected" {
                try await Task.sleep(for: .milliseconds(20))
                state = try await listedState(instance)
            }
            #expect(state == "disconnected")
        }

        /// docs/client.md, Attaching: detach "resumes a program an inspector paused" and reverts
        /// its edits, so a program is never left paused for good by an inspector it no longer has.
        /// An inspector the program drops without `detach()` is gone just as surely, so it puts the
        /// program back the same way: the loop an inspector paused runs again, and the root's width
        /// edited to 100 goes back to the host's (unset: the root keeps the frame the loop gives
        /// it, 320 wide).
        @Test func aDroppedInspectorPutsTheProgramBack() throws {
            let loop = screen()
            let root = try #require(loop.roots.first)
            loop.run(frames: 1)
            #expect(root.style.width == .auto)
            do {
                let inspector = try attach(loop, instance: HostProgram.uniqueInstance("dropped"))
                for (method, params) in [
                    ("Runtime.pause", [:]),
                    ("Layout.setStyle", ["id": .string(root.id), "property": "width", "value": 100]),
                ] as [(String, JSONValue)] {
                    try inspector.serveOnFirstConnection(method, params)
                }
                #expect(loop.isPaused && root.style.width == .points(100), "the requests apply")
            }
            #expect(!loop.isPaused)
            #expect(root.style.width == .auto)
            #expect(Inspector.current == nil)
        }

        /// docs/protocol.md, "Devices: registration and identity": the identity is appId + instance
        /// + host, and the real gateway refuses a `Gateway.register` without an appId (-32602) and
        /// keeps the connection open, so a device without one stays connected and never registers.
        /// An inspector with an empty appId would be a program that is never inspectable, with
        /// nothing said: `attach` refuses it with the reason, as it refuses an unusable gateway URL
        /// (docs/client.md, Attaching). Without a gateway the appId is only the snapshots'
        /// `meta.appId`, and attach goes on.
        @Test func anEmptyAppIdIsRefusedWhenAGatewayIsUsed() async throws {
            let device = DeviceSession(
                configuration: GatewayConfiguration(endpoint: gateway.endpoint),
                identity: DeviceIdentity(appId: "", instance: HostProgram.uniqueInstance("noapp")),
                info: DeviceInfo(appName: "WeftInspectorTests"), options: .testDevice())
            device.start()
            defer { device.close() }
            #expect(await eventually { device.registrationError != nil })
            #expect(device.registrationError?.code == .invalidParams && !device.isRegistered)

            let loop = screen()
            #expect(
                throws: InspectorError(message: "Inspector.attach: appId is empty: the gateway registers no device without one")
            ) {
                try Inspector.attach(to: loop, gateway: .url(gateway.webSocketURL), options: Inspector.Options(appId: ""))
            }
            try Inspector.attach(to: loop, gateway: .none, options: Inspector.Options(appId: "")).detach()
        }

        /// The loop and its trees may be touched on the loop's thread only (MainLoop: `post` is
        /// the one call safe from other threads). Another thread may hold an inspector for a
        /// moment (`Inspector.current` is safe to read anywhere) and so drop its last reference:
        /// the put-back then waits for the loop. Here the only reference is dropped on a thread
        /// of its own: the loop the inspector paused is still paused when that thread is done,
        /// and runs again once its own thread runs the posted work (`tick`). The connection,
        /// which any thread may close, is closed at once: a loop that never ran again would
        /// otherwise keep it open.
        @Test func anInspectorDroppedOnAnotherThreadIsPutBackOnTheLoop() async throws {
            let loop = screen()
            loop.run(frames: 1)
            let holder = Holder(try attach(loop, instance: HostProgram.uniqueInstance("dropped")))
            let device = try #require(holder.inspector?.device)
            #expect(await eventually { device.isRegistered })
            try #require(holder.inspector).serveOnFirstConnection("Runtime.pause")
            #expect(loop.isPaused)
            let dropped = DispatchSemaphore(value: 0)
            Thread {
                holder.inspector = nil
                dropped.signal()
            }.start()
            dropped.wait()
            #expect(device.client.state == .closed)
            #expect(loop.isPaused, "nothing touched the loop off its thread")
            loop.tick()
            #expect(!loop.isPaused)
        }
    }
}

/// Carries an inspector's only reference to another thread.
private final class Holder: @unchecked Sendable {
    var inspector: Inspector?
    init(_ inspector: Inspector) { self.inspector = inspector }
}
