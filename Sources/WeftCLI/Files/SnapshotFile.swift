import Foundation
import Synchronization
import WeftSnapshot

/// Reading and writing snapshot documents for the commands, with errors that name the file.
enum SnapshotFile {
    /// The one FILE argument of a command that reads a snapshot (`weft ascii FILE`).
    static func onlyArgument(_ parsed: ArgumentParser) throws -> String {
        guard parsed.positionals.count == 1 else {
            throw UsageError(
                parsed.positionals.isEmpty
                    ? "missing FILE (a snapshot, or - for stdin; see --help)"
                    : "expected one FILE, got \(parsed.positionals.count)")
        }
        return parsed.positionals[0]
    }

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

    /// Two snapshots, decoded at the same time, one per core: for `weft diff`, where decoding
    /// two large documents is most of the work. The first error in argument order wins.
    static func readPair(_ pathA: String, _ pathB: String, io: CommandIO) throws -> (Snapshot, Snapshot) {
        let inputs = [(try io.readInput(pathA), pathA), (try io.readInput(pathB), pathB)]
        let results = Mutex<[Result<Snapshot, any Error>?]>([nil, nil])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let (data, path) = inputs[index]
            let result = Result { try decode(data, source: path == "-" ? "stdin" : path) }
            results.withLock { $0[index] = result }
        }
        let (a, b) = results.withLock { ($0[0]!, $0[1]!) }
        return (try a.get(), try b.get())
    }
}
