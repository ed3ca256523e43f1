import Foundation
import WeftFiles
import WeftSnapshot

/// Writing what commands produce (snapshots, reports, pictures) to a file or standard output.
enum OutputFile {
    /// Writes `bytes` to `path`, or to standard output for `-`. A file appears whole or not at
    /// all, and a symbolic link, a pipe or a device is written through, as a shell's `>` does
    /// (`WholeFile`).
    static func write(_ bytes: [UInt8], to path: String, io: CommandIO) throws {
        if path == "-" {
            io.stdout.write(String(decoding: bytes, as: UTF8.self))
            return
        }
        try checkCanBeAFile(path)
        do {
            try WholeFile.write(bytes, to: path)
        } catch {
            throw UsageError("\(path): cannot be written (\((error as NSError).localizedDescription))")
        }
    }

    /// The usual mistakes with an output path, said in words (Foundation reports a directory as
    /// "NSCocoaErrorDomain error 512").
    static func checkCanBeAFile(_ path: String) throws {
        guard !path.isEmpty else { throw UsageError("an empty output file name (give a path, or - for standard output)") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw UsageError("\(path): cannot be written (it is a directory)")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError("\(path): cannot be written (no such directory \(folder))")
        }
    }

    static func write(_ text: String, to path: String, io: CommandIO) throws {
        try write(Array(text.utf8), to: path, io: io)
    }

    /// A snapshot as indented JSON ending in one newline: the form kept under version control.
    static func write(_ snapshot: Snapshot, to path: String, io: CommandIO) throws {
        var bytes = snapshot.encodedPretty()
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        try write(bytes, to: path, io: io)
    }
}
