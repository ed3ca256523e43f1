import Foundation

/// Where the repository's shared fixtures live, found from this file's path (not SwiftPM
/// resources) so the same files serve Swift and JavaScript tests.
enum FixturePaths {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `*.json` files of `fixtures/<folder>`, sorted by name.
    static func jsonFiles(in folder: String) -> [URL] {
        let directory = repositoryRoot.appendingPathComponent("fixtures").appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0) }
    }
}
