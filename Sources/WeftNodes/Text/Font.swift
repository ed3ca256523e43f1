/// A font as a text node asks for it: a point size and a weight. Weft measures with DejaVu Sans
/// (regular) and DejaVu Sans Bold; the weight picks the face.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The face a font measures with.
    public enum Weight: String, Hashable, Sendable, CaseIterable {
        /// DejaVu Sans (`regular`) or DejaVu Sans Bold (`bold`).
        case regular, bold
    }

    /// The point size.
    public var size: Double
    /// The weight, which picks the face.
    public var weight: Weight

    /// A font of `size` points (regular by default).
    public init(size: Double, weight: Weight = .regular) {
        self.size = size
        self.weight = weight
    }

    /// The regular face at `size` points.
    public static func system(_ size: Double) -> Font { Font(size: size) }
    /// The bold face at `size` points.
    public static func bold(_ size: Double) -> Font { Font(size: size, weight: .bold) }

    /// `regular 17.0pt`.
    public var description: String { "\(weight.rawValue) \(size)pt" }
}

/// Vertical metrics of a font at a point size, in points.
public struct LineMetrics: Hashable, Sendable {
    /// Distance from the top of a line to its baseline.
    public var ascent: Double
    /// Distance from the baseline to the bottom of a line (positive).
    public var descent: Double
    /// Extra space between lines, in points.
    public var lineGap: Double

    /// Metrics of these values, in points.
    public init(ascent: Double, descent: Double, lineGap: Double) {
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
    }

    /// The height of one line: ascent + descent + line gap, as CoreText sets lines.
    public var lineHeight: Double { ascent + descent + lineGap }
}
