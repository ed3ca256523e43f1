import WeftLayout

/// The `weft` command line. `Sources/weft/main.swift` calls `run`; tests call it in-process
/// with captured outputs.
public enum WeftCLI {
    /// Every subcommand, in the order `weft --help` lists them.
    public static var subcommands: [any Subcommand.Type] {
        [
            DevicesCommand.self, SnapshotCommand.self, DiffCommand.self, AsciiCommand.self, RenderCommand.self,
            LayoutCommand.self, RecordCommand.self, VerifyCommand.self, RecordingCommand.self, RecordSessionCommand.self,
        ]
    }

    /// Runs `weft` with `arguments` (without the program name) and returns the exit status:
    /// 0 on success, 2 for usage or input errors (with a message on stderr).
    public static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        guard let name = arguments.first else {
            io.stderr.write(usage)
            return 2
        }
        if name == "-h" || name == "--help" || name == "help" {
            io.stdout.write(usage)
            return 0
        }
        guard let command = subcommands.first(where: { $0.name == name }) else {
            io.stderr.write("weft: unknown command \"\(name)\"\n\n" + usage)
            return 2
        }
        do {
            return try command.run(Array(arguments.dropFirst()), io: io)
        } catch {
            // Messages quote file names, device names and what a gateway or program answered;
            // some are several lines (a list of names, a program's stderr).
            io.stderr.write("weft \(name): \(PrintableText.escapedLines("\(error)"))\n")
            return 2
        }
    }

    /// Runs with the process's standard streams. Output that could not be written all (a full
    /// disk, a closed pipe) fails the command, exit status 2: a script must not take a cut-off
    /// snapshot or report for a whole one.
    public static func run(_ arguments: [String]) -> Int32 {
        let stdout = FileHandleOutput.standardOutput()
        let stderr = FileHandleOutput.standardError()
        let status = run(arguments, io: CommandIO(stdout: stdout, stderr: stderr))
        guard let failure = stdout.failure else { return status }
        stderr.write("weft\(arguments.first.map { " " + $0 } ?? ""): cannot write to standard output (\(failure))\n")
        return 2
    }

    static var usage: String {
        var text = "usage: weft COMMAND [options]\n\ncommands:\n"
        let width = subcommands.map { $0.name.count }.max() ?? 0
        for command in subcommands {
            text += "  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary + "\n"
        }
        return text + "\nRun `weft COMMAND --help` for a command's options.\n"
    }
}
