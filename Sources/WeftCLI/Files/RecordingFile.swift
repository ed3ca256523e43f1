import Foundation
import WeftSnapshot

/// Reading recordings and naming their moments for `weft recording`, with errors that name the
/// file, the line and the byte.
enum RecordingFile {
    /// The recording in `path` (`-` for standard input); a file that is not one is a
    /// `UsageError` (exit status 2). A regular file is read as far as its index allows
    /// (`Recording(contentsOfFile:)`), not through.
    static func read(_ path: String, io: CommandIO) throws -> Recording {
        do {
            guard path != "-", isRegularFile(path) else { return try Recording(bytes: [UInt8](io.readInput(path))) }
            return try Recording(contentsOfFile: path)
        } catch let error as RecordingError {
            throw UsageError("\(path == "-" ? "stdin" : path): not a readable weft recording: \(error)")
        }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// The revision a moment names: `REVISION`, `frame:N` (the last revision at or before
    /// program frame N) or `time:S` (at or before S seconds of program time).
    static func revision(_ moment: String, in recording: Recording) throws -> Int {
        func number<T: LosslessStringConvertible>(_ text: Substring, _: T.Type) -> T? { T(String(text)) }
        if moment.hasPrefix("frame:") {
            guard let frame = number(moment.dropFirst(6), Int.self), frame >= 0 else {
                throw UsageError("\"\(moment)\": frame:N needs a frame number >= 0")
            }
            return try recording.revision(atFrame: frame)
        }
        if moment.hasPrefix("time:") {
            var text = moment.dropFirst(5)
            if text.hasSuffix("s") { text = text.dropLast() }
            guard let time = number(text, Double.self), time.isFinite, time >= 0 else {
                throw UsageError("\"\(moment)\": time:S needs a number of seconds >= 0")
            }
            return try recording.revision(atTime: time)
        }
        guard let revision = Int(moment) else {
            throw UsageError("\"\(moment)\" is not a moment: give a REVISION, frame:N or time:S")
        }
        guard revision >= recording.firstRevision, revision <= recording.lastRevision else {
            throw UsageError(
                "revision \(revision) is not in the recording (revisions \(recording.firstRevision) to \(recording.lastRevision))"
            )
        }
        return revision
    }

    /// The document at `moment`; an error names the file.
    static func snapshot(at moment: String, of recording: Recording, path: String) throws -> Snapshot {
        let revision: Int
        do {
            revision = try self.revision(moment, in: recording)
        } catch let error as RecordingError {
            throw UsageError("\(path): \"\(moment)\" cannot be found: \(error)")
        }
        do {
            return try recording.snapshot(atRevision: revision)
        } catch {
            throw UsageError("\(path): revision \(revision) cannot be read: \(error)")
        }
    }
}
