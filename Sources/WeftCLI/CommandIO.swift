import Foundation

/// Where a command writes text: the process's stdout/stderr, or a buffer in tests.
public protocol CommandOutput: AnyObject {
    func write(_ text: String)
    /// Whether a person watches it: progress messages are written only to terminals.
    var isTerminal: Bool { get }
}

extension CommandOutput {
    public var isTerminal: Bool { false }
}

/// Writes to a file descriptor (the process's standard output or error).
public final class FileHandleOutput: CommandOutput {
    private let handle: FileHandle
    /// Why a write failed (a full disk, a closed pipe), after which nothing more is written:
    /// the output is incomplete, so `weft` fails instead of exiting 0. FileHandle's own `write`
    /// would crash the program on such an error.
    public private(set) var failure: String?

    public init(_ handle: FileHandle) {
        self.handle = handle
    }

    public static func standardOutput() -> FileHandleOutput { FileHandleOutput(.standardOutput) }
    public static func standardError() -> FileHandleOutput { FileHandleOutput(.standardError) }

    public func write(_ text: String) {
        guard failure == nil else { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    public var isTerminal: Bool { isatty(handle.fileDescriptor) != 0 }
}

/// Collects everything written, for tests that run commands in-process.
public final class CapturedOutput: CommandOutput {
    public private(set) var text = ""

    public init() {}

    public func write(_ text: String) {
        self.text += text
    }
}

/// What a command works with: its outputs and a way to read its input files (`-` is stdin).
public struct CommandIO {
    public var stdout: any CommandOutput
    public var stderr: any CommandOutput
    /// The bytes of standard input, read when a command is given `-`.
    public var readStandardInput: () throws -> Data
    /// The environment the command reads its defaults from (`WEFT_GATEWAY`, `WEFT_TOKEN`,
    /// `WEFT_ARTIFACTS`) and passes on to programs it runs; tests give their own.
    public var environment: [String: String]

    public init(
        stdout: any CommandOutput, stderr: any CommandOutput,
        readStandardInput: @escaping () throws -> Data = { FileHandle.standardInput.readDataToEndOfFile() },
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.stdout = stdout
        self.stderr = stderr
        self.readStandardInput = readStandardInput
        self.environment = environment
    }

    /// The contents of `path`, or of standard input for `-`. Throws a `UsageError` naming the
    /// file when it cannot be read.
    public func readInput(_ path: String) throws -> Data {
        if path == "-" { return try readStandardInput() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError("\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw UsageError("\(path): is a directory") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("\(path): cannot be read")
        }
        return data
    }
}
