/// One measured line of a text layout, in the text node's coordinates.
public struct TextLine: Hashable, Sendable {
    /// The characters set on this line (trailing spaces removed; the truncation token included).
    public var text: String
    /// The line's advance width in points (without trailing spaces).
    public var width: Double
    /// Top of the line.
    public var y: Double
    /// Baseline position from the top of the text.
    public var baseline: Double
    /// Whether the text was cut after this line and the truncation token appended.
    public var isTruncated: Bool
}

/// The result of breaking a text into lines: what a text node draws and the inspector shows.
public struct TextLayout: Hashable, Sendable {
    /// The lines, top to bottom.
    public var lines: [TextLine]
    /// Width of the widest line and the height of all lines, in points (not yet pixel-rounded).
    public var width: Double
    /// The height of all lines, in points.
    public var height: Double
    /// The font's vertical metrics the lines are spaced by.
    public var lineMetrics: LineMetrics

    /// Whether the last line was cut and ends with the truncation token.
    public var isTruncated: Bool { lines.last?.isTruncated ?? false }
}

/// Greedy line breaking the way TextKit sets a paragraph: break at spaces; a word longer than a
/// whole line breaks between characters; a newline (`\n`, `\r\n`, `\r`, U+2028) ends a paragraph; spaces at the end of a line do
/// not count toward its width. With `maximumNumberOfLines` > 0 the text stops after that many
/// lines and, when some text is left over, the last line loses characters from its end until the
/// truncation token ("…") fits after it (tail truncation).
public struct TextLineBreaker: Sendable {
    /// Measures the runs.
    public var measurer: any TextMeasurer
    /// The font every character is measured in.
    public var font: Font
    /// 0 means unlimited.
    public var maximumNumberOfLines: Int
    /// What ends a truncated last line (default `…`).
    public var truncationToken: String

    /// A breaker for `font`, unlimited lines and `…` by default.
    public init(measurer: any TextMeasurer, font: Font, maximumNumberOfLines: Int = 0, truncationToken: String = "\u{2026}") {
        self.measurer = measurer
        self.font = font
        self.maximumNumberOfLines = max(0, maximumNumberOfLines)
        self.truncationToken = truncationToken
    }

    /// Lays `text` out in lines no wider than `maxWidth` (infinite: one line per paragraph).
    public func layout(_ text: String, maxWidth: Double) -> TextLayout {
        let metrics = measurer.lineMetrics(for: font)
        let limit = maxWidth.isNaN ? .infinity : max(0, maxWidth)
        var ranges: [Range<String.Index>] = []
        var truncated = false
        var paragraphStart = text.startIndex
        paragraphs: while paragraphStart <= text.endIndex {
            let paragraphEnd = text[paragraphStart...].firstIndex(where: \.isNewline) ?? text.endIndex
            var lineStart = paragraphStart
            repeat {
                if maximumNumberOfLines > 0 && ranges.count == maximumNumberOfLines {
                    truncated = true
                    break paragraphs
                }
                let lineEnd = breakLine(text, from: lineStart, to: paragraphEnd, limit: limit)
                ranges.append(lineStart..<lineEnd)
                lineStart = skipSpaces(text, from: lineEnd, to: paragraphEnd)
            } while lineStart < paragraphEnd
            if paragraphEnd == text.endIndex { break }
            paragraphStart = text.index(after: paragraphEnd)
        }
        if text.isEmpty { ranges = [] }

        var lines: [TextLine] = []
        lines.reserveCapacity(ranges.count)
        for (number, range) in ranges.enumerated() {
            let isLast = number == ranges.count - 1
            var content = trimmingTrailingSpaces(text[range])
            var isTruncated = false
            if isLast && truncated {
                content = truncate(content, limit: limit)
                isTruncated = true
            }
            let y = Double(number) * metrics.lineHeight
            lines.append(
                TextLine(
                    text: String(content), width: measurer.width(of: content, font: font),
                    y: y, baseline: y + metrics.ascent, isTruncated: isTruncated
                ))
        }
        return TextLayout(
            lines: lines,
            width: lines.map(\.width).max() ?? 0,
            height: Double(lines.count) * metrics.lineHeight,
            lineMetrics: metrics
        )
    }

    /// The end of the line starting at `start`: after the last word that fits, or, when not even
    /// the first word fits, after as many of its characters as fit (at least one).
    private func breakLine(_ text: String, from start: String.Index, to end: String.Index, limit: Double) -> String.Index {
        if limit == .infinity || fits(text[start..<end], limit) { return end }
        var lineEnd: String.Index?
        var cursor = start
        while cursor < end {
            let wordEnd = text[cursor..<end].firstIndex(of: " ") ?? end
            if fits(text[start..<wordEnd], limit) {
                lineEnd = wordEnd
                cursor = skipSpaces(text, from: wordEnd, to: end)
            } else {
                break
            }
        }
        if let lineEnd { return lineEnd }
        // The first word alone is too wide: break it between characters.
        var characterEnd = text.index(after: start)
        while characterEnd < end {
            let next = text.index(after: characterEnd)
            if !fits(text[start..<next], limit) { break }
            characterEnd = next
        }
        return characterEnd
    }

    private func fits(_ text: Substring, _ limit: Double) -> Bool {
        measurer.width(of: trimmingTrailingSpaces(text), font: font) <= limit + 1e-9
    }

    private func skipSpaces(_ text: String, from start: String.Index, to end: String.Index) -> String.Index {
        text[start..<end].firstIndex { $0 != " " } ?? end
    }

    private func trimmingTrailingSpaces(_ text: Substring) -> Substring {
        guard let last = text.lastIndex(where: { $0 != " " }) else { return text[text.startIndex..<text.startIndex] }
        return text[...last]
    }

    /// Removes characters from the end of `line` until the line plus the token fits `limit`.
    private func truncate(_ line: Substring, limit: Double) -> Substring {
        var kept = line
        while !kept.isEmpty {
            let candidate = String(trimmingTrailingSpaces(kept)) + truncationToken
            if measurer.width(of: candidate[...], font: font) <= limit + 1e-9 {
                return candidate[...]
            }
            kept = kept.dropLast()
        }
        return truncationToken[...]
    }
}
