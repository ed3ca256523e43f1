import Foundation

/// Paths of the checkout the tests run in, found from this file's location (never the
/// working directory, which `swift test` does not fix).
public enum RepositoryLayout {
    /// The repository root (this file is Sources/WeftTestSupport/RepositoryLayout.swift).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The directory SwiftPM put the built products in (the test bundle's directory), so tests
    /// can start executables of this package such as the demo host program.
    public static var productsDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// A fresh temporary directory, removed by the caller.
    public static func temporaryDirectory(_ prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
