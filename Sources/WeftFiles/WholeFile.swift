import Foundation

/// Writing an output file (a snapshot, a baseline, its ASCII art, a report) so that a reader
/// never finds half of it, and so that it lands where a shell's `>` would put it. The one writer
/// of files for the CLI (`-o`, `--svg`, artifacts, baselines), checkpoints (`Capture.write`) and
/// WeftTesting's baselines.
///
/// - A plain file (or a missing one) is replaced whole: the bytes go to a new file beside it,
///   which is then renamed over it, so a CI killed mid-write never keeps half a baseline.
/// - A symbolic link is followed: the file it points to is replaced as above, and the link
///   stays. Renaming over the link itself would replace the link with a copy, and the file it
///   points to (a baseline shared by two folders, `/dev/stdout`) would never see the bytes.
/// - A pipe or a device (a FIFO, `/dev/stdout`, `/dev/null`) is written in place: a file renamed
///   over it would replace it, and its reader would get nothing.
package enum WholeFile {
    package static func write(_ bytes: [UInt8], to path: String) throws {
        let target = followingSymbolicLinks(path)
        if isPlainFileOrAbsent(target) {
            try Data(bytes).write(to: URL(fileURLWithPath: target), options: .atomic)
        } else {
            let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            try FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).write(contentsOf: bytes)
        }
    }

    /// What `path` names once its symbolic links are followed, as `open` would follow them (a link
    /// to a missing file names that file, which the write creates). A loop of links is left as it
    /// is: the write then fails with the system's reason.
    package static func followingSymbolicLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {  // the kernel's limit (MAXSYMLINKS)
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                return current
            }
            current =
                destination.hasPrefix("/")
                ? destination
                : (URL(fileURLWithPath: current).deletingLastPathComponent().path as NSString).appendingPathComponent(destination)
        }
        return path
    }

    /// Whether `path` itself (not what a link points to) is a regular file or does not exist.
    static func isPlainFileOrAbsent(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) != 0 || info.st_mode & S_IFMT == S_IFREG
    }
}
