import Testing

@testable import WeftNodes

/// Text measurement with the DejaVu tables. Every expected number comes from the font files'
/// hmtx / hhea / kern tables, cross-checked with FreeType (FT_Load_Glyph with FT_LOAD_NO_SCALE and
/// FT_Get_Kerning with FT_KERNING_UNSCALED), in font units (unitsPerEm 2048):
///   DejaVu Sans:      H 1540, e 1260, l 569, o 1253, space 651, W 2025, r 842, d 1300, A 1401,
///                     V 1401, T 1251, x 1212, t 803, u 1298, h 1298, q 1300, i 569, c 1126,
///                     k 1186, b 1300, w 1675, n 1298, f 721, y 1212, ellipsis U+2026 2048;
///                     kerning A-V -131, T-e -348, e-x -36, r-e -45, W-o -120, o-w -45, o-x -63.
///   DejaVu Sans Bold: H 1714, e 1389, l 702, o 1407, A 1585, V 1585; kerning A-V -139.
///   Both: ascender 1901, descender -483, lineGap 0.
@Suite("Text measurement with DejaVu metrics")
struct TextMeasurementTests {
    let measurer = FontTableMeasurer.dejaVu

    @Test("the tables hold DejaVu's units per em, line metrics and advances")
    func fontTables() {
        let sans = FontMetrics.dejaVuSans
        let bold = FontMetrics.dejaVuSansBold
        #expect(sans.unitsPerEm == 2048 && bold.unitsPerEm == 2048)
        #expect(sans.ascender == 1901 && sans.descender == -483 && sans.lineGap == 0)
        #expect(["H", "e", "l", "o", " ", "W"].map { sans.advance(of: $0) } == [1540, 1260, 569, 1253, 651, 2025])
        #expect(["H", "e", "l", "o"].map { bold.advance(of: $0) } == [1714, 1389, 702, 1407])
        #expect(sans.advance(of: "\u{2026}") == 2048)
        #expect(sans.kerning("A", "V") == -131 && bold.kerning("A", "V") == -139)
        #expect(sans.kerning("H", "e") == 0)
    }

    @Test("a character outside the covered blocks measures as the missing glyph")
    func missingGlyph() {
        // U+4E00 (CJK) is not in DejaVu Sans: it measures as glyph 0 (.notdef, advance 1229).
        #expect(FontMetrics.dejaVuSans.advance(of: "\u{4E00}") == FontMetrics.dejaVuSans.missingGlyphAdvance)
        #expect(FontMetrics.dejaVuSans.missingGlyphAdvance == 1229)
    }

    @Test("widths are the advances plus kerning, scaled by size / 2048")
    func widths() {
        // "Hello" = 1540 + 1260 + 569 + 569 + 1253 = 5191 units; at 10 pt: 5191 x 10 / 2048.
        #expect(measurer.width(of: "Hello", font: .system(10)) == 5191 * 10 / 2048.0)
        // Bold "Hello" = 1714 + 1389 + 702 + 702 + 1407 = 5914 units.
        #expect(measurer.width(of: "Hello", font: .bold(10)) == 5914 * 10 / 2048.0)
        // "AV" = 1401 + 1401 - 131 = 2671 units at 20 pt.
        #expect(measurer.width(of: "AV", font: .system(20)) == 2671 * 20 / 2048.0)
        // "Texture" = 1251 + 1260 - 348 + 1212 - 36 + 803 + 1298 + 842 + 1260 - 45 = 7497.
        #expect(measurer.width(of: "Texture", font: .system(10)) == 7497 * 10 / 2048.0)
        // Without kerning: 1401 + 1401 = 2802.
        let plain = FontTableMeasurer(kerning: false)
        #expect(plain.width(of: "AV", font: .system(20)) == 2802 * 20 / 2048.0)
    }

    @Test("line metrics: ascent 1901, descent 483, line height 2384 units per 2048")
    func lineMetrics() {
        let metrics = measurer.lineMetrics(for: .system(14))
        #expect(metrics.ascent == 1901 * 14 / 2048.0)
        #expect(metrics.descent == 483 * 14 / 2048.0)
        #expect(metrics.lineHeight == 2384 * 14 / 2048.0)  // 16.296875
    }

    @Test("words wrap at spaces; trailing spaces do not count")
    func wordWrap() {
        // 16 pt, max 100: "The quick" = 9939 units = 77.65 pt fits; adding " brown" (651 +
        // b 1300 r 842 o 1253 (o-w -45) w 1675 n 1298 = 6974) gives 16913 units = 132.1 pt: break.
        // "brown fox" = 10097 units (kerning o-w -45, o-x -63) = 78.88 pt.
        let layout = TextLineBreaker(measurer: measurer, font: .system(16)).layout("The quick brown fox", maxWidth: 100)
        #expect(layout.lines.map(\.text) == ["The quick", "brown fox"])
        let expectedWidths: [Double] = [9939 * 16 / 2048.0, 10097 * 16 / 2048.0]
        #expect(layout.lines.map(\.width) == expectedWidths)
        #expect(layout.width == 10097 * 16 / 2048.0)
        #expect(layout.height == 2 * 2384 * 16 / 2048.0)  // 37.25
        #expect(layout.lines[1].y == 2384 * 16 / 2048.0)
        #expect(layout.lines[1].baseline == (2384 + 1901) * 16 / 2048.0)
        #expect(!layout.isTruncated)
    }

    @Test("a word wider than the line breaks between characters")
    func characterWrap() {
        // 10 pt, max 20: "Tex" = 1251 + 1260 - 348 + 1212 - 36 = 3339 units = 16.30 pt; "Text"
        // adds 803 -> 4142 = 20.22 pt > 20. Then "tur" = 803 + 1298 + 842 = 2943 (14.37 pt) and
        // "ture" = 2943 + 1260 - 45 = 4158 (20.30 pt) > 20, leaving "e".
        let layout = TextLineBreaker(measurer: measurer, font: .system(10)).layout("Texture", maxWidth: 20)
        #expect(layout.lines.map(\.text) == ["Tex", "tur", "e"])
    }

    @Test("newlines end paragraphs; empty text has no lines and no size")
    func paragraphs() {
        let breaker = TextLineBreaker(measurer: measurer, font: .system(10))
        #expect(breaker.layout("Hi\nyou", maxWidth: .infinity).lines.map(\.text) == ["Hi", "you"])
        #expect(breaker.layout("Hi\n\nyou", maxWidth: .infinity).lines.map(\.text) == ["Hi", "", "you"])
        #expect(breaker.layout("Hi\r\nyou\u{2028}Hi", maxWidth: .infinity).lines.map(\.text) == ["Hi", "you", "Hi"])
        let empty = breaker.layout("", maxWidth: 100)
        #expect(empty.lines.isEmpty && empty.width == 0 && empty.height == 0)
    }

    @Test("maximumNumberOfLines cuts the text and appends an ellipsis that fits")
    func truncation() {
        // 16 pt, 1 line, max 100: "The quick" + "…" = 9939 + 2048 = 11987 units = 93.65 pt fits.
        let one = TextLineBreaker(measurer: measurer, font: .system(16), maximumNumberOfLines: 1)
        let wide = one.layout("The quick brown fox", maxWidth: 100)
        #expect(wide.lines.map(\.text) == ["The quick\u{2026}"])
        #expect(wide.lines[0].width == 11987 * 16 / 2048.0)
        #expect(wide.isTruncated)
        // Max 80: "The quick…" = 93.65 pt and "The quic…" = 11987 - 1186 = 10801 units = 84.38 pt
        // do not fit; "The qui…" = 10801 - 1126 = 9675 units = 75.59 pt does.
        #expect(one.layout("The quick brown fox", maxWidth: 80).lines.map(\.text) == ["The qui\u{2026}"])
        // Text that fits in the allowed lines is not truncated.
        let two = TextLineBreaker(measurer: measurer, font: .system(16), maximumNumberOfLines: 2)
        #expect(!two.layout("The quick brown fox", maxWidth: 100).isTruncated)
        // Explicit lines past the limit truncate too.
        #expect(one.layout("Hi\nyou", maxWidth: .infinity).lines.map(\.text) == ["Hi\u{2026}"])
    }

    @Test("a zero or NaN width never hangs: every character gets its own line")
    func degenerateWidths() {
        let breaker = TextLineBreaker(measurer: measurer, font: .system(10))
        #expect(breaker.layout("Hi", maxWidth: 0).lines.map(\.text) == ["H", "i"])
        #expect(breaker.layout("Hi you", maxWidth: .nan).lines.map(\.text) == ["Hi you"])
    }

    /// What lets a text node reuse its last layout for any width from the layout's own width up
    /// to the width it was made for (its lines in its bounds reuse its measurement): greedy
    /// breaking gives the same layout for every such width, unless it truncated (the cut line
    /// came from a longer one that a narrower width breaks earlier).
    @Test("an untruncated layout is the layout of every width between its own and the one it was made for")
    func layoutHoldsDownToItsOwnWidth() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let words = [
            "The", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog", "Weft", "inspects",
            "Texture", "layouts", "supercalifragilisticexpialidocious", "\n", "Hi",
        ]
        var truncatedLayouts = 0
        for _ in 0..<400 {
            let text = (0..<(1 + random(12))).map { _ in words[random(words.count)] }.joined(separator: " ")
            let breaker = TextLineBreaker(
                measurer: measurer, font: .system(Double(10 + random(10))),
                maximumNumberOfLines: random(4))
            let maxWidth = Double(5 + random(300)) + Double(random(4)) / 4
            let layout = breaker.layout(text, maxWidth: maxWidth)
            let widths = (0...8).map { layout.width + (maxWidth - layout.width) * Double($0) / 8 } + [layout.width / 2]
            if layout.isTruncated {
                truncatedLayouts += 1
            } else if layout.width <= maxWidth {  // else a glyph is wider than the line: no range
                for width in widths.dropLast() {
                    #expect(breaker.layout(text, maxWidth: width) == layout, "\(text) in \(width) (made for \(maxWidth))")
                }
            }
            // The node, having measured in `maxWidth`, gives every width its own layout.
            let node = TextNode(text, font: breaker.font)
            node.maximumNumberOfLines = breaker.maximumNumberOfLines
            for width in widths {
                _ = node.textLayout(forWidth: maxWidth)
                #expect(node.textLayout(forWidth: width) == breaker.layout(text, maxWidth: width), "\(text) in \(width)")
            }
        }
        #expect(truncatedLayouts > 20)
    }
}
