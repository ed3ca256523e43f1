/// What `weft record` and `weft verify` share: `DIR -- COMMAND ARGS...` and `--timeout`.
struct ProgramOptions {
    static var options: [ArgumentParser.Option] { [.value("timeout")] }

    /// Lines for a command's `--help`.
    static let help = """
          --timeout S     stop the program and fail when it runs longer than S seconds
                          (default \(Int(defaultTimeout)))
        """

    static let defaultTimeout = 600.0

    /// The baseline directory.
    var directory: String
    /// The program and its arguments (everything after `--`).
    var command: [String]
    var timeout: Duration

    init(_ parsed: ArgumentParser, commandName: String) throws {
        guard let command = parsed.afterSeparator, !command.isEmpty else {
            throw UsageError("missing the program: weft \(commandName) DIR -- COMMAND ARGS...")
        }
        let beforeSeparator = parsed.positionals.dropLast(command.count)
        guard beforeSeparator.count == 1 else {
            throw UsageError(
                beforeSeparator.isEmpty
                    ? "missing DIR: weft \(commandName) DIR -- COMMAND ARGS..."
                    : "expected one DIR before --, got \(beforeSeparator.count): \(beforeSeparator.joined(separator: " "))")
        }
        directory = beforeSeparator.first!
        self.command = command
        let seconds = try parsed.seconds("timeout", allowingZero: false) ?? Self.defaultTimeout
        timeout = .milliseconds(Int64(seconds * 1000))
    }
}
