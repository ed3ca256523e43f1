/// Measures runs of text. Text nodes break lines with `TextLineBreaker`, which asks a measurer
/// for widths and line metrics, so a host can plug in other metrics (a real shaping engine,
/// another font) by conforming to this protocol and setting `TextNode.measurer`.
public protocol TextMeasurer: Sendable {
    /// The advance width of `text` set on one line in `font`, in points (kerning included).
    func width(of text: Substring, font: Font) -> Double
    /// The vertical metrics of `font`.
    func lineMetrics(for font: Font) -> LineMetrics
}

/// Measures with the font tables kept in the repository (DejaVu Sans and DejaVu Sans Bold):
/// widths are the sum of the characters' advances plus the kerning of adjacent pairs, scaled by
/// size / unitsPerEm. The same text measures the same on every machine.
public struct FontTableMeasurer: TextMeasurer {
    /// The regular face's tables.
    public var regular: FontMetrics
    /// The bold face's tables.
    public var bold: FontMetrics
    /// Whether adjacent pairs are kerned (CoreText kerns by default).
    public var kerning: Bool

    /// A measurer of these faces (DejaVu Sans and Sans Bold by default), kerning by default.
    public init(regular: FontMetrics = .dejaVuSans, bold: FontMetrics = .dejaVuSansBold, kerning: Bool = true) {
        self.regular = regular
        self.bold = bold
        self.kerning = kerning
    }

    /// DejaVu Sans and Sans Bold, kerned: every text node's default.
    public static let dejaVu = FontTableMeasurer()

    /// The face `font`'s weight picks.
    public func metrics(for font: Font) -> FontMetrics {
        font.weight == .bold ? bold : regular
    }

    /// The sum of the characters' advances plus kerning, scaled to `font`'s size, in points.
    public func width(of text: Substring, font: Font) -> Double {
        let face = metrics(for: font)
        var units = 0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            units += face.advance(of: scalar)
            if kerning, let previous { units += face.kerning(previous, scalar) }
            previous = scalar
        }
        return Double(units) * font.size / Double(face.unitsPerEm)
    }

    /// The face's ascender, descender and line gap scaled to `font`'s size, in points.
    public func lineMetrics(for font: Font) -> LineMetrics {
        let face = metrics(for: font)
        let scale = font.size / Double(face.unitsPerEm)
        return LineMetrics(
            ascent: Double(face.ascender) * scale,
            descent: Double(-face.descender) * scale,
            lineGap: Double(face.lineGap) * scale
        )
    }
}
