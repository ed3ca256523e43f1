import Foundation

/// Where the repository's files and build products are, found from this file's path.
public enum RepositoryPaths {
    /// The repository root.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The gateway the top-level Makefile builds (`make gateway`).
    public static var gateway: URL { root.appendingPathComponent("gateway/build/weft-gateway") }

    /// The directory of the running test bundle's build products (`.build/<triple>/debug`), where
    /// `swift build --build-tests` also puts the package's executables.
    public static var buildProducts: URL {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // The test runner sits inside `<name>.xctest/` on some toolchains.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS" {
            directory.deleteLastPathComponent()
        }
        return directory
    }

    /// A package executable (`weft`, `TextureGram`) built next to the tests.
    public static func product(_ name: String) -> URL {
        buildProducts.appendingPathComponent(name)
    }
}
