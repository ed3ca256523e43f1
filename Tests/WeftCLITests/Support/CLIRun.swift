import Foundation

@testable import WeftCLI

/// Runs `weft` in-process with captured outputs, as the tests of every subcommand do.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String

    /// `weft arguments...` with `environment` (default: this process's, without the WEFT_
    /// variables, so a developer's own WEFT_GATEWAY never leaks into a test).
    static func weft(
        _ arguments: [String], environment: [String: String]? = nil, stdin: String = "",
        stderr: CommandOutput = CapturedOutput()
    ) -> CLIRun {
        let stdout = CapturedOutput()
        let io = CommandIO(
            stdout: stdout, stderr: stderr, readStandardInput: { Data(stdin.utf8) },
            environment: environment ?? cleanEnvironment)
        let status = WeftCLI.run(arguments, io: io)
        return CLIRun(status: status, stdout: stdout.text, stderr: (stderr as? CapturedOutput)?.text ?? "")
    }

    static var cleanEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("WEFT_") }
    }
}

/// Where the repository's files are, found from this file's path (not SwiftPM resources).
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }
}

/// A fresh temporary directory, removed by the caller with `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("weft-cli-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` in the directory and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Snapshots the CLI wrote in a test, kept in .build/test-artifacts/snapshots where
/// `make test-schema` validates them against docs/snapshot.schema.json.
enum SchemaArtifacts {
    static func keep(_ path: String, as name: String) {
        let folder = Repository.root.appendingPathComponent(".build/test-artifacts/snapshots")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent("cli-\(name).json")
        try? FileManager.default.removeItem(at: target)
        try? FileManager.default.copyItem(atPath: path, toPath: target.path)
    }
}
