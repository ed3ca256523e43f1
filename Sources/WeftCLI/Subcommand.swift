/// One `weft` subcommand (`weft layout ...`). Each lives in its own file under Commands/ and
/// is listed in `WeftCLI.subcommands`.
public protocol Subcommand {
    /// The word after `weft`.
    static var name: String { get }
    /// One line for `weft --help`.
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }
    /// Runs with the arguments after the subcommand name. Throw `UsageError` for bad usage or
    /// bad input (exit status 2); return the exit status otherwise.
    static func run(_ arguments: [String], io: CommandIO) throws -> Int32
}
