import Foundation
import Testing
import WeftLayout
import WeftNodes
import WeftSnapshot
import WeftTestSupport

@testable import WeftInspector

/// Recording a run to a file (docs/recording-format.md) without a gateway: in
/// `InspectorAttachTests`, whose suite is serialized (`Inspector.current` is per process).
extension InspectorAttachTests {
    private func grow(_ loop: MainLoop, _ root: DisplayNode, _ child: DisplayNode, frames: Int) {
        for _ in 0..<frames {
            child.style.preferredSize = Size(width: child.style.preferredSize.width + 1, height: 20)
            root.setNeedsLayout()
            loop.run(frames: 1)
        }
    }

    @Test("WEFT_RECORDING records every revision, with markers, without a gateway; each reads back as it was")
    func recordsTheRun() throws {
        let directory = try RepositoryLayout.temporaryDirectory("weft-recording")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("run.jsonl").path
        let (loop, root, child) = insetChildScreen()
        let inspector = try Inspector(
            loop: loop, roots: nil, gateway: .environment,
            options: Inspector.Options(appId: "org.weft.tests", updateRate: 0),
            environment: ["WEFT_RECORDING": path])
        #expect(inspector.device == nil, "WEFT_RECORDING alone connects nowhere")
        #expect(inspector.recording == path)
        loop.run(frames: 1)
        var live: [Int: Snapshot] = [:]
        for step in 0..<12 {
            grow(loop, root, child, frames: 1)
            let document = inspector.session.document()
            live[document.revision] = document
            if step == 3 { loop.simulateMemoryWarning() }
            if step == 5 {
                loop.pause()
                loop.step(frames: 1)
                loop.run(frames: 1)
                loop.resume()
            }
            if step == 7 {
                loop.setApplicationState(.background)
                loop.run(frames: 1)
                loop.setApplicationState(.active)
            }
        }
        inspector.detach()

        // `make test-schema` validates it line by line (docs/recording.schema.json).
        let artifacts = RepositoryLayout.root.appendingPathComponent(".build/test-artifacts/snapshots")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: artifacts.appendingPathComponent("inspector-recording.jsonl"))
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: path), to: artifacts.appendingPathComponent("inspector-recording.jsonl"))
        let recording = try Recording(contentsOfFile: path)
        #expect(recording.isIndexed, "the end record carries the seek index, and opening follows it")
        #expect(
            recording.header.meta.appId == "org.weft.tests" && recording.header.meta.pid == nil,
            "a manual clock's recording names no process")
        #expect(recording.end?.reason == .finished)
        #expect(recording.firstRevision == 1 && recording.lastRevision >= 13)
        let kinds = recording.markers.map(\.marker.kind)
        #expect(kinds.contains(.memoryWarning) && kinds.contains(.pause) && kinds.contains(.applicationState), "\(kinds)")
        #expect(recording.markers.filter { $0.marker.kind == .pause }.compactMap(\.marker.detail) == ["paused", "resumed"])
        // The document the program served live at each revision is the recording's at it.
        #expect(live.count == 12)
        for (revision, document) in live {
            let recorded = try recording.snapshot(atRevision: revision)
            #expect(
                recorded.roots == document.roots && recorded.rangeControllers == document.rangeControllers, "revision \(revision)"
            )
        }
    }

    @Test("the size limit ends the recording with an end record, and the program goes on")
    func sizeLimit() throws {
        let directory = try RepositoryLayout.temporaryDirectory("weft-recording")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("small.jsonl").path
        let (loop, root, child) = insetChildScreen()
        let limit = 8192
        let inspector = try Inspector.attach(
            to: loop, gateway: .none,
            options: Inspector.Options(
                appId: "org.weft.tests", updateRate: 0, recording: path, recordingLimitBytes: limit))
        grow(loop, root, child, frames: 400)
        inspector.detach()
        #expect(loop.frame == 400, "the program ran every frame")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count <= limit)
        let recording = try Recording(bytes: bytes)
        #expect(recording.end?.reason == .limit && recording.isIndexed, "the limit leaves room for the index")
        #expect(recording.lastRevision > 5 && recording.lastRevision < 400)
        _ = try recording.snapshot(atRevision: recording.lastRevision)

        #expect(throws: InspectorError.self) {
            try Inspector.attach(to: loop, gateway: .none, options: Inspector.Options(recording: path, recordingLimitBytes: 100))
        }
        #expect(throws: InspectorError.self) {
            try Inspector.attach(to: loop, gateway: .none, options: Inspector.Options(recording: path + "/inside-a-file.jsonl"))
        }
    }
}
