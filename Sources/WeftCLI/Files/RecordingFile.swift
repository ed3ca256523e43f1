import Foundation
import WeftSnapshot

/// Reading recordings and naming their moments for `weft recording`, with errors that name the
/// file, the line and the byte.
enum RecordingFile {
    /// The recording in `path` (`-` for standard input); a file that is not one is a
    /// `UsageError` (exit status 2).
    static func read(_ path: String, io: CommandIO) throws -> Recording {
        let bytes = try path == "-" ? [UInt8](io.readInput(path)) : wholeFile(path, io: io)
        do {
            return try Recording(bytes: bytes)
        } catch {
            throw UsageError("\(path == "-" ? "stdin" : path): not a readable weft recording: \(error)")
        }
    }

    /// The file's bytes read straight into one array: a ten-minute recording is tens of
    /// megabytes, and going through `Data` copied them twice (most of `weft recording
    /// snapshot`'s time).
    private static func wholeFile(_ path: String, io: CommandIO) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return [UInt8](try io.readInput(path)) }  // its error names the problem
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            return [UInt8](try io.readInput(path))
        }
        let size = Int(status.st_size)
        let bytes = try [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let read = Glibc.read(descriptor, buffer.baseAddress! + count, size - count)
                if read == 0 { break }  // the file shrank meanwhile
                guard read > 0 else {
                    if errno == EINTR { continue }
                    throw UsageError("\(path): cannot be read (\(String(cString: strerror(errno))))")
                }
                count += read
            }
        }
        return bytes
    }

    /// The revision a moment names: `REVISION`, `frame:N` (the last revision at or before
    /// program frame N) or `time:S` (at or before S seconds of program time).
    static func revision(_ moment: String, in recording: Recording) throws -> Int {
        func number<T: LosslessStringConvertible>(_ text: Substring, _: T.Type) -> T? { T(String(text)) }
        if moment.hasPrefix("frame:") {
            guard let frame = number(moment.dropFirst(6), Int.self), frame >= 0 else {
                throw UsageError("\"\(moment)\": frame:N needs a frame number >= 0")
            }
            return recording.revision(atFrame: frame)
        }
        if moment.hasPrefix("time:") {
            var text = moment.dropFirst(5)
            if text.hasSuffix("s") { text = text.dropLast() }
            guard let time = number(text, Double.self), time.isFinite, time >= 0 else {
                throw UsageError("\"\(moment)\": time:S needs a number of seconds >= 0")
            }
            return recording.revision(atTime: time)
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
        let revision = try revision(moment, in: recording)
        do {
            return try recording.snapshot(atRevision: revision)
        } catch {
            throw UsageError("\(path): revision \(revision) cannot be read: \(error)")
        }
    }
}
