/// The metrics of one font face, in font units: what text measurement needs and nothing more.
///
/// The two faces Weft ships (`dejaVuSans`, `dejaVuSansBold`) are generated once from Debian's
/// fonts-dejavu-core by `scripts/gen-font-metrics` into `DejaVuMetrics.swift`, so every machine
/// measures the same text to the same width without a font library at run time.
public struct FontMetrics: Sendable {
    /// A contiguous run of characters starting at `first`; an advance of 0 means the face has no
    /// glyph for that character.
    public struct AdvanceBlock: Sendable {
        public let first: UInt32
        public let advances: [UInt16]

        public init(first: UInt32, advances: [UInt16]) {
            self.first = first
            self.advances = advances
        }
    }

    public let name: String
    public let unitsPerEm: Int
    /// hhea ascender (positive, above the baseline).
    public let ascender: Int
    /// hhea descender (negative, below the baseline).
    public let descender: Int
    public let lineGap: Int
    /// The advance of glyph 0 (.notdef): what a character outside the covered blocks measures.
    public let missingGlyphAdvance: Int
    let blocks: [AdvanceBlock]
    /// Sorted `left << 16 | right` character pairs, parallel to `kerningValues`.
    let kerningPairs: [UInt32]
    let kerningValues: [Int16]

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
    }

    /// The advance width of `scalar` in font units (.notdef's advance when the face lacks it).
    public func advance(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
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
        guard left.value < 0x80, right.value < 0x80, !kerningPairs.isEmpty else { return 0 }
        let key = left.value << 16 | right.value
        var low = 0
        var high = kerningPairs.count
        while low < high {
            let middle = (low + high) / 2
            if kerningPairs[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < kerningPairs.count && kerningPairs[low] == key ? Int(kerningValues[low]) : 0
    }
}
