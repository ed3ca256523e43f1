import Foundation
import WeftSnapshot

/// Writes a capture session's revisions to a recording file (docs/recording-format.md), in the
/// publisher's context: on its worker queue when the session publishes there, so that the host's
/// frames pay nothing for encoding or writing. Lines are buffered and written in blocks.
///
/// Bounded: a line that would take the file past `limitBytes` is not written; the recording
/// ends there with an `end` record of reason `limit` (room for it and its index is kept) and
/// one message on standard error, and the program goes on unrecorded. Write errors end it the
/// same way. Keyframes: `RecordingKeyframes`; the `end` record carries the seek index
/// (`RecordingIndex`) of every keyframe and marker written.
final class SessionRecorder {
    /// Room kept for the `end` record, besides its index, and for the index entry of the line
    /// being written.
    private static let endRoom = 160 + 128

    let path: String
    let limitBytes: Int
    private var keyframes: RecordingKeyframes
    private let file: FileHandle
    private var buffer: [UInt8] = []
    /// Every line written, counted, with the keyframes and markers among them.
    private var index = RecordingIndex()
    var bytesWritten: Int { index.byteCount }
    private(set) var isEnded = false
    /// The last revision written (the `end` record's).
    private var revision = 0
    private var moment = RecordingLine.Moment(frame: 0, time: 0)

    /// Creates (or truncates) the file and writes the header. `meta`: the program's meta.
    init(path: String, meta: Snapshot.Meta, limitBytes: Int, keyframeInterval: Int) throws {
        self.path = path
        self.limitBytes = limitBytes
        keyframes = RecordingKeyframes(interval: keyframeInterval)
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        file = try FileHandle(forWritingTo: url)
        append(RecordingLine.header(meta: meta, keyframeInterval: keyframeInterval, limitBytes: limitBytes)) {
            $0.counted($1)
        }
    }

    /// A published revision: `ops` from the previous one (nil for the first, which is a keyframe).
    func published(_ document: Snapshot, ops: [UInt8]?, at moment: RecordingLine.Moment) {
        guard !isEnded else { return }
        self.moment = moment
        guard let ops else {
            keyframe(document)
            return
        }
        let line = RecordingLine.update(revision: document.revision, ops: ops, at: moment)
        guard append(line, { $0.counted($1) }) else { return }
        revision = document.revision
        if keyframes.updateWritten(bytes: line.count) { keyframe(document) }
    }

    private func keyframe(_ document: Snapshot) {
        // The header carries the meta once; a reader gives every document the header's.
        var document = document
        document.meta = Snapshot.Meta()
        let line = RecordingLine.keyframe(document, at: moment)
        guard append(line, { [moment] in $0.keyframe($1, revision: document.revision, at: moment) }) else { return }
        revision = document.revision
        keyframes.keyframeWritten(bytes: line.count)
    }

    /// A marker at `moment`, of `revision` (the publisher's `State.revision(atFrame:)`).
    func mark(_ marker: RecordingMarker, revision: Int, at moment: RecordingLine.Moment) {
        guard !isEnded else { return }
        append(RecordingLine.marker(marker, revision: revision, at: moment)) { $0.marker($1) }
    }

    /// Writes the `end` record and closes the file (idempotent).
    func finish(at moment: RecordingLine.Moment) {
        guard !isEnded else { return }
        end(.finished, at: moment)
    }

    /// Appends `line` unless it would pass the limit (then the recording ends), counting it in
    /// the index with `indexing`; returns whether it was written.
    @discardableResult
    private func append(_ line: [UInt8], _ indexing: (inout RecordingIndex, [UInt8]) -> Void) -> Bool {
        guard bytesWritten + line.count + Self.endRoom + index.encodedByteCount <= limitBytes else {
            report("reached its limit of \(limitBytes) bytes; the rest of the run is not recorded")
            end(.limit, at: moment)
            return false
        }
        buffer += line
        indexing(&index, line)
        if buffer.count >= 1 << 16 { flushBuffer() }
        return true
    }

    private func end(_ reason: RecordingEndReason, at moment: RecordingLine.Moment) {
        isEnded = true
        let line = RecordingLine.end(reason, revision: revision, at: moment, index: index)
        buffer += line
        index.counted(line)
        flushBuffer()
        try? file.close()
    }

    /// Writes the buffered lines. A failed write ends the recording (the file keeps what was
    /// written: a reader drops a last line cut short).
    func flushBuffer() {
        guard !buffer.isEmpty else { return }
        let bytes = buffer
        buffer.removeAll(keepingCapacity: true)
        do {
            try file.write(contentsOf: bytes)
        } catch {
            guard !isEnded else { return }
            isEnded = true
            report("could not be written (\(error)); the rest of the run is not recorded")
            try? file.close()
        }
    }

    private func report(_ text: String) {
        FileHandle.standardError.write(Data("weft: the recording \(path) \(text)\n".utf8))
    }
}
