import Testing
import WeftJSON
import WeftLayout
import WeftNodes
import WeftSnapshot

@testable import WeftCapture

@Suite("Tree.updated streaming")
struct StreamingTests {
    @Test("a table: visible cells are the container's children; its range controller is captured")
    func table() throws {
        let (loop, table, _) = tableLoop(rows: 100)
        let snapshot = Capture.snapshot(of: loop.roots)
        let root = try #require(snapshot.roots.first)
        // 220 / 44 = 5 rows on screen: rows 0-4 are the table's children, at y = 44 i.
        #expect(root.children.map(\.debugName) == (0..<5).map { "row \($0)" })
        #expect(root.children.map(\.frame.y) == [0, 44, 88, 132, 176])
        let controller = try #require(snapshot.rangeControllers.first)
        #expect(controller.owner == table.id && controller.id == "r" + table.id.dropFirst())
        #expect(controller.dataSource == "Rows")
        #expect(controller.itemCount == 100 && controller.contentSize == Snapshot.Size(width: 375, height: 4400))
        #expect(controller.visible == [Snapshot.IndexRun(0, 4)])
        #expect(controller.mode == .minimum)  // the first update, before any drag
        #expect(controller.tuning == .textureDefaults)
        // Visible rows have every bit (15); items far below have only measureLayout (1).
        #expect(controller.itemStates.first == Snapshot.ItemStateRun(0, 4, Snapshot.InterfaceState(rawValue: 15)))
        #expect(controller.itemStates.last?.state.rawValue == 1 && controller.itemStates.last?.end == 99)
        try writeArtifact(snapshot, name: "table")
    }

    @Test("updates while dragging carry the inspector's copy from revision to revision")
    func updatesWhileDragging() throws {
        let (loop, table, _) = tableLoop(rows: 100)
        let recorder = RecordingSession(loop: loop)
        var copy = try Snapshot(json: try recorder.result("Tree.getDocument").jsonBytes)
        _ = try recorder.result("Scroll.drag", ["id": .string(table.id), "dx": 0, "dy": 600, "duration": 0.25])
        loop.run(frames: 40)
        #expect(recorder.updates.count >= 15)  // a drag of 15 frames, then deceleration
        for update in recorder.updates { try applyUpdate(update, to: &copy) }
        let fresh = recorder.session.document()
        #expect(copy.revision == fresh.revision)
        #expect(copy.roots == fresh.roots && copy.rangeControllers == fresh.rangeControllers)
        // The user dragged: the range controller is in full mode and leads downwards.
        #expect(fresh.rangeControllers.first?.mode == .full)
        #expect(fresh.rangeControllers.first?.scrollDirection == .down)
        #expect(table.contentOffset.y > 600)
        try writeArtifact(fresh, name: "table-scrolled")
    }

    @Test("Runtime.step while paused answers after the frames ran and their update was sent")
    func stepWhilePaused() throws {
        let (loop, table, _) = tableLoop(rows: 100)
        let recorder = RecordingSession(loop: loop, updateRate: 30)
        _ = try recorder.result("Tree.getDocument")
        _ = try recorder.result("Runtime.pause")
        _ = try recorder.result("Scroll.drag", ["id": .string(table.id), "dx": 0, "dy": 100, "duration": 0.1])
        loop.run(frames: 10)  // paused: no frame runs, the drag does not move
        #expect(table.contentOffset.y == 0 && recorder.updates.isEmpty)
        let frameBefore = loop.frame
        var reply: JSONValue?
        var updatesAtReply = 0
        recorder.session.handle(method: "Runtime.step", params: Array(#"{"frames":3}"#.utf8)) { result in
            reply = try? JSONReader.parse(result.get())
            updatesAtReply = recorder.updates.count
        }
        // Not rate-limited while paused: one update per stepped frame, all sent before the reply.
        #expect(updatesAtReply == 3)
        #expect(reply?["frame"]?.number == Double(frameBefore + 3))
        #expect(reply?["revision"]?.number == Double(recorder.session.revision))
        #expect(table.contentOffset.y > 0)
    }

    @Test("updates are rate-limited while running; pending changes go out with a later frame")
    func rateLimit() throws {
        let (loop, table, _) = tableLoop(rows: 100)
        // 10 per second of program time at 60 frames per second: one update every 6 frames.
        let recorder = RecordingSession(loop: loop, updateRate: 10)
        var copy = try Snapshot(json: try recorder.result("Tree.getDocument").jsonBytes)
        table.drag(by: Point(x: 0, y: 300), duration: 0.2)  // moves in frames 1-12 of the drag
        loop.run(frames: 12)
        #expect(recorder.updates.count == 2)  // frames 1 and 7
        // Released at 1500 pt/s, the content decelerates for ln(1500 / 5) / (1000 ln(1 / 0.998))
        // = 2.85 s (171 frames); the changes of its last frames go out with a later frame.
        loop.run(frames: 240)
        for update in recorder.updates { try applyUpdate(update, to: &copy) }
        let fresh = recorder.session.document()
        #expect(copy.revision == fresh.revision)
        #expect(copy.roots == fresh.roots && copy.rangeControllers == fresh.rangeControllers)
    }

    @Test("cells on screen that only change interface state stream as state changes, down to their subnodes")
    func interfaceStatesOfCellsOnScreen() throws {
        let (loop, table, _) = tableLoop(rows: 100)
        let recorder = RecordingSession(loop: loop)
        var copy = try Snapshot(json: try recorder.result("Tree.getDocument").jsonBytes)
        // A streamed capture records the cells; the next ones reuse what did not change.
        table.contentOffset = Point(x: 0, y: 4)
        loop.run(frames: 2)
        let updatesBefore = recorder.updates.count
        _ = try recorder.result("Runtime.setApplicationState", ["state": "background"])
        loop.run(frames: 3)
        for update in recorder.updates { try applyUpdate(update, to: &copy) }
        let fresh = recorder.session.document()
        #expect(firstDifference(copy, fresh) == nil)
        // In the background the container loses its visible bit and so do its items: the six
        // rows on screen (y 4-224 of rows 44 high) keep measureLayout|preload|display (7), and
        // so do their labels.
        let rows = try #require(fresh.roots.first).children
        #expect(rows.count == 6)
        for row in rows {
            #expect(row.interfaceState.rawValue == 7)
            let label = try #require(row.first { $0.className == "ASTextNode" })
            #expect(label.interfaceState.rawValue == 7)
        }
        // The update that carried it set interface states and nothing else of the rows.
        let ops = try recorder.updates.dropFirst(updatesBefore).flatMap { try UpdateOp.decode(try #require($0["ops"]).jsonBytes) }
        let rowIDs = Set(rows.flatMap { row in [row.id] + [row.first { $0.className == "ASTextNode" }!.id] })
        var rowFieldsSet: Set<String> = []
        for case .set(let id, let fields, _) in ops where rowIDs.contains(id) { rowFieldsSet.formUnion(fields.keys) }
        #expect(rowFieldsSet == ["interfaceState"])
    }

    @Test("a tuning change streams as a range update while the other ranges stay as captured")
    func tuningChange() throws {
        let (loop, table, _) = tableLoop(rows: 100)
        let recorder = RecordingSession(loop: loop)
        var copy = try Snapshot(json: try recorder.result("Tree.getDocument").jsonBytes)
        let controller = "r" + table.id.dropFirst()
        _ = try recorder.result(
            "Range.setTuningParameters",
            [
                "controller": .string(controller), "mode": "minimum",
                "rangeType": "preload", "leading": 3, "trailing": 2,
            ])
        loop.run(frames: 3)
        for update in recorder.updates { try applyUpdate(update, to: &copy) }
        let fresh = recorder.session.document()
        #expect(firstDifference(copy, fresh) == nil)
        let tuning = try #require(fresh.rangeControllers.first).tuning.minimum.preload
        #expect(tuning == Snapshot.TuningParameters(leading: 3, trailing: 2))
        // Three screenfuls ahead of a 220-high viewport reach y = 880: rows 0-19 (44 each) preload.
        #expect(fresh.rangeControllers.first?.preload == [Snapshot.IndexRun(0, 19)])
    }

    /// A stopped session sees no frames, so it cannot know what they changed: started again, it
    /// captures at its first frame even when that frame changes nothing.
    @Test("a session started again sends what changed while it was stopped")
    func changesWhileStopped() throws {
        let (loop, table, _) = tableLoop(rows: 100)
        let recorder = RecordingSession(loop: loop)
        var copy = try Snapshot(json: try recorder.result("Tree.getDocument").jsonBytes)
        loop.run(frames: 2)
        #expect(recorder.updates.isEmpty, "frames that change nothing send nothing")
        recorder.session.stop()
        table.contentOffset = Point(x: 0, y: 44)
        loop.run(frames: 2)
        recorder.session.start()
        loop.run(frames: 1)
        #expect(recorder.updates.count == 1)
        for update in recorder.updates { try applyUpdate(update, to: &copy) }
        let fresh = recorder.session.document()
        #expect(copy.roots == fresh.roots && copy.rangeControllers == fresh.rangeControllers)
    }

    @Test("a new listener's first change goes out at once, not one rate interval after the last listener's update")
    func rateLimitStartsAfreshForANewListener() throws {
        let (loop, table, _) = tableLoop(rows: 100)
        // 10 per second of program time at 60 frames per second: one update every 6 frames.
        let recorder = RecordingSession(loop: loop, updateRate: 10)
        var listening = true
        recorder.session.isListening = { listening }
        _ = try recorder.result("Tree.getDocument")
        table.contentOffset = Point(x: 0, y: 44)
        loop.run(frames: 1)
        #expect(recorder.updates.count == 1)
        listening = false
        loop.run(frames: 1)  // the inspector left: a frame seen without a listener ends the stream
        listening = true
        var copy = try Snapshot(json: try recorder.result("Tree.getDocument").jsonBytes)
        table.contentOffset = Point(x: 0, y: 88)
        loop.run(frames: 1)  // two frames after the last update, which the new listener never saw
        #expect(recorder.updates.count == 2, "the new stream's first change waited for the old stream's interval")
        for update in recorder.updates.dropFirst() { try applyUpdate(update, to: &copy) }
        let fresh = recorder.session.document()
        #expect(copy.roots == fresh.roots && copy.rangeControllers == fresh.rangeControllers)
    }

    @Test("nobody listening: no updates, and the revision moves only when the tree changed")
    func notListening() throws {
        let (loop, table, _) = tableLoop(rows: 10)
        let recorder = RecordingSession(loop: loop)
        recorder.session.isListening = { false }
        let first = recorder.session.document().revision
        loop.run(frames: 5)
        #expect(recorder.session.document().revision == first)
        table.contentOffset = Point(x: 0, y: 44)
        loop.run(frames: 5)
        #expect(recorder.session.document().revision == first + 1)
        #expect(recorder.events.isEmpty)
    }
}
