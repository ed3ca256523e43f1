import WeftJSON
import WeftSnapshot

/// `weft diff A B`: the semantic diff of two snapshots (WeftSnapshot's `SemanticDiff`): elements
/// are matched by structural path, not by id, so snapshots of two runs compare.
public enum DiffCommand: Subcommand {
    public static let name = "diff"
    public static let summary = "compare two layout snapshots element by element"
    public static let help = """
        usage: weft diff A B [--tolerance P] [--ignore F]... [--include F]... [--format text|json|junit]
                             [--svg OUT]

        Compares snapshot A (before) with snapshot B (after). Elements are matched by structural
        path (class name, debug name and position among same-named siblings), never by id, so
        snapshots of two runs of a program compare. Reports added, removed, moved and resized
        elements, children whose order changed, style, spec and node property changes, other
        element fields and range controllers; interface state only on request. meta and
        revision are ignored. A text line reads like
          ~ ASStackLayoutSpec > ASTextNode (title): frame 8,8 100x20 -> 8,8 120x20
        (+ added, - removed, ~ changed). A or B may be - for standard input.

        options:
        \(DiffSettings.help)
          --svg OUT       also draw both layouts side by side with the changes highlighted
          -h, --help      show this help

        Exit status: 0 when there are no differences, 1 when there are, 2 for bad options or a
        file that is missing or not a snapshot.

        """

    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let parsed = try ArgumentParser(arguments, options: DiffSettings.options + [.value("svg")])
        if parsed.wantsHelp {
            io.stdout.write(help)
            return 0
        }
        guard parsed.positionals.count == 2 else {
            throw UsageError("expected two snapshots A and B, got \(parsed.positionals.count) (see --help)")
        }
        let settings = try DiffSettings(parsed)
        let (pathA, pathB) = (parsed.positionals[0], parsed.positionals[1])
        guard pathA != "-" || pathB != "-" else { throw UsageError("only one of A and B can be - (standard input)") }
        let (a, b) = try SnapshotFile.readPair(pathA, pathB, io: io)
        return try report(a, b, labels: (pathA, pathB), settings: settings, svg: parsed.value("svg"), io: io)
    }

    /// Compares `a` with `b`, writes the report and returns the exit status (0: the same, 1:
    /// different): `weft diff`'s output, which `weft recording diff` shares.
    static func report(
        _ a: Snapshot, _ b: Snapshot, labels: (String, String), settings: DiffSettings, svg: String?,
        io: CommandIO
    ) throws -> Int32 {
        let (pathA, pathB) = labels
        let changes = SemanticDiff.compare(a, b, options: settings.diffOptions)

        switch settings.format {
        case .text:
            io.stdout.write(SemanticDiffReport.lines(changes).map { $0 + "\n" }.joined())
        case .json:
            io.stdout.write(JSONFormatter.indentedString(SemanticDiffReport.json(changes, a: pathA, b: pathB)) + "\n")
        case .junit:
            io.stdout.write(SemanticDiffReport.junit([.init(name: "\(pathA) -> \(pathB)", changes: changes)]))
        }
        if let svgPath = svg {
            try OutputFile.write(SnapshotSVG.renderDiff(a, b, changes: changes, labels: (pathA, pathB)), to: svgPath, io: io)
        }
        return changes.isEmpty ? 0 : 1
    }
}
