import WeftLayout

/// `weft layout FILE`: computes a layout description (docs/layout-json.md) and prints the
/// frames as JSON, or Texture's ASCII art.
public enum LayoutCommand: Subcommand {
    public static let name = "layout"
    public static let summary = "compute the frames of a layout description (JSON) as Texture would"
    public static let help = """
        usage: weft layout [options] FILE
               weft layout [options] -          (read the description from stdin)

        Computes the layout of a layout-spec tree in the layout description format
        (docs/layout-json.md) and prints each element's frame relative to its parent.

        options:
          --width W       exact root width (replaces the file's size range on that axis)
          --height H      exact root height
          --min W,H       root minimum size
          --max W,H       root maximum size; "inf" for unbounded (e.g. --max 375,inf)
          --scale S       screen scale for pixel rounding (default: the file's, else 2)
          --format F      json (default) or ascii (Texture's asciiArtString)
          --explain ID    explain the frame of the element with that id: the chain of
                          decisions from the root's range to it (text; --format json
                          prints the structured form)
          -h, --help      show this help

        The root's size range is the file's "sizeRange" (or "size"), else {0,0}-{inf,inf};
        --min and --max replace its bounds, then --width and --height fix an axis.
        A position that is not finite (an infinite inset inside an unbounded range) prints
        as 0 on that axis, as Texture's -[ASLayout frame] gives, with a warning on stderr.
        Exit status: 0 on success, 2 for bad options or a bad description.

        """

    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let parsed = try ArgumentParser(
            arguments,
            options: [
                .value("width"), .value("height"), .value("min"), .value("max"), .value("scale"), .value("format"),
                .value("explain"),
            ])
        if parsed.wantsHelp {
            io.stdout.write(help)
            return 0
        }
        guard parsed.positionals.count == 1 else {
            throw UsageError(
                parsed.positionals.isEmpty
                    ? "missing FILE (give a path, or - for stdin; see --help)"
                    : "expected one FILE, got \(parsed.positionals.count)")
        }
        let explainID = parsed.value("explain")
        let format = parsed.value("format") ?? (explainID == nil ? "json" : "text")
        let formats = explainID == nil ? ["json", "ascii"] : ["text", "json"]
        guard formats.contains(format) else {
            throw UsageError(
                "--format must be \(formats.joined(separator: " or "))\(explainID == nil ? "" : " with --explain"), got \"\(format)\""
            )
        }
        let scale = try parsed.value("scale").map { text -> Double in
            guard let value = Double(text), value.isFinite, value > 0 else {
                throw UsageError("--scale must be a number > 0, got \"\(text)\"")
            }
            return value
        }

        let path = parsed.positionals[0]
        let data = try io.readInput(path)
        let document: LayoutDocument
        do {
            document = try LayoutDocument(data: data)
        } catch let error as LayoutDocumentError {
            throw UsageError("\(path == "-" ? "stdin" : path): \(error)")
        }

        let sizeRange = try rootSizeRange(document.sizeRange ?? LayoutDocument.defaultSizeRange, parsed)
        if let explainID {
            guard document.element(withID: explainID) != nil else {
                throw UsageError("--explain: no element has id \"\(explainID)\"")
            }
            guard let (_, explanation) = document.explain(id: explainID, sizeRange: sizeRange, scale: scale) else {
                throw UsageError("--explain: the layout does not place \"\(explainID)\"")
            }
            io.stdout.write(format == "json" ? explanation.encodeJSON(id: document.id(of:)) : explanation.text)
            return 0
        }
        let layout = document.layout(sizeRange: sizeRange, scale: scale)
        if format == "ascii" {
            io.stdout.write(document.root.element.asciiArtString + "\n")
        } else {
            io.stdout.write(document.encodeOutput(layout))
            for warning in document.positionWarnings(layout) { io.stderr.write("weft layout: warning: \(warning)\n") }
        }
        return 0
    }

    /// Applies --min, --max, then --width and --height to the file's range.
    private static func rootSizeRange(_ fileRange: SizeRange, _ parsed: ArgumentParser) throws -> SizeRange {
        var range = fileRange
        if let text = parsed.value("min") { range.min = try size(text, option: "min", allowInfinity: false) }
        if let text = parsed.value("max") { range.max = try size(text, option: "max", allowInfinity: true) }
        if let text = parsed.value("width") {
            let width = try length(text, option: "width", allowInfinity: false)
            range.min.width = width
            range.max.width = width
        }
        if let text = parsed.value("height") {
            let height = try length(text, option: "height", allowInfinity: false)
            range.min.height = height
            range.max.height = height
        }
        guard range.min.width <= range.max.width, range.min.height <= range.max.height else {
            throw UsageError("the root's minimum size \(range.min) is larger than its maximum \(range.max)")
        }
        return range
    }

    /// `W,H` (also `WxH`).
    private static func size(_ text: String, option: String, allowInfinity: Bool) throws -> Size {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == "x" }).map(String.init)
        guard parts.count == 2 else { throw UsageError("--\(option) must be W,H, got \"\(text)\"") }
        return Size(
            width: try length(parts[0], option: option, allowInfinity: allowInfinity),
            height: try length(parts[1], option: option, allowInfinity: allowInfinity))
    }

    /// A number >= 0, or "inf" where allowed.
    private static func length(_ text: String, option: String, allowInfinity: Bool) throws -> Double {
        if allowInfinity && text == "inf" { return .infinity }
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw UsageError("--\(option) needs numbers >= 0\(allowInfinity ? " or inf" : ""), got \"\(text)\"")
        }
        return value
    }
}
