import WeftLayout
import WeftSnapshot

/// `weft snapshot`: a full snapshot (docs/protocol.md, Snapshot) of a running program, through the
/// gateway's HTTP API.
public enum SnapshotCommand: Subcommand {
    public static let name = "snapshot"
    public static let summary = "save a layout snapshot of a running program (through the gateway)"
    public static let help = """
        usage: weft snapshot [--device ID|APPID|APPID/INSTANCE] [-o FILE] [--wait SECONDS]
                             [--gateway URL] [--token T]

        Asks a running program for its whole node tree and layout (Tree.getDocument through the
        gateway) and writes the snapshot as indented JSON (docs/snapshot-format.md), ready for
        `weft diff`, `weft ascii`, `weft render` or version control.

        options:
          --device D      the program: a device id (d3), an app id (org.weft.TextureGram), or
                          APPID/INSTANCE. Without it, the only connected program; when several
                          match, they are listed and nothing is written (exit status 2).
          -o, --output F  write the snapshot to F (default: standard output)
          --wait S        wait up to S seconds for the gateway and a matching program to appear
                          (default 0); progress goes to stderr when it is a terminal
        \(GatewayOptions.help)
          -h, --help      show this help

        Exit status: 0 when the snapshot was written; 2 for bad options, an unreachable gateway,
        no or several matching programs, or a program that did not answer.

        """

    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let parsed = try ArgumentParser(
            arguments,
            options: GatewayOptions.options + [
                .value("device"), .value("o"), .value("output"), .value("wait"),
            ])
        if parsed.wantsHelp {
            io.stdout.write(help)
            return 0
        }
        guard parsed.positionals.isEmpty else {
            throw UsageError("unexpected argument \"\(parsed.positionals[0])\" (the output file goes after -o)")
        }
        let wait = try parsed.seconds("wait", allowingZero: true) ?? 0
        let output = parsed.value("o") ?? parsed.value("output") ?? "-"
        let fetch = SnapshotFetch(
            client: try GatewayOptions.client(parsed, io: io),
            selector: try parsed.value("device").map(DeviceSelector.init),
            wait: .milliseconds(Int64(wait * 1000)),
            progress: io.stderr.isTerminal ? { io.stderr.write("weft snapshot: \(PrintableText.escaped($0))...\n") } : nil
        )
        let body = try fetch.run()
        let snapshot = try SnapshotFile.decode(body, source: "the program's snapshot")
        try OutputFile.write(snapshot, to: output, io: io)
        return 0
    }
}
