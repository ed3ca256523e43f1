import Foundation
import WeftJSON

@testable import WeftSnapshot

/// Paths of the repository's shared fixtures (found from this file, not SwiftPM resources, so
/// `node --test` and the Swift tests read the same files) and of the test artifacts folder.
enum Fixtures {
    /// The repository root: this file is Tests/WeftSnapshotTests/Support/Fixtures.swift.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func folder(_ name: String) -> URL {
        root.appendingPathComponent("fixtures").appendingPathComponent(name)
    }

    /// The `.json` files of a fixture folder, sorted by name.
    static func jsonFiles(in name: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder(name), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func bytes(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }

    static func json(_ url: URL) throws -> JSONValue {
        try JSONReader.parse(try bytes(url))
    }

    /// Where tests leave snapshots for `make test-schema` to validate.
    static let snapshotArtifacts = root.appendingPathComponent(".build/test-artifacts/snapshots")

    /// Writes `snapshot` as `<name>.json` into the artifacts folder.
    static func writeArtifact(_ snapshot: Snapshot, named name: String) throws {
        try FileManager.default.createDirectory(at: snapshotArtifacts, withIntermediateDirectories: true)
        try Data(snapshot.encodedPretty()).write(to: snapshotArtifacts.appendingPathComponent("\(name).json"))
    }
}
