import Testing
import WeftLayout
import WeftNodes
import WeftSnapshot

@testable import WeftCapture

/// Range and scroll methods and the runtime's memory and application-state methods, on a table
/// of 100 rows 44 points high in a 375x220 viewport (rows 0-4 visible at offset 0).
@Suite("Range, scroll and runtime methods")
struct ScrollCommandTests {
    @Test("Range.setTuningParameters changes one mode's tuning of one range")
    func tuning() throws {
        let (loop, table, _) = tableLoop(rows: 100)
        let recorder = RecordingSession(loop: loop)
        let controller = "r" + table.id.dropFirst()
        _ = try recorder.result(
            "Range.setTuningParameters",
            [
                "controller": .string(controller), "mode": "full",
                "rangeType": "display", "leading": 3, "trailing": 1,
            ])
        let tuning = try #require(Capture.snapshot(of: loop.roots).rangeControllers.first?.tuning)
        #expect(tuning.full.display == Snapshot.TuningParameters(leading: 3, trailing: 1))
        #expect(tuning.full.preload == Snapshot.Tuning.textureDefaults.full.preload)
        #expect(
            recorder.errorCode(
                "Range.setTuningParameters",
                [
                    "controller": "r999999", "mode": "full", "rangeType": "display",
                    "leading": 1, "trailing": 1,
                ]) == -32010)
        #expect(
            recorder.errorCode(
                "Range.setTuningParameters",
                [
                    "controller": .string(controller), "mode": "full",
                    "rangeType": "display", "leading": -1, "trailing": 1,
                ]) == -32011)
        #expect(
            recorder.errorCode(
                "Range.setTuningParameters",
                [
                    "controller": .string(controller), "mode": "huge",
                    "rangeType": "display", "leading": 1, "trailing": 1,
                ]) == -32602)
    }

    @Test("Scroll.setContentOffset and Scroll.toItem are programmatic scrolls")
    func programmaticScrolls() throws {
        let (loop, table, _) = tableLoop(rows: 100)
        let recorder = RecordingSession(loop: loop)
        _ = try recorder.result("Scroll.setContentOffset", ["id": .string(table.id), "x": 0, "y": 132, "animated": false])
        loop.run(frames: 1)
        // The viewport is 132..352: rows 3 (132..176) to 7 (308..352); row 8 starts at 352.
        var controller = try #require(Capture.snapshot(of: loop.roots).rangeControllers.first)
        #expect(controller.contentOffset == Snapshot.Point(x: 0, y: 132))
        #expect(controller.visible == [Snapshot.IndexRun(3, 7)])
        #expect(controller.mode == .minimum)  // not a user scroll: no switch to full mode

        _ = try recorder.result("Scroll.toItem", ["id": .string(table.id), "index": 10])
        loop.run(frames: 1)
        controller = try #require(Capture.snapshot(of: loop.roots).rangeControllers.first)
        #expect(controller.contentOffset == Snapshot.Point(x: 0, y: 440))  // row 10 starts at 10 x 44
        #expect(recorder.errorCode("Scroll.toItem", ["id": .string(table.id), "index": 100]) == -32602)
        #expect(recorder.errorCode("Scroll.toItem", ["id": .string(table.id), "index": -1]) == -32602)
        #expect(recorder.errorCode("Scroll.setContentOffset", ["id": "n999999", "x": 0, "y": 0]) == -32010)
        #expect(recorder.errorCode("Scroll.drag", ["id": .string(table.id), "dx": 0, "dy": "far"]) == -32602)
    }

    @Test("a memory warning: a visible container keeps only its visible items")
    func memoryWarning() throws {
        let (loop, _, _) = tableLoop(rows: 100)
        let recorder = RecordingSession(loop: loop)
        _ = try recorder.result("Runtime.simulateMemoryWarning")
        // A container with the display bit goes to visibleOnly (docs/texture-semantics.md section 6).
        let controller = try #require(Capture.snapshot(of: loop.roots).rangeControllers.first)
        #expect(controller.mode == .visibleOnly)
        #expect(controller.display == [Snapshot.IndexRun(0, 4)] && controller.preload == [Snapshot.IndexRun(0, 4)])
    }

    @Test("background and foreground: the container stops counting as visible, then starts again")
    func background() throws {
        let (loop, _, _) = tableLoop(rows: 100)
        let recorder = RecordingSession(loop: loop)
        _ = try recorder.result("Runtime.setApplicationState", ["state": "background"])
        let controller = try #require(Capture.snapshot(of: loop.roots).rangeControllers.first)
        #expect(controller.mode == .visibleOnly)
        // In the background the container counts as not visible: its on-screen rows keep
        // measureLayout, preload and display (7) but lose the visible bit.
        #expect(controller.itemStates.first == Snapshot.ItemStateRun(0, 4, Snapshot.InterfaceState(rawValue: 7)))
        _ = try recorder.result("Runtime.setApplicationState", ["state": "active"])
        loop.run(frames: 1)
        #expect(Capture.snapshot(of: loop.roots).rangeControllers.first?.itemStates.first?.state.rawValue == 15)
    }
}

@Suite("Hit-test probe in a scrolled container")
struct ScrolledProbeTests {
    @Test("a probe at the position a cell shows at hits that cell")
    func probeScrolledTable() throws {
        let (loop, table, _) = tableLoop(rows: 100)
        let recorder = RecordingSession(loop: loop)
        table.contentOffset = Point(x: 0, y: 300)
        loop.run(frames: 1)
        // Row 8 spans 352..396 in content coordinates: 52..96 on screen at offset 300.
        let hit = try recorder.result("HitTest.probe", ["x": 100, "y": 60])
        let row8 = try #require(table.cellForItem(at: 8))
        #expect(hit["path"]?.array?.contains(.string(row8.id)) == true)
        let element = try #require(Capture.snapshot(of: loop.roots).element(withId: row8.id))
        #expect(element.frame.y == 52)
    }
}
