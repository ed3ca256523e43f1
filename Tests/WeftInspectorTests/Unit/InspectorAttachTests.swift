import Foundation
import Synchronization
import Testing
import WeftJSON
import WeftLayout
import WeftNodes
import WeftSnapshot
import WeftTestSupport

@testable import WeftInspector

/// `Inspector.current` is one for the whole process, so every test in this process that attaches
/// an `Inspector` belongs to this serialized suite: a test in another suite, running at the same
/// time, would change what `current` and `Inspector.checkpoint` see here.
@Suite("Inspector.attach without a gateway", .serialized)
struct InspectorAttachTests {
    private func screen() -> (MainLoop, DisplayNode) {
        let loop = MainLoop(clock: .manual)
        let root = DisplayNode()
        root.debugName = "window"
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 320, height: 480))
        return (loop, root)
    }

    @Test("checkpoints go to the snapshot directory with safe file names; detach writes exit")
    func checkpoints() throws {
        let directory = try RepositoryLayout.temporaryDirectory("weft-attach")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (loop, _) = screen()
        let inspector = try Inspector.attach(
            to: loop, gateway: .none,
            options: Inspector.Options(appId: "org.weft.tests", snapshotDirectory: directory.path))
        #expect(Inspector.current === inspector && inspector.device == nil)
        loop.run(frames: 1)
        Inspector.checkpoint("after login/2")
        inspector.detach()
        #expect(Inspector.current == nil)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["after-login-2.json", "exit.json", "first-layout.json"])
        let exit = try Snapshot(json: Array(try Data(contentsOf: directory.appendingPathComponent("exit.json"))))
        #expect(exit.meta.appId == "org.weft.tests" && exit.meta.extra["checkpoint"] == "exit")
        #expect(exit.meta.screen == Snapshot.Screen(width: 320, height: 480, scale: 2))
        #expect(exit.roots.first?.debugName == "window")
        Inspector.checkpoint("after-detach")  // no inspector: nothing happens
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 3)
    }

    @Test("Inspector.current is the newest inspector that is still attached")
    func currentFollowsAttachAndDetach() throws {
        // Inspector.current's documentation: "the most recently attached inspector that is still
        // attached". So detaching the newest makes the previous one current again.
        let (firstLoop, _) = screen()
        let (secondLoop, _) = screen()
        let (thirdLoop, _) = screen()
        #expect(Inspector.current == nil)
        let first = try Inspector.attach(to: firstLoop, gateway: .none)
        let second = try Inspector.attach(to: secondLoop, gateway: .none)
        #expect(Inspector.current === second)
        second.detach()
        #expect(Inspector.current === first)
        let third = try Inspector.attach(to: thirdLoop, gateway: .none)
        first.detach()
        #expect(Inspector.current === third)
        third.detach()
        #expect(Inspector.current == nil)
        second.detach()  // idempotent: changes nothing
        #expect(Inspector.current == nil)
    }

    @Test("attaching and detaching on several threads at once keeps Inspector.current consistent")
    func concurrentAttachAndDetach() {
        // Each thread attaches an inspector to a loop of its own (inspectors live on their loop's
        // thread), checks that some inspector is current while its own is attached, detaches, and
        // checks that its own is no longer current. Afterwards none is attached. (The thread
        // sanitizer cannot check this on Linux with Swift 6.3: it does not see Synchronization's
        // Mutex, so it reports every access made under one as a race.)
        let threads = 4
        let rounds = 100
        let failures = Atomic<Int>(0)
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            Thread {
                for _ in 0..<rounds {
                    let loop = MainLoop(clock: .manual)
                    loop.addRoot(DisplayNode(), frame: Rect(x: 0, y: 0, width: 10, height: 10))
                    guard let inspector = try? Inspector.attach(to: loop, gateway: .none) else {
                        failures.add(1, ordering: .relaxed)
                        continue
                    }
                    if Inspector.current == nil { failures.add(1, ordering: .relaxed) }
                    inspector.detach()
                    if Inspector.current === inspector { failures.add(1, ordering: .relaxed) }
                }
                done.signal()
            }.start()
        }
        for _ in 0..<threads { done.wait() }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(Inspector.current == nil)
    }

    @Test("registrationTimeout: an unanswered Gateway.register is given up and sent again on a new connection")
    func registrationTimeout() throws {
        // docs/client.md, Options: without an answer within registrationTimeout the client hangs
        // up and retries; each new connection starts with Gateway.register (docs/protocol.md).
        let peer = try SilentWebSocketPeer()
        let (loop, _) = screen()
        let inspector = try Inspector.attach(
            to: loop, gateway: .url(peer.webSocketURL),
            options: Inspector.Options(appId: "org.weft.tests", registrationTimeout: .milliseconds(200)))
        defer { inspector.detach() }
        var registrations: Set<Int> = []
        while registrations.count < 2, let event = peer.next(timeout: .seconds(10)) {
            if case .message(let number, let text) = event,
                (try? Envelope(reading: Array(text.utf8)))?.method == "Gateway.register"
            {
                registrations.insert(number)
            }
        }
        #expect(registrations == [1, 2])
        #expect(inspector.device?.isRegistered == false)
    }

    /// The transport posts each request to the loop, which runs it at its next iteration: a
    /// request posted just before `detach()` runs after it. `detach()` reverted every edit
    /// (docs/client.md) and closed the connection, so nobody waits for an answer and an edit
    /// made then would stay in the program for good.
    @Test("a request that reaches the loop after detach is dropped: it no longer edits the program")
    func requestAfterDetach() throws {
        let peer = try SilentWebSocketPeer()
        let (loop, root) = screen()
        loop.run(frames: 1)
        let inspector = try Inspector.attach(
            to: loop, gateway: .url(peer.webSocketURL),
            options: Inspector.Options(appId: "org.weft.tests"))
        inspector.detach()
        let params: JSONValue = ["id": .string(root.id), "property": "width", "value": 100]
        try #require(inspector.requests).serve(
            DeviceRequest(
                id: 7, method: "Layout.setStyle", paramsBytes: params.jsonBytes,
                generation: 1))
        loop.run(frames: 1)
        #expect(root.style.width == .auto, "the edit was made after detach")
    }

    /// Attach, edit, detach, attach again on the same loop: each inspector's spec edit survives
    /// relayouts while it is attached, its detach reverts it (docs/client.md, Edits), and the
    /// second inspector's edits are not disturbed by what the first one left behind.
    @Test("attach, detach and attach again on one loop: edits live and die with their inspector")
    func attachDetachAttach() throws {
        let peer = try SilentWebSocketPeer()
        let (loop, root, child) = insetChildScreen()
        loop.run(frames: 1)
        #expect(child.frame.origin == Point(x: 10, y: 10))
        func edit(_ inspector: Inspector, inset: Double) throws {
            let params: JSONValue = [
                "id": .string(root.id + "/0"), "property": "insets", "value": .array(Array(repeating: .number(inset), count: 4)),
            ]
            try inspector.serveOnFirstConnection("Layout.setSpecProperty", params)
            root.setNeedsLayout()
            loop.run(frames: 2)
        }
        for inset in [30.0, 40.0] {
            let inspector = try Inspector.attach(
                to: loop, gateway: .url(peer.webSocketURL),
                options: Inspector.Options(appId: "org.weft.tests"))
            try edit(inspector, inset: inset)
            #expect(child.frame.origin == Point(x: inset, y: inset), "the edit survives relayouts")
            inspector.detach()
            loop.run(frames: 1)
            #expect(child.frame.origin == Point(x: 10, y: 10), "detach reverted the edit")
        }
    }

    /// An inspector keeps nothing of the program alive once detached and dropped: the loop,
    /// its trees and what the captures recorded of them are freed (a program that attaches for
    /// a debugging session and detaches gets its memory back).
    @Test("after detach, the program's loop and trees are freed")
    func detachedInspectorKeepsNothingAlive() throws {
        let peer = try SilentWebSocketPeer()
        weak var loop: MainLoop?
        weak var root: DisplayNode?
        weak var inspector: Inspector?
        do {
            let (screenLoop, screenRoot) = screen()
            let attached = try Inspector.attach(
                to: screenLoop, gateway: .url(peer.webSocketURL),
                options: Inspector.Options(appId: "org.weft.tests"))
            attached.session.isListening = { true }
            screenLoop.run(frames: 3)
            _ = attached.session.document()
            attached.detach()
            (loop, root, inspector) = (screenLoop, screenRoot, attached)
        }
        #expect(inspector == nil)
        #expect(loop == nil)
        #expect(root == nil)
    }

    @Test("file names keep letters, digits, dot, underscore and dash")
    func fileNames() {
        #expect(Inspector.fileName(for: "feed-loaded") == "feed-loaded.json")
        #expect(Inspector.fileName(for: "../../etc/passwd") == "checkpoint..-..-etc-passwd.json")
        #expect(Inspector.fileName(for: "") == "checkpoint.json")
        #expect(Inspector.fileName(for: "día 2") == "d-a-2.json")
    }

    @Test("bad gateway URLs and roots outside a main loop are refused")
    func refusals() throws {
        let (loop, _) = screen()
        #expect(throws: InspectorError.self) { try Inspector.attach(to: loop, gateway: .url("ftp://example.com")) }
        #expect(throws: InspectorError.self) { try Inspector.attach(roots: [DisplayNode()], gateway: .none) }
        #expect(throws: InspectorError.self) { try Inspector.attach(roots: [], gateway: .none) }
    }

    /// docs/client.md: `updateRate` is updates per second (0: every changed frame) and
    /// `captureBudget` a share of the frame time (0: no limit). A negative, NaN or infinite value
    /// means neither, and was taken silently as "no limit"; it is refused, naming the option.
    @Test("an update rate or capture budget that is not a number >= 0 is refused")
    func badRatesAndBudgets() throws {
        let (loop, _) = screen()
        for rate in [-1, Double.nan, .infinity] {
            #expect(
                throws: InspectorError(
                    message: "Inspector.attach: updateRate must be a number of updates per second >= 0 "
                        + "(0: every changed frame), not \(rate)")
            ) {
                try Inspector.attach(to: loop, gateway: .none, options: Inspector.Options(updateRate: rate))
            }
        }
        for budget in [-0.25, Double.nan, .infinity] {
            #expect(
                throws: InspectorError(
                    message: "Inspector.attach: captureBudget must be a share of the frame time >= 0 "
                        + "(0: no limit), not \(budget)")
            ) {
                try Inspector.attach(to: loop, gateway: .none, options: Inspector.Options(captureBudget: budget))
            }
        }
        try Inspector.attach(to: loop, gateway: .none, options: Inspector.Options(updateRate: 0, captureBudget: 0)).detach()
    }

    @Test("WEFT_SNAPSHOT_DIR without WEFT_GATEWAY connects nowhere; WEFT_INSTANCE names the instance")
    func environment() throws {
        let directory = try RepositoryLayout.temporaryDirectory("weft-attach")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (loop, _) = screen()
        let inspector = try Inspector(
            loop: loop, roots: nil, gateway: .environment, options: Inspector.Options(),
            environment: ["WEFT_SNAPSHOT_DIR": directory.path, "WEFT_INSTANCE": "ci-7"])
        defer { inspector.detach() }
        #expect(inspector.device == nil)
        #expect(inspector.snapshotDirectory == directory.path)
        #expect(inspector.session.meta.instance == "ci-7")
    }
}

extension InspectorAttachTests {
    /// A 320 x 480 root on a manual clock whose 20 x 20 child is inset by 10 (an insets edit and
    /// a growing child are seen in the child's frame).
    func insetChildScreen() -> (MainLoop, DisplayNode, DisplayNode) {
        let loop = MainLoop(clock: .manual)
        let root = DisplayNode()
        let child = DisplayNode()
        child.style.preferredSize = Size(width: 20, height: 20)
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(all: 10), child: child) }
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 320, height: 480))
        return (loop, root, child)
    }
}
