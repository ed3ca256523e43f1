/// Texture's ASCII art boxes (ASAsciiArtBoxCreator), on plain strings so that anything with a
/// name and children (a layout element, a snapshot entry) can be drawn.
///
/// ```
/// --ASInsetLayoutSpec--
/// |     ASTextNode    |
/// ---------------------
/// ```
/// Widths count UTF-16 code units, as NSString's length (and JavaScript's) does.
public enum AsciiArt {
    /// The padding between a box's border and its children, and between children.
    static let padding = 2

    /// A box named `name` around `children` (each a possibly multi-line ASCII art string),
    /// side by side when `direction` is horizontal, one above the other when vertical.
    /// No children: the bare name, no box.
    public static func box(
        name: String, children: [String],
        direction: StackLayoutDirection = .horizontal
    ) -> String {
        if children.isEmpty { return name }
        let rows =
            direction == .horizontal
            ? horizontalRows(name: name, children: children)
            : verticalRows(name: name, children: children)
        return withBorders(rows, name: name).joined(separator: "\n")
    }

    /// Children side by side: each padded with blank lines to the tallest child's line count
    /// (ceil of the difference on top, floor below), joined with two spaces; widened to fit
    /// the name when the rows are narrower than it.
    private static func horizontalRows(name: String, children: [String]) -> [String] {
        let childLines = children.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        let lineCount = childLines.map(\.count).max() ?? 0
        let paddedChildren = childLines.map { lines -> [String] in
            let missing = lineCount - lines.count
            let blank = spaces(width(lines[0]))
            return Array(repeating: blank, count: (missing + 1) / 2) + lines + Array(repeating: blank, count: missing / 2)
        }
        let gap = spaces(padding)
        var rows = (0..<lineCount).map { index in
            "|" + gap + paddedChildren.map { $0[index] + gap }.joined() + "|"
        }
        let rowWidth = width(rows[0])
        let nameWidth = width(name)
        if rowWidth < nameWidth {
            let difference = nameWidth + 2 * padding - rowWidth
            let left = spaces((difference + 1) / 2)
            let right = spaces(difference / 2)
            rows = rows.map { "|" + left + $0.dropFirst().dropLast() + right + "|" }
        }
        return rows
    }

    /// Children one above the other, each centred in the widest child's first-line width, with
    /// two spaces inside the borders (more, split ceil/floor, when the name is wider).
    private static func verticalRows(name: String, children: [String]) -> [String] {
        let childLines = children.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        let widest = childLines.map { width($0[0]) }.max() ?? 0
        let nameWidth = width(name)
        var leftPadding = 0
        var rightPadding = 0
        if widest < nameWidth {
            let difference = nameWidth + 2 * padding - widest
            leftPadding = (difference + 1) / 2
            rightPadding = difference / 2
        }
        var rows: [String] = []
        for lines in childLines {
            let extra = widest - width(lines[0])
            let left = "|" + spaces((extra + 1) / 2) + spaces(leftPadding + padding)
            let right = spaces(extra / 2) + spaces(rightPadding + padding) + "|"
            rows.append(contentsOf: lines.map { left + $0 + right })
        }
        return rows
    }

    /// A bottom border of dashes as wide as the first row and a top border with the name
    /// centred in dashes (ceil of the leftover on the left). When the name is wider than the
    /// rows, Texture's unsigned arithmetic would wrap; the name is then printed without dashes.
    private static func withBorders(_ rows: [String], name: String) -> [String] {
        let rowWidth = width(rows[0])
        let leftover = Swift.max(0, rowWidth - width(name))
        let top = String(repeating: "-", count: (leftover + 1) / 2) + name + String(repeating: "-", count: leftover / 2)
        return [top] + rows + [String(repeating: "-", count: rowWidth)]
    }

    static func width(_ text: String) -> Int { text.utf16.count }
    private static func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }
}
