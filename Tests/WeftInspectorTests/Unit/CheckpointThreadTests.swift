import Foundation
import Testing
import WeftLayout
import WeftNodes
import WeftSnapshot
import WeftTestSupport

@testable import WeftInspector

extension InspectorAttachTests {
    /// A program may run two loops on two threads, each with its inspector (docs/client.md: "each
    /// inspector lives on its own loop's thread"). A loop's trees may be read on its own thread
    /// only, so `Inspector.checkpoint(_:)` called on a loop's thread must write that loop's
    /// inspector's document, even when the other inspector was attached later (and is
    /// `Inspector.current`). Here loop A (root "a", snapshots in dirA) is attached on this test's
    /// thread, then loop B (root "b", dirB) on a thread of its own, which then waits; the
    /// checkpoint called here goes to dirA and shows root "a", and dirB gets none.
    @Test("Inspector.checkpoint writes the document of the inspector attached on the calling thread")
    func checkpointFollowsTheCallingThread() throws {
        let dirA = try RepositoryLayout.temporaryDirectory("weft-thread-a")
        let dirB = try RepositoryLayout.temporaryDirectory("weft-thread-b")
        defer {
            try? FileManager.default.removeItem(at: dirA)
            try? FileManager.default.removeItem(at: dirB)
        }
        @Sendable func screen(_ name: String) -> MainLoop {
            let loop = MainLoop(clock: .manual)
            let root = DisplayNode()
            root.debugName = name
            loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 100, height: 100))
            return loop
        }
        let a = try Inspector.attach(
            to: screen("a"), gateway: .none,
            options: Inspector.Options(appId: "org.weft.tests", snapshotDirectory: dirA.path))
        let attachedB = DispatchSemaphore(value: 0)
        let finish = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            let b = try? Inspector.attach(
                to: screen("b"), gateway: .none,
                options: Inspector.Options(appId: "org.weft.tests", snapshotDirectory: dirB.path))
            attachedB.signal()
            finish.wait()
            b?.detach()
            finished.signal()
        }.start()
        attachedB.wait()
        #expect(Inspector.current !== a, "B, attached later, is current")
        Inspector.checkpoint("here")
        finish.signal()
        finished.wait()
        a.detach()
        let written = try Snapshot(json: Array(try Data(contentsOf: dirA.appendingPathComponent("here.json"))))
        #expect(written.roots.first?.debugName == "a")
        #expect(!FileManager.default.fileExists(atPath: dirB.appendingPathComponent("here.json").path))
    }
}
