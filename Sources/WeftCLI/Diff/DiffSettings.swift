import WeftSnapshot

/// The semantic-diff options `weft diff` and `weft verify` share: `--tolerance`, `--ignore`,
/// `--include` and `--format`, turned into `SemanticDiff.Options`.
struct DiffSettings {
    enum Format: String, CaseIterable {
        case text, json, junit
    }

    static var options: [ArgumentParser.Option] {
        [.value("tolerance"), .value("ignore"), .value("include"), .value("format")]
    }

    /// What `--include` can bring back: the parts the diff leaves out by default.
    static let includable = ["interfaceState", "meta", "revision"]

    /// Lines for a command's `--help`.
    static let help = """
          --tolerance P   frame, size and tappable-rect numbers that differ by at most P points
                          are equal (default 0: exact)
          --ignore F      leave out a field or a kind of change; repeat it or give a comma list.
                          Fields: frame, constrainedSize, calculatedSize, tappable, kind, type,
                          style, props, order, style.NAME, props.NAME (or just NAME),
                          rangeControllers, rangeControllers.NAME. Kinds: added, removed, order,
                          moved, resized, style, specProperty, nodeProperty, field,
                          rangeController. An unknown name is an error that lists the valid ones
          --include F     also compare interfaceState (element bits and range-controller index
                          runs), meta or revision, which are left out by default
          --format F      text (default: one line per difference), json, or junit (JUnit XML for
                          CI test reports)
        """

    var diffOptions: SemanticDiff.Options
    var format: Format

    init(_ parsed: ArgumentParser) throws {
        var options = SemanticDiff.Options()
        if let text = parsed.value("tolerance") {
            guard let tolerance = Double(text), tolerance.isFinite, tolerance >= 0 else {
                throw UsageError("--tolerance must be a number of points >= 0, got \"\(text)\"")
            }
            options.tolerance = tolerance
        }
        for name in Self.list(parsed.allValues("ignore")) {
            options.ignoredFields.insert(name)
        }
        do {
            try options.validate()
        } catch {
            throw UsageError("--ignore: \(error)")
        }
        for name in Self.list(parsed.allValues("include")) {
            switch name {
            case "interfaceState": options.includeInterfaceState = true
            case "meta", "revision": options.ignoredFields.remove(name)
            default:
                throw UsageError("--include takes \(Self.includable.joined(separator: ", ")), got \"\(name)\"")
            }
        }
        let formatName = parsed.value("format") ?? Format.text.rawValue
        guard let format = Format(rawValue: formatName) else {
            throw UsageError("--format must be text, json or junit, got \"\(formatName)\"")
        }
        diffOptions = options
        self.format = format
    }

    /// Repeated values and comma lists, flattened; empty names are skipped.
    private static func list(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
    }
}
