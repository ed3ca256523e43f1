/// The metrics of one font face, in font units: what text measurement needs and nothing more.
///
/// The two faces Weft ships (`dejaVuSans`, `dejaVuSansBold`) are generated once from Debian's
/// fonts-dejavu-core by `scripts/gen-font-metrics` into `DejaVuMetrics.swift`, so every machine
/// measures the same text to the same width without a font library at run time.
public struct FontMetrics: Sendable {
    /// A contiguous run of characters starting at `first`; an advance of 0 means the face has no
    /// glyph for that character.
    public struct AdvanceBlock: Sendable {
        /// The first character's code point.
        public let first: UInt32
        /// The characters' advances in font units, from `first` on.
        public let advances: [UInt16]

        /// A block of advances from `first`.
        public init(first: UInt32, advances: [UInt16]) {
            self.first = first
            self.advances = advances
        }
    }

    /// The face's PostScript name: `DejaVuSans`.
    public let name: String
    /// Font units per em: sizes scale by size / unitsPerEm.
    public let unitsPerEm: Int
    /// hhea ascender (positive, above the baseline).
    public let ascender: Int
    /// hhea descender (negative, below the baseline).
    public let descender: Int
    /// hhea line gap (extra space between lines).
    public let lineGap: Int
    /// The advance of glyph 0 (.notdef): what a character outside the covered blocks measures.
    public let missingGlyphAdvance: Int
    let blocks: [AdvanceBlock]
    /// `left << 16 | right` character pairs (the generator keeps ASCII pairs only), parallel to
    /// `kerningValues`.
    let kerningPairs: [UInt32]
    let kerningValues: [Int16]
    /// Fast paths for ASCII, the common case: advances by code, kerning by `left << 7 | right`.
    private let asciiAdvances: [Int32]
    private let asciiKerning: [Int16]

    /// A face of these tables, as `scripts/gen-font-metrics` writes them.
    public init(
        name: String, unitsPerEm: Int, ascender: Int, descender: Int, lineGap: Int,
        missingGlyphAdvance: Int, blocks: [AdvanceBlock], kerningPairs: [UInt32], kerningValues: [Int16]
    ) {
        precondition(kerningPairs.count == kerningValues.count, "kerning pairs and values must pair up")
        self.name = name
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.missingGlyphAdvance = missingGlyphAdvance
        self.blocks = blocks
        self.kerningPairs = kerningPairs
        self.kerningValues = kerningValues
        var advances = [Int32](repeating: Int32(missingGlyphAdvance), count: 128)
        var kerning = [Int16](repeating: 0, count: 128 * 128)
        if let ascii = blocks.first(where: { $0.first <= 0x20 }) {
            for code in 0x20..<0x80 where code - Int(ascii.first) < ascii.advances.count {
                let advance = ascii.advances[code - Int(ascii.first)]
                advances[code] = Int32(advance == 0 ? missingGlyphAdvance : Int(advance))
            }
        }
        for (pair, value) in zip(kerningPairs, kerningValues) where pair >> 16 < 128 && pair & 0xFFFF < 128 {
            kerning[Int(pair >> 16) << 7 | Int(pair & 0xFFFF)] = value
        }
        asciiAdvances = advances
        asciiKerning = kerning
    }

    /// The advance width of `scalar` in font units (.notdef's advance when the face lacks it).
    public func advance(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x80 && value >= 0x20 { return Int(asciiAdvances[Int(value)]) }
        for block in blocks where value >= block.first {
            let index = Int(value - block.first)
            if index < block.advances.count {
                let advance = block.advances[index]
                return advance == 0 ? missingGlyphAdvance : Int(advance)
            }
        }
        return missingGlyphAdvance
    }

    /// The kerning adjustment between two adjacent characters in font units (0 for most pairs).
    public func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Int {
        guard left.value < 0x80, right.value < 0x80 else { return 0 }
        return Int(asciiKerning[Int(left.value) << 7 | Int(right.value)])
    }
}
