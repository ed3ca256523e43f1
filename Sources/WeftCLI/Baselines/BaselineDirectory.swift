import Foundation
import WeftFiles
import WeftSnapshot

/// A directory of baselines: one `<checkpoint>.json` snapshot per checkpoint, and beside it
/// `<checkpoint>.txt`, its ASCII art for people reviewing a change, kept under version control.
/// `weft record` writes it, `weft verify` compares against it.
enum BaselineDirectory {
    /// `NAME.txt` beside the baseline `NAME.json`.
    static func asciiArtFile(of baseline: URL) -> URL {
        baseline.deletingPathExtension().appendingPathExtension("txt")
    }

    /// Whether a baseline's ASCII art file is what `weft record` writes for it now.
    enum AsciiArtState: String {
        case current, missing, stale
    }

    /// The state of `baseline`'s `.txt` next to it (`snapshot` is the baseline itself: the
    /// art must show what the committed JSON holds).
    static func asciiArtState(of baseline: URL, snapshot: Snapshot) -> AsciiArtState {
        guard let data = FileManager.default.contents(atPath: asciiArtFile(of: baseline).path) else { return .missing }
        return String(decoding: data, as: UTF8.self) == SnapshotAsciiArt.picture(of: snapshot) ? .current : .stale
    }

    /// Makes `directory` hold `checkpoints` as its baselines (`NAME.json` and `NAME.txt` each), all
    /// or nothing: every file is first written into a hidden staging folder inside `directory`
    /// (a full disk, or a name that cannot be a file, fails there with `directory` untouched),
    /// then renamed into place; last, the baselines of checkpoints that are not among them are
    /// removed with their art. Returns those.
    static func store(
        _ checkpoints: [(name: String, snapshot: Snapshot)], in directory: URL,
        io: CommandIO
    ) throws -> [(name: String, url: URL)] {
        let recorded = Set(checkpoints.map(\.name))
        let stale = try snapshotFiles(in: directory).filter { !recorded.contains($0.name) }
        let staging = directory.appendingPathComponent(".weft-record-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw UsageError("\(directory.path): cannot be written (\((error as NSError).localizedDescription))")
        }
        var moves: [(staged: URL, target: URL)] = []
        defer {
            // What was staged beside a link's file and not renamed (a failure), then the folder.
            for move in moves { try? FileManager.default.removeItem(at: move.staged) }
            try? FileManager.default.removeItem(at: staging)
        }
        for (name, snapshot) in checkpoints {
            let baseline = directory.appendingPathComponent("\(name).json")
            let art = asciiArtFile(of: baseline)
            try OutputFile.checkCanBeAFile(baseline.path)
            try OutputFile.checkCanBeAFile(art.path)
            let baselineMove = move(to: baseline, staging: staging)
            let artMove = move(to: art, staging: staging)
            moves += [baselineMove, artMove]
            try OutputFile.write(snapshot, to: baselineMove.staged.path, io: io)
            try OutputFile.write(SnapshotAsciiArt.picture(of: snapshot), to: artMove.staged.path, io: io)
        }
        // Renames within one file system neither copy nor need space; the targets were checked.
        for (staged, target) in moves where rename(staged.path, target.path) != 0 {
            throw UsageError("\(target.path): cannot be written (\(String(cString: strerror(errno))))")
        }
        for (_, url) in stale {
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(at: asciiArtFile(of: url))
        }
        return stale
    }

    /// Where a file bound for `file` is staged, and what it is then renamed over: in the staging
    /// folder, `file` itself; for a symbolic link (a baseline shared with another folder), beside
    /// the file it points to, and that file, since renaming over the link would replace the link
    /// with a copy, and a rename must stay within one file system.
    private static func move(to file: URL, staging: URL) -> (staged: URL, target: URL) {
        let target = WholeFile.followingSymbolicLinks(file.path)
        guard target != file.path else { return (staging.appendingPathComponent(file.lastPathComponent), file) }
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent()
        return (
            folder.appendingPathComponent(".\(staging.lastPathComponent)-\(file.lastPathComponent)"), URL(fileURLWithPath: target)
        )
    }

    /// The `*.json` files directly in `directory`, by checkpoint name (the file name without
    /// `.json`), sorted by name. Other files (the `.txt` ASCII art, READMEs) are not baselines.
    static func snapshotFiles(in directory: URL) throws -> [(name: String, url: URL)] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw UsageError("\(directory.path): cannot be read (\((error as NSError).localizedDescription))")
        }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { file in
            (String(file.dropLast(".json".count)), directory.appendingPathComponent(file))
        }
    }
}
