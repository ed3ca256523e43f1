import Foundation

/// Where one layout snapshot lives: its baseline `__Snapshots__/<TestFile>/<test>.<name>.json`
/// (and the `.txt` ASCII art beside it) next to the test file, and where a failing run puts the
/// new snapshot for CI to keep (`WEFT_ARTIFACTS/<TestFile>/<test>.<name>.json`, default a
/// temporary directory).
public struct LayoutSnapshotFiles: Equatable, Sendable {
    /// The baseline snapshot, `__Snapshots__/<TestFile>/<test>.<name>.json` next to the test file.
    public var baseline: URL
    /// The baseline's ASCII art, the same path with `.txt`.
    public var asciiArt: URL
    /// Where a failing run writes the new snapshot, under `WEFT_ARTIFACTS`.
    public var artifact: URL

    /// - Parameters:
    ///   - testFile: the test's `#filePath`.
    ///   - testName: the test function's name (`#function`: `testFeedRow()` or `feedRow()`); the
    ///     argument list is dropped.
    ///   - name: the snapshot's name within the test.
    ///   - environment: where `WEFT_ARTIFACTS` is read.
    public init(testFile: String, testName: String, name: String, environment: [String: String]) {
        let file = URL(fileURLWithPath: testFile)
        let suite = file.deletingPathExtension().lastPathComponent
        let stem = Self.fileNamePart(String(testName.prefix { $0 != "(" })) + "." + Self.fileNamePart(name)
        let folder = file.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(suite)
        baseline = folder.appendingPathComponent(stem + ".json")
        asciiArt = folder.appendingPathComponent(stem + ".txt")
        let artifacts =
            environment["WEFT_ARTIFACTS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("weft-artifacts")
        artifact = artifacts.appendingPathComponent(suite).appendingPathComponent(stem + ".json")
    }

    /// Letters, digits, `-` and `_` stay; anything else (spaces, `/`, `:`) becomes `_`.
    static func fileNamePart(_ text: String) -> String {
        let kept = text.unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
                ? Character(scalar) : "_"
        }
        return kept.isEmpty ? "_" : String(kept)
    }
}
