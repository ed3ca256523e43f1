import Foundation

/// Runs a program to completion with extra environment variables, its output kept in files (so a
/// chatty program can never block on a full pipe) and a time limit. `weft record` and
/// `weft verify` run the program under test with it.
struct ProgramRun {
    /// The program and its arguments; a name without `/` is looked up in `PATH`.
    var command: [String]
    var environment: [String: String]
    /// The program is stopped (SIGTERM, then SIGKILL) when it runs longer.
    var timeout: Duration

    /// What the program did.
    struct Outcome {
        /// Its exit status, or 128 + the signal that ended it.
        var status: Int32
        var signaled: Bool
        var standardError: String
    }

    /// Why the program could not be run or did not finish: an input error (exit status 2).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the program in the current directory with standard input closed; its stdout and
    /// stderr go to files in `scratch`.
    func run(scratch: URL) throws -> Outcome {
        guard let name = command.first else { throw Failure(description: "no program given after --") }
        let executable = try Self.resolve(name, path: environment["PATH"])
        let process = Process()
        process.executableURL = executable
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        let stdoutURL = scratch.appendingPathComponent("program.stdout")
        let stderrURL = scratch.appendingPathComponent("program.stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)
        defer {
            try? stdoutHandle.close()
            try? stderrHandle.close()
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle

        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run \(name): \((error as NSError).localizedDescription)")
        }
        if finished.wait(timeout: .now() + Self.seconds(timeout)) == .timedOut {
            process.terminate()
            if finished.wait(timeout: .now() + 2) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
            throw Failure(
                description:
                    "\(name) did not finish within \(String(format: "%g", Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18)) s (see --timeout); it was stopped"
            )
        }
        let signaled = process.terminationReason == .uncaughtSignal
        // Bytes that are not UTF-8 show as U+FFFD: strict decoding would lose the whole text.
        let standardError = String(decoding: (try? Data(contentsOf: stderrURL)) ?? Data(), as: UTF8.self)
        return Outcome(
            status: signaled ? 128 + process.terminationStatus : process.terminationStatus,
            signaled: signaled, standardError: standardError)
    }

    /// The executable a command name refers to, as a shell would find it.
    static func resolve(_ name: String, path: String?) throws -> URL {
        let manager = FileManager.default
        if name.contains("/") {
            guard manager.isExecutableFile(atPath: name) else {
                throw Failure(description: "\(name): no such program (or it is not executable)")
            }
            return URL(fileURLWithPath: name)
        }
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                manager.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        throw Failure(description: "\(name): command not found in PATH")
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
