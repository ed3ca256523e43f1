import Foundation

/// A directory of baselines: one `<checkpoint>.json` snapshot per checkpoint, kept under version
/// control. `weft record` writes it, `weft verify` compares against it.
enum BaselineDirectory {
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
