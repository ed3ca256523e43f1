import WeftSnapshot

/// `weft ascii FILE`: Texture's ASCII art (`asciiArtString`) of a snapshot, drawn by
/// WeftSnapshot's `SnapshotAsciiArt`.
public enum AsciiCommand: Subcommand {
    public static let name = "ascii"
    public static let summary = "print Texture's ASCII art of a snapshot's layout"
    public static let help = """
        usage: weft ascii FILE [--element ID|PATH]

        Prints the layout as Texture's asciiArtString draws it: each layout spec a box around its
        children (a stack in its direction), each node its class name and (debugName). A node
        that lays out with a spec prints its spec's art; one without prints its name. Every root
        is printed, separated by a blank line. FILE may be - for standard input.

        options:
          --element E     start at one element: its id (n12, n12/0.1) or its structural path,
                          the names from a root down joined by " > ", each with [n] when it is
                          not the first sibling of that name, e.g.
                          "ASDisplayNode (card) > ASStackLayoutSpec > ASTextNode (title)"
                          (the paths `weft diff` prints; see docs/cli.md)
          -h, --help      show this help

        Exit status: 0 on success, 2 for bad options, a file that is missing or not a snapshot,
        or an element that is not there.

        """

    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let parsed = try ArgumentParser(arguments, options: [.value("element")])
        if parsed.wantsHelp {
            io.stdout.write(help)
            return 0
        }
        let snapshot = try SnapshotFile.read(try SnapshotFile.onlyArgument(parsed), io: io)
        if let reference = parsed.value("element") {
            io.stdout.write(SnapshotAsciiArt.picture(of: try ElementReference.resolve(reference, in: snapshot)) + "\n")
        } else {
            io.stdout.write(SnapshotAsciiArt.picture(of: snapshot))
        }
        return 0
    }
}
