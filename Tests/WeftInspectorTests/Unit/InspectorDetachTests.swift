import Foundation
import Testing
import WeftLayout
import WeftNodes
import WeftSnapshot
import WeftTestSupport

@testable import WeftInspector

/// What `Inspector.detach()` leaves behind (docs/client.md, Attaching and Checkpoints): the
/// program as it was before anyone inspected it, and checkpoints that show the program, not the
/// inspector's experiments.
///
/// Requests are served as the transport would hand them to the loop (`RequestServer.serve`); a
/// WebSocket peer that never answers stands in for the gateway, since requests only exist with
/// a connection. `Inspector.current` is one per process, so these tests run inside
/// InspectorAttachTests' serialized suite.
extension InspectorAttachTests {
    @Suite("Inspector.detach puts the program back")
    final class DetachTests {
        let peer: SilentWebSocketPeer
        let directory: URL

        init() throws {
            peer = try SilentWebSocketPeer()
            directory = try RepositoryLayout.temporaryDirectory("weft-detach")
        }

        deinit {
            peer.stop()
            try? FileManager.default.removeItem(at: directory)
        }

        func attach(_ loop: MainLoop) throws -> Inspector {
            try Inspector.attach(
                to: loop, gateway: .url(peer.webSocketURL),
                options: Inspector.Options(appId: "org.weft.tests", snapshotDirectory: directory.path))
        }

        func checkpoint(_ name: String) throws -> Snapshot {
            try Snapshot(json: Array(try Data(contentsOf: directory.appendingPathComponent("\(name).json"))))
        }

        /// The host's inset, which it may change between attaches.
        final class Inset {
            var points = 10.0
        }

        /// A 320x480 root that lays out one child inside an inset of `inset.points` (10): Texture's
        /// ASInsetLayoutSpec places the child at (inset, inset) and, the root's size being exact,
        /// gives it the rest: [10, 10, 300, 460] in the spec.
        func insetScreen() -> (MainLoop, DisplayNode, Inset) {
            let loop = MainLoop(clock: .manual)
            let root = DisplayNode()
            let child = DisplayNode()
            let inset = Inset()
            root.automaticallyManagesSubnodes = true
            root.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(all: inset.points), child: child) }
            loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 320, height: 480))
            return (loop, root, inset)
        }

        /// The frame of the inset spec's child in a checkpoint.
        func childFrame(_ snapshot: Snapshot) throws -> Snapshot.Rect {
            return try #require(snapshot.roots.first?.children.first?.children.first).frame
        }

        /// exit.json is "the program as the host left it": docs/protocol.md's checkpoints are the
        /// program's own (a deterministic run writes the same trees on every machine, and CI diffs
        /// them), and an inspector's edit is an experiment that detach reverts. So with the inset
        /// edited to 30 (the child at [30, 30, 260, 420]) and then detached, exit.json shows the
        /// host's inset of 10: [10, 10, 300, 460]. Before the fix, exit.json was written before the
        /// revert and showed the edit.
        @Test func exitIsWrittenAfterTheEditsAreReverted() throws {
            let (loop, root, _) = insetScreen()
            loop.run(frames: 1)
            let inspector = try attach(loop)
            try inspector.serveOnFirstConnection(
                "Layout.setSpecProperty", ["id": .string(root.id + "/0"), "property": "insets", "value": [30, 30, 30, 30]])
            loop.run(frames: 1)
            #expect(
                try childFrame(inspector.session.document()) == Snapshot.Rect(x: 30, y: 30, width: 260, height: 420),
                "the edit applies")
            inspector.detach()
            #expect(try childFrame(checkpoint("exit")) == Snapshot.Rect(x: 10, y: 10, width: 300, height: 460))
        }

        /// first-layout.json is the program's first layout (docs/protocol.md: written "at
        /// first-layout"). An inspector attached again after the program changed (its inset now 15)
        /// must not replace it with its own first frame: first-layout keeps the child at [10, 10,
        /// 300, 460], and exit (the second detach) shows [15, 15, 290, 450]. Before the fix the
        /// second inspector overwrote first-layout.json with the later layout.
        @Test func attachingAgainKeepsTheFirstLayout() throws {
            let (loop, root, inset) = insetScreen()
            let first = try attach(loop)
            loop.run(frames: 1)
            first.detach()
            inset.points = 15
            root.setNeedsLayout()
            let second = try attach(loop)
            loop.run(frames: 1)
            second.detach()
            #expect(try childFrame(checkpoint("first-layout")) == Snapshot.Rect(x: 10, y: 10, width: 300, height: 460))
            #expect(try childFrame(checkpoint("exit")) == Snapshot.Rect(x: 15, y: 15, width: 290, height: 450))
        }

        /// docs/client.md, Attaching: detach resumes a program the inspector paused and puts back its
        /// application state, unless the program changed them itself since (its word is the last).
        @Test func detachResumesAndPutsTheApplicationStateBack() throws {
            let (loop, _, _) = insetScreen()
            loop.run(frames: 1)
            let inspector = try attach(loop)
            try inspector.serveOnFirstConnection("Runtime.pause")
            try inspector.serveOnFirstConnection("Runtime.setApplicationState", ["state": "background"])
            #expect(loop.isPaused && loop.applicationState == .background)
            inspector.detach()
            #expect(!loop.isPaused)
            #expect(loop.applicationState == .active)
            #expect(loop.tick(), "frames run again")

            // A program that paused itself stays paused, though an inspector resumed and paused it.
            loop.pause()
            let again = try attach(loop)
            try again.serveOnFirstConnection("Runtime.resume")
            try again.serveOnFirstConnection("Runtime.pause")
            again.detach()
            #expect(loop.isPaused)
            // An inspector resumed it: detach pauses it again, as the program had it.
            let third = try attach(loop)
            try third.serveOnFirstConnection("Runtime.resume")
            third.detach()
            #expect(loop.isPaused)
            loop.resume()

            // The program went back to the foreground itself after the inspector backgrounded it:
            // detach leaves it there. The inspector paused it and the program resumed: it runs.
            let fourth = try attach(loop)
            try fourth.serveOnFirstConnection("Runtime.setApplicationState", ["state": "background"])
            try fourth.serveOnFirstConnection("Runtime.pause")
            loop.setApplicationState(.active)
            loop.resume()
            fourth.detach()
            #expect(loop.applicationState == .active && !loop.isPaused)
        }

        /// Range.setTuningParameters changes a table's tuning; detach puts back the values the
        /// program had (read before the inspector's first change), and keeps an entry the program
        /// set again itself. The range controller's id is "r" and its owner's number (docs/protocol.md:
        /// `{"controller"}` names a RangeController by its id).
        @Test func detachPutsTheTuningBack() throws {
            let loop = MainLoop(clock: .manual)
            let table = TableNode()
            let rows = Rows(count: 50)
            table.dataSource = rows
            loop.addRoot(table, frame: Rect(x: 0, y: 0, width: 375, height: 220))
            loop.run(frames: 1)
            let controller = table.rangeController
            let fullDisplay = controller.tuningParameters(for: .full, .display)
            let fullPreload = controller.tuningParameters(for: .full, .preload)
            let inspector = try attach(loop)
            let id = "r" + table.id.dropFirst()
            try inspector.serveOnFirstConnection(
                "Range.setTuningParameters",
                ["controller": .string(id), "mode": "full", "rangeType": "display", "leading": 5, "trailing": 4])
            try inspector.serveOnFirstConnection(
                "Range.setTuningParameters",
                ["controller": .string(id), "mode": "full", "rangeType": "preload", "leading": 7, "trailing": 6])
            #expect(
                controller.tuningParameters(for: .full, .display) == RangeTuning(leading: 5, trailing: 4), "the request applies")
            controller.setTuningParameters(RangeTuning(leading: 3, trailing: 3), for: .full, .preload)  // the program's own
            inspector.detach()
            #expect(controller.tuningParameters(for: .full, .display) == fullDisplay)
            #expect(controller.tuningParameters(for: .full, .preload) == RangeTuning(leading: 3, trailing: 3))
            #expect(fullPreload != RangeTuning(leading: 3, trailing: 3))
        }
    }
}

/// Rows of empty cells 44 points high.
private final class Rows: ContainerDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func numberOfItems(in container: ContainerNode) -> Int { count }
    func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
        let cell = CellNode()
        cell.style.height = .points(44)
        return cell
    }
}
