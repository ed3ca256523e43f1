import Foundation
import Testing
import WeftJSON
import WeftNodes
import WeftSnapshot

@testable import WeftCapture

/// The moments of a run the program's events report (Layout.editsChanged, Runtime.stateChanged)
/// and the markers a recording gives them (docs/recording-format.md, Markers), on the Card of
/// Support.swift: the program's own recording marks what its events say, which is what
/// `weft record-session` marks from outside (`EventMarker`).
@Suite("Event markers")
struct EventMarkerTests {
    @Test("edits, pauses, memory warnings and application states say when they happened, and a recording marks what they say")
    func eventsAndMarkers() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("weft-event-markers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("run.jsonl").path
        let card = Card()
        let loop = loop(with: [card.root])
        let recorder = RecordingSession(loop: loop)
        try recorder.session.record(to: path)
        loop.run(frames: 2)
        let events = { recorder.events.filter { EventMarker.methods.contains($0.method) } }

        // An edit between frames: at the last frame run, of the revision published then.
        let revision = recorder.session.revision
        _ = try recorder.result("Layout.setStyle", ["id": .string(card.avatar.id), "property": "width", "value": 60])
        let edit = try #require(events().last?.params)
        #expect(edit["method"] == "Layout.setStyle" && edit["change"] == "applied")
        #expect(
            edit["frame"]?.integer == loop.frame && edit["time"]?.number == loop.time && edit["revision"]?.integer == revision)
        loop.run(frames: 1)
        #expect(recorder.session.revision == revision + 1, "the edit's update")

        _ = try recorder.result("Runtime.simulateMemoryWarning")
        #expect(events().last?.params["change"] == "memoryWarning")
        #expect(events().last?.params["revision"]?.integer == revision + 1)
        _ = try recorder.result("Runtime.setApplicationState", ["state": "background"])
        #expect(events().last?.params["change"] == "applicationState")
        #expect(try recorder.result("Runtime.getState")["applicationState"] == "background")
        loop.run(frames: 1)
        // The host itself: inspectors are told too, at the frame it happened in.
        loop.addFrameCallback(.layout) { loop in
            if loop.frame == 7 { loop.setApplicationState(.active) }
        }
        loop.run(frames: 2)
        let foreground = try #require(events().last?.params)
        #expect(foreground["applicationState"] == "active" && foreground["frame"]?.integer == 7)
        _ = try recorder.result("Runtime.pause")
        _ = recorder.call("Runtime.step", ["frames": 1])
        _ = try recorder.result("Layout.undoEdit")
        _ = try recorder.result("Layout.revertEdits")  // no edit left, but Redo's history goes
        _ = try recorder.result("Runtime.resume")
        // A drop is the program's own change: listed without a method.
        _ = try recorder.result(
            "Layout.setSpecProperty", ["id": .string("\(card.root.id)/0.0"), "property": "spacing", "value": 25])
        card.wrapInCenter = true
        card.root.setNeedsLayout()
        loop.run(frames: 1)
        #expect(events().last?.params["change"] == "dropped" && events().last?.params["method"] == nil)
        recorder.session.stop()

        let sent = try events().compactMap { event in
            try EventMarker.of(method: event.method, params: event.params.jsonBytes)
        }
        #expect(
            sent.map { [$0.marker.kind.rawValue, $0.marker.detail ?? ""] } == [
                ["edit", "Layout.setStyle"], ["memoryWarning", ""], ["applicationState", "background"],
                ["applicationState", "active"], ["pause", "paused"], ["edit", "Layout.undoEdit"], ["edit", "Layout.revertEdits"],
                ["pause", "resumed"], ["edit", "Layout.setSpecProperty"],
            ])
        // The recording's markers, in the order they were written.
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try JSONReader.parse(String($0))
        }
        let marked = lines.filter { $0["kind"] == "marker" && $0["marker"] != "rangeMode" }.map { line in
            EventMarker(
                RecordingMarker(RecordingMarker.Kind(rawValue: line["marker"]?.string ?? "")!, detail: line["detail"]?.string),
                revision: line["revision"]?.integer ?? -1,
                at: RecordingLine.Moment(frame: line["frame"]?.integer ?? -1, time: line["time"]?.number ?? -1))
        }
        #expect(marked == sent)
        _ = try Recording(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test("an event that stands for a marker and does not read is refused; others stand for none")
    func unreadableEvents() throws {
        func marker(_ method: String, _ params: String) throws -> EventMarker? {
            try EventMarker.of(method: method, params: Array(params.utf8))
        }
        #expect(
            try marker(
                "Runtime.stateChanged",
                #"{"change":"paused","paused":true,"applicationState":"active","frame":3,"time":0.05,"revision":2}"#)
                == EventMarker(
                    RecordingMarker(.pause, detail: "paused"), revision: 2, at: RecordingLine.Moment(frame: 3, time: 0.05)))
        #expect(try marker("Runtime.stateChanged", #"{"change":"stepped","frame":3,"time":0.05,"revision":2}"#) == nil)
        #expect(try marker("Tree.updated", #"{"change":"paused"}"#) == nil)
        #expect(try marker("Layout.editsChanged", #"{"change":"reverted","edits":[],"frame":3,"time":0,"revision":2}"#) == nil)
        for params in [
            #"{"change":"memoryWarning","frame":3,"time":0.05}"#,  // no revision
            #"{"change":"memoryWarning","frame":-1,"time":0.05,"revision":2}"#,
            #"{"change":"memoryWarning","frame":3,"time":"soon","revision":2}"#,
            #"{"change":"applicationState","frame":3,"time":0.05,"revision":2}"#,  // which state?
            #"{"paused":true,"frame":3,"time":0.05,"revision":2}"#,  // no change
            #"{"change":"paused","frame":3"#,
        ] {
            #expect(throws: (any Error).self, "\(params)") { try marker("Runtime.stateChanged", params) }
        }
        #expect(throws: EventMarkerError.self) {
            try marker("Layout.editsChanged", #"{"change":"applied","method":7,"frame":3,"time":0,"revision":2}"#)
        }
    }
}
