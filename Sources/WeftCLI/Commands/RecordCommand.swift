import Foundation
import WeftLayout
import WeftSnapshot

/// `weft record DIR -- COMMAND ARGS...`: runs a program that writes layout checkpoints and keeps
/// them as the baselines `weft verify` compares against.
public enum RecordCommand: Subcommand {
    public static let name = "record"
    public static let summary = "run a program and store its layout checkpoints as baselines"
    public static let help = """
        usage: weft record DIR [--timeout S] -- COMMAND ARGS...

        Runs COMMAND with WEFT_SNAPSHOT_DIR set to a temporary directory. A program linked with
        WeftInspector writes a snapshot there at first-layout, at each checkpoint it names
        (Inspector.checkpoint("feed-loaded")) and at exit. Each one is stored as DIR/NAME.json
        (indented, for version control) with DIR/NAME.txt, its ASCII art as `weft ascii` prints
        it, so that a layout change reads in a code review; DIR is created when missing, and
        baselines of checkpoints the program no longer writes are removed (both files). Check
        DIR in, then let CI run `weft verify DIR -- COMMAND ARGS...`.

        options:
        \(ProgramOptions.help)
          -h, --help      show this help

        Exit status: 0 when the baselines were stored; 2 for bad options, or when the program
        cannot be run, fails (its stderr is shown), or writes no checkpoint.

        """

    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let parsed = try ArgumentParser(arguments, options: ProgramOptions.options)
        if parsed.wantsHelp {
            io.stdout.write(help)
            return 0
        }
        let options = try ProgramOptions(parsed, commandName: name)
        let directory = URL(fileURLWithPath: options.directory)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw UsageError("\(options.directory): cannot be created (\((error as NSError).localizedDescription))")
        }
        let run = try CheckpointRun(command: options.command, environment: io.environment, timeout: options.timeout)

        for (name, url) in try BaselineDirectory.store(run.checkpoints, in: directory, io: io) {
            io.stdout.write(PrintableText.escaped("removed \(url.path) (the program no longer writes checkpoint \(name))") + "\n")
        }
        let names = run.checkpoints.map { PrintableText.escaped($0.name) }.joined(separator: ", ")
        io.stdout.write(
            "recorded \(run.checkpoints.count) checkpoint\(run.checkpoints.count == 1 ? "" : "s") in \(options.directory): \(names)\n"
        )
        return 0
    }
}
