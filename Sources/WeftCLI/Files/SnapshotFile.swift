import Foundation
import WeftSnapshot

/// Reading and writing snapshot documents for the commands, with errors that name the file.
enum SnapshotFile {
    /// The snapshot in `path` (`-` for standard input). A missing file or a document that is not
    /// a version-1 snapshot is a `UsageError` (exit status 2) naming the file and the bad value.
    static func read(_ path: String, io: CommandIO) throws -> Snapshot {
        let data = try io.readInput(path)
        return try decode(data, source: path == "-" ? "stdin" : path)
    }

    /// Decodes `data`, naming `source` in the error.
    static func decode(_ data: some Collection<UInt8>, source: String) throws -> Snapshot {
        do {
            return try Snapshot(json: data)
        } catch {
            throw UsageError("\(source): not a weft snapshot: \(error)")
        }
    }
}
