import Foundation
import Testing
import WeftSynthetic

@testable import WeftSnapshot

/// The recording reader (docs/recording-format.md): every revision of a recorded sequence comes
/// back as it was, whichever keyframe it starts from; bad files get errors naming their line.
@Suite struct RecordingTests {
    private let meta = Snapshot.Meta(
        appId: "org.weft.tests", instance: "ci", protocolVersion: 1,
        screen: .init(width: 320, height: 480, scale: 2))

    /// A recording of `count` random revisions with a keyframe every `interval` updates, and the
    /// documents it recorded (meta the header's, as the reader gives them); `indexed`: its end
    /// record carries the seek index, as the program's recorder writes it.
    private func recorded(count: Int, interval: Int, seed: UInt64 = 31, indexed: Bool = false)
        -> (bytes: [UInt8], documents: [Snapshot])
    {
        var edits = RandomEdits(seed: seed)
        var document = edits.snapshot()
        document.revision = 1
        var documents = [document]
        var index = RecordingIndex()
        var bytes: [UInt8] = []
        func write(_ line: [UInt8], _ indexing: (inout RecordingIndex, [UInt8]) -> Void = { $0.counted($1) }) {
            bytes += line
            indexing(&index, line)
        }
        write(RecordingLine.header(meta: meta, keyframeInterval: interval, limitBytes: 1 << 30))
        let first = RecordingLine.Moment(frame: 1, time: 1.0 / 60)
        write(RecordingLine.keyframe(document, at: first)) { $0.keyframe($1, revision: 1, at: first) }
        for revision in 2...count {
            var next = edits.edited(document)
            next.revision = revision
            let moment = RecordingLine.Moment(frame: revision * 2, time: Double(revision * 2) / 60)
            write(RecordingLine.update(revision: revision, ops: UpdateOp.encode(UpdateOps.diff(document, next)), at: moment))
            if revision % interval == 0 {
                write(RecordingLine.keyframe(next, at: moment)) { $0.keyframe($1, revision: revision, at: moment) }
            }
            if revision == 10 {
                write(RecordingLine.marker(RecordingMarker(.memoryWarning), revision: revision, at: moment)) { $0.marker($1) }
            }
            document = next
            documents.append(next)
        }
        write(
            RecordingLine.end(
                .finished, revision: count, at: .init(frame: count * 2, time: Double(count * 2) / 60),
                index: indexed ? index : nil))
        return (
            bytes,
            documents.map {
                var copy = $0
                copy.meta = meta
                return copy
            }
        )
    }

    @Test func everyRevisionComesBackAsRecorded() throws {
        let (bytes, documents) = recorded(count: 40, interval: 7)
        let recording = try Recording(bytes: bytes)
        #expect(recording.firstRevision == 1 && recording.lastRevision == 40)
        #expect(recording.keyframes.map(\.revision) == [1, 7, 14, 21, 28, 35])
        #expect(recording.markers.map(\.marker.kind) == [.memoryWarning] && recording.markers[0].revision == 10)
        #expect(recording.end?.reason == .finished && recording.truncatedTail == nil)
        for document in documents {
            #expect(try recording.snapshot(atRevision: document.revision) == document, "revision \(document.revision)")
        }
        #expect(throws: RecordingError.self) { try recording.snapshot(atRevision: 41) }
        #expect(throws: RecordingError.self) { try recording.snapshot(atRevision: 0) }
    }

    @Test func framesAndTimesNameTheLastRevisionAtOrBeforeThem() throws {
        let recording = try Recording(bytes: recorded(count: 20, interval: 5).bytes)
        // Revision r was recorded at frame 2r (the first at frame 1).
        for recording in [recording, try Recording(bytes: recorded(count: 20, interval: 5, indexed: true).bytes)] {
            #expect(try recording.revision(atFrame: 0) == 1)
            #expect(try recording.revision(atFrame: 9) == 4)
            #expect(try recording.revision(atFrame: 10) == 5)
            #expect(try recording.revision(atFrame: 1000) == 20)
            #expect(try recording.revision(atTime: 10.0 / 60) == 5)
            #expect(try recording.revision(atTime: 0.1) == 3)
        }
    }

    @Test func theIndexOpensWithoutReadingEveryLine() throws {
        let (bytes, documents) = recorded(count: 40, interval: 7, indexed: true)
        let scanned = try Recording(bytes: recorded(count: 40, interval: 7).bytes)
        // A line no seek to revisions before 28 reads is broken: the index goes past it.
        var text = lines(bytes)
        let broken = try #require(text.firstIndex { $0.contains(#""revision":30,"#) && $0.contains("update") })
        text[broken] = String(text[broken].prefix(30)) + String(repeating: " ", count: text[broken].count - 30)
        let path = try temporaryFile(joined(text))
        let recording = try Recording(contentsOfFile: path)
        #expect(recording.isIndexed && !scanned.isIndexed)
        #expect(recording.keyframes.map(\.revision) == scanned.keyframes.map(\.revision))
        #expect(recording.keyframes.map(\.line) == scanned.keyframes.map(\.line))
        #expect(recording.markers.map(\.revision) == [10] && recording.end?.reason == .finished)
        #expect(recording.lastRevision == 40 && recording.lastMoment == scanned.lastMoment)
        for document in documents where document.revision <= 28 {
            #expect(try recording.snapshot(atRevision: document.revision) == document, "revision \(document.revision)")
        }
        // Seeking past it reads it, and names it.
        let failure = try #require(thrown(RecordingError.self) { _ = try recording.snapshot(atRevision: 31) })
        #expect(failure.line == broken + 1 && failure.message.hasPrefix("not JSON"), "\(failure)")
        // Without the index, opening reads every line and finds it at once.
        #expect(error(joined(Array(text.dropLast())))?.line == broken + 1)
    }

    @Test func aRecordingCutBeforeItsIndexIsScanned() throws {
        let (bytes, documents) = recorded(count: 30, interval: 7, indexed: true)
        var text = lines(bytes)
        text[text.count - 1] = String(text[text.count - 1].prefix(60))  // killed while writing the end
        let recording = try Recording(contentsOfFile: try temporaryFile(Array(text.joined(separator: "\n").utf8)))
        #expect(!recording.isIndexed && recording.end == nil && recording.truncatedTail == text.count)
        for document in documents {
            #expect(try recording.snapshot(atRevision: document.revision) == document, "revision \(document.revision)")
        }
    }

    @Test func anIndexThatDoesNotMatchItsLinesIsAnError() throws {
        let (bytes, _) = recorded(count: 30, interval: 7, indexed: true)
        let text = lines(bytes)
        let end = text.count - 1
        let keyframeLine = try #require(text.firstIndex { $0.contains(#""kind":"keyframe""#) && $0.contains(#""revision":14,"#) })
        let offset = text[..<keyframeLine].reduce(0) { $0 + $1.utf8.count + 1 }
        // The keyframe of revision 14 said to start one byte later: opening follows the index
        // (it fits the file), seeking there finds no keyframe.
        var moved = text
        moved[end] = moved[end].replacingOccurrences(of: "[\(offset),", with: "[\(offset + 1),")
        let recording = try Recording(bytes: joined(moved))
        #expect(recording.isIndexed)
        let failure = try #require(thrown(RecordingError.self) { _ = try recording.snapshot(atRevision: 15) })
        #expect(failure.line == keyframeLine + 1 && failure.message.contains("does not match"), "\(failure)")
        #expect(try recording.snapshot(atRevision: 8).revision == 8)
        // An index that does not fit the file (offsets going back) is not followed: the scan
        // finds it wrong, and says so on the end record's line.
        var unordered = text
        unordered[end] = unordered[end].replacingOccurrences(of: "[\(offset),", with: "[1,")
        let wrong = try #require(error(joined(unordered)))
        #expect(wrong.line == end + 1 && wrong.message.contains("index does not match"), "\(wrong)")
    }

    private func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("weft-recording-\(UUID().uuidString).jsonl").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func error(_ bytes: [UInt8]) -> RecordingError? {
        thrown(RecordingError.self) { _ = try Recording(bytes: bytes) }
    }

    private func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    private func joined(_ lines: [String]) -> [UInt8] { Array((lines.joined(separator: "\n") + "\n").utf8) }

    @Test func foreignFilesAreNotRecordings() {
        #expect(error([])?.message.contains("empty file") == true)
        #expect(error(Array("hello\n".utf8))?.message.contains("not a Weft recording") == true)
        let snapshot = SyntheticFeed.snapshot(elementCount: 20).encoded()
        #expect(error(snapshot)?.message.contains("format is \"weft.snapshot\"") == true)
        let future = Array(#"{"format":"weft.recording","version":2,"keyframeInterval":1,"limitBytes":9,"meta":{}}"#.utf8)
        #expect(error(future)?.message.contains("version 2 is not supported") == true)
        let headerOnly = RecordingLine.header(meta: meta, keyframeInterval: 5, limitBytes: 1 << 20)
        #expect(error(headerOnly)?.message.contains("no keyframe") == true)
    }

    @Test func aBrokenLineIsNamedWithItsLineAndByte() throws {
        var text = lines(recorded(count: 12, interval: 5).bytes)
        text[4] = String(text[4].prefix(30))  // an update cut short, mid-file
        let broken = try #require(error(joined(text)))
        #expect(broken.line == 5)
        #expect(broken.offset > 0 && broken.message.hasPrefix("not JSON"))
        #expect(broken.description.hasPrefix("line 5 (byte "))
    }

    @Test func revisionsMustFollowEachOther() throws {
        var text = lines(recorded(count: 12, interval: 5).bytes)
        text.remove(at: 3)  // the update to revision 3
        let gap = try #require(error(joined(text)))
        #expect(gap.line == 4 && gap.message.contains("does not follow revision 2"), "\(gap)")

        text = lines(recorded(count: 12, interval: 5).bytes)
        text.insert(#"{"kind":"teleport","frame":99,"time":9,"revision":2}"#, at: 3)
        #expect(error(joined(text))?.message.contains("unknown record kind \"teleport\"") == true)

        text = lines(recorded(count: 12, interval: 5).bytes)
        text.append(text[2])  // a record after the end
        #expect(error(joined(text))?.message.contains("follows the end record") == true)
    }

    @Test func aLastLineCutShortIsDroppedAndReported() throws {
        let (bytes, documents) = recorded(count: 12, interval: 5)
        var text = lines(bytes)
        text.removeLast()  // no end: the program was killed...
        let cut = Array((text.joined(separator: "\n") + "\n").utf8).dropLast(40)  // ...while writing
        let recording = try Recording(bytes: Array(cut))
        #expect(recording.end == nil && recording.truncatedTail == text.count)
        #expect(recording.lastRevision == 11)
        #expect(try recording.snapshot(atRevision: 11) == documents[10])
    }

    @Test func opsThatDoNotApplyNameTheirLine() throws {
        var text = lines(recorded(count: 6, interval: 50).bytes)
        // Revision 3's update (line 4) removes an element that does not exist.
        let update = text[3]
        let opsStart = try #require(update.range(of: #""ops":["#)).upperBound
        text[3] = String(update[..<opsStart]) + #"{"op":"remove","id":"nowhere"}]}"#
        let recording = try Recording(bytes: joined(text))
        #expect(try recording.snapshot(atRevision: 2).revision == 2)
        let failure = try #require(thrown(RecordingError.self) { _ = try recording.snapshot(atRevision: 5) })
        #expect(failure.line == 4 && failure.message.contains("revision 3 does not apply"), "\(failure)")
    }
}
