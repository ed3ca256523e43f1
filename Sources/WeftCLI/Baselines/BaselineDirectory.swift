import Foundation
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
