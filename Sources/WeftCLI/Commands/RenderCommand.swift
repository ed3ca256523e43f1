import Foundation
import WeftSnapshot

/// `weft render FILE -o OUT.svg`: a picture of a snapshot (WeftSnapshot's `SnapshotSVG`) for
/// CI artifacts and bug reports.
public enum RenderCommand: Subcommand {
    public static let name = "render"
    public static let summary = "draw a snapshot's layout as SVG, with optional overlays"
    public static let help = """
        usage: weft render FILE -o OUT.svg [--overlay slop,ranges,scaling]

        Draws every element's frame in root coordinates (nodes solid, layout specs dashed) with
        text, image placeholders and names, as an SVG file. FILE may be - for standard input;
        OUT may be - for standard output.

        options:
          -o, --output F  the SVG file to write (required)
          --overlay L     add layers, as a comma list or repeated:
                            slop     each control's tappable area (its hit-test slop)
                            ranges   a range bar per range controller (visible, display and
                                     preload ranges), under the layout
                            scaling  the scaling ratio of images decoded at another size
          -h, --help      show this help

        Exit status: 0 on success, 2 for bad options or a file that is missing or not a snapshot.

        """

    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let parsed = try ArgumentParser(arguments, options: [.value("o"), .value("output"), .value("overlay")])
        if parsed.wantsHelp {
            io.stdout.write(help)
            return 0
        }
        let path = try SnapshotFile.onlyArgument(parsed)
        guard let output = parsed.value("o") ?? parsed.value("output") else {
            throw UsageError("missing -o OUT.svg (- for standard output)")
        }
        var overlays: Set<SVGOverlay> = []
        for name in parsed.allValues("overlay").flatMap({ $0.split(separator: ",") }) {
            guard let overlay = SVGOverlay(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                let known = SVGOverlay.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("--overlay takes \(known), got \"\(name)\"")
            }
            overlays.insert(overlay)
        }
        let snapshot = try SnapshotFile.read(path, io: io)
        try OutputFile.write(SnapshotSVG.render(snapshot, overlays: overlays), to: output, io: io)
        return 0
    }
}
