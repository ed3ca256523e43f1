/// The names `SemanticDiff.Options.ignoredFields` understands, so that `weft diff --ignore`,
/// `weft verify --ignore` and WeftTesting can refuse a misspelt one (`fram`) instead of silently
/// ignoring nothing.
///
/// A name is a change kind (`moved`), a field (`frame`, `style`, `order`), a dotted entry
/// (`style.flexGrow`, `props.text`, `rangeControllers.mode`, `meta.appId`) or an entry's name on
/// its own (`text` ignores `props.text`), as `Options.ignores` matches them. The entry names are
/// those Weft's snapshots write: the layout-json style keys and spec properties
/// (docs/layout-json.md), the node properties of docs/snapshot-format.md (Element) plus a network image's
/// `url` and `loadState`, the compared range-controller fields and the meta fields. `meta` may
/// also hold a program's own entries, so any `meta.NAME` is accepted.
public enum SemanticDiffFieldNames {
    /// The change kinds (`SemanticChange.Kind`).
    public static let kinds: [String] = SemanticChange.Kind.allCases.map(\.rawValue)

    /// The compared element fields and the document's parts.
    public static let fields = [
        "frame", "kind", "type", "constrainedSize", "calculatedSize", "style", "props", "tappable", "interfaceState",
        "order", "rangeControllers", "meta", "revision",
    ]

    /// layout-json's style keys (docs/layout-json.md, Style).
    public static let styleKeys = [
        "width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight", "flexBasis", "flexGrow", "flexShrink",
        "ascender", "descender", "spacingBefore", "spacingAfter", "alignSelf", "layoutPosition",
    ]

    /// The layout specs' properties in layout-json (stack, inset, center, ratio, relative,
    /// absolute, corner).
    public static let specPropertyKeys = [
        "direction", "spacing", "justifyContent", "alignItems", "flexWrap", "alignContent", "lineSpacing", "insets",
        "centeringOptions", "sizingOptions", "ratio", "horizontalPosition", "verticalPosition", "sizingOption", "sizing",
        "location", "offset", "wrapsCorner",
    ]

    /// The nodes' properties (docs/snapshot-format.md, Element `props`).
    public static let nodePropertyKeys = [
        "text", "lines", "font", "image", "control", "url", "loadState", "clipsToBounds", "hidden", "alpha",
        "backgroundColor", "hitTestSlop",
    ]

    /// The range-controller fields the diff compares.
    public static var rangeControllerKeys: [String] { SemanticDiff.rangeControllerFields.map(\.name) }

    /// The meta fields every snapshot may have (a program may add its own).
    public static let metaKeys = ["appId", "appName", "instance", "host", "pid", "capturedAt", "protocolVersion", "screen"]

    /// The dotted forms: prefix and the names that may follow it (nil: any name).
    static var dottedForms: [(prefix: String, names: [String]?)] {
        [
            ("style", styleKeys), ("props", specPropertyKeys + nodePropertyKeys), ("rangeControllers", rangeControllerKeys),
            ("meta", nil),
        ]
    }

    /// The entry names that also work on their own (`text` for `props.text`).
    static var entryNames: [String] { styleKeys + specPropertyKeys + nodePropertyKeys + rangeControllerKeys + metaKeys }

    /// Whether `name` means something to `SemanticDiff.Options.ignoredFields`.
    public static func isKnown(_ name: String) -> Bool {
        if let dot = name.firstIndex(of: ".") {
            let prefix = name[..<dot]
            let entry = name[name.index(after: dot)...]
            guard !entry.isEmpty, let form = dottedForms.first(where: { $0.prefix == prefix }) else { return false }
            return form.names.map { $0.contains(String(entry)) } ?? true
        }
        return kinds.contains(name) || fields.contains(name) || entryNames.contains(name)
    }

    /// The known name closest to a misspelt one (at most two edits away), for "did you mean".
    public static func suggestion(for name: String) -> String? {
        let candidates =
            kinds + fields
            + dottedForms.flatMap { form in
                (form.names ?? metaKeys).flatMap { [$0, "\(form.prefix).\($0)"] }
            }
        let scored = candidates.map { ($0, editDistance(name.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2, best.1 < name.count else { return nil }
        return best.0
    }

    /// Every valid name, grouped, for an error message.
    public static var listing: String {
        """
        kinds: \(kinds.joined(separator: ", "))
        fields: \(fields.joined(separator: ", "))
        style.NAME or NAME: \(styleKeys.joined(separator: ", "))
        props.NAME or NAME: \(specPropertyKeys.joined(separator: ", ")) (specs); \(nodePropertyKeys.joined(separator: ", ")) (nodes)
        rangeControllers.NAME or NAME: \(rangeControllerKeys.joined(separator: ", "))
        meta.NAME (any) or NAME: \(metaKeys.joined(separator: ", "))
        """
    }

    /// Levenshtein distance, one row of the table at a time.
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let b = Array(b)
        var row = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var diagonal = row[0]
            row[0] = i + 1
            for (j, y) in b.enumerated() {
                let above = row[j + 1]
                row[j + 1] = min(diagonal + (x == y ? 0 : 1), above + 1, row[j] + 1)
                diagonal = above
            }
        }
        return row[b.count]
    }
}

extension SemanticDiff.Options {
    /// A name in `ignoredFields` that the diff does not know, with the valid names.
    public struct UnknownFieldError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The unknown names, sorted.
        public var names: [String]

        public var description: String {
            let quoted = names.map { name in
                "\"\(name)\"" + (SemanticDiffFieldNames.suggestion(for: name).map { " (did you mean \"\($0)\"?)" } ?? "")
            }
            let subject = names.count == 1 ? "unknown field or kind" : "unknown fields or kinds"
            return "\(subject) \(quoted.joined(separator: ", ")); valid names:\n"
                + SemanticDiffFieldNames.listing.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        }
    }

    /// Throws when `ignoredFields` holds a name the diff does not know (it would ignore nothing).
    public func validate() throws(UnknownFieldError) {
        let unknown = ignoredFields.filter { !SemanticDiffFieldNames.isKnown($0) }
        guard unknown.isEmpty else { throw UnknownFieldError(names: unknown.sorted()) }
    }
}
