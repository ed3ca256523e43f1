import Foundation
import WeftNodes

/// UIKit's fonts are Weft's `Font`: a point size and a face. Weft measures with DejaVu Sans and
/// DejaVu Sans Bold, so every font maps to one of the two (docs/texture-compatibility.md).
public typealias UIFont = Font

extension Font {
    /// UIKit's system font at `size` points: DejaVu Sans measures it.
    public static func systemFont(ofSize size: CGFloat) -> Font { Font(size: Double(size)) }

    /// UIKit's bold system font at `size` points: DejaVu Sans Bold measures it.
    public static func boldSystemFont(ofSize size: CGFloat) -> Font { Font(size: Double(size), weight: .bold) }

    /// Weft has no italic face: the regular one measures it.
    public static func italicSystemFont(ofSize size: CGFloat) -> Font { Font(size: Double(size)) }

    /// Semibold and heavier measure with the bold face, lighter ones with the regular face.
    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> Font { Font(size: Double(size), weight: weight) }

    /// A named font: names with Bold, Semibold, Heavy or Black in them measure with the bold
    /// face, the others with the regular face. Nil for an empty name or a size below zero.
    public init?(name fontName: String, size: CGFloat) {
        guard !fontName.isEmpty, size >= 0 else { return nil }
        let boldMarkers = ["bold", "semibold", "heavy", "black"]
        let lowercased = fontName.lowercased()
        self.init(size: Double(size), weight: boldMarkers.contains(where: lowercased.contains) ? .bold : .regular)
    }

    // UIKit's standard sizes on iOS.
    /// UIKit's `buttonFontSize` on iOS: 18 points.
    public static let buttonFontSize: CGFloat = 18
    /// UIKit's `labelFontSize` on iOS: 17 points.
    public static let labelFontSize: CGFloat = 17
    /// UIKit's `systemFontSize` on iOS: 14 points.
    public static let systemFontSize: CGFloat = 14
    /// UIKit's `smallSystemFontSize` on iOS: 12 points.
    public static let smallSystemFontSize: CGFloat = 12

    /// The size in points, as UIKit names it.
    public var pointSize: CGFloat { CGFloat(size) }

    /// The same face at `fontSize` points.
    public func withSize(_ fontSize: CGFloat) -> Font { Font(size: Double(fontSize), weight: weight) }
}

extension Font.Weight {
    // UIFont.Weight's names, each mapped to the face that measures it.
    /// Measured with the regular face.
    public static let ultraLight = Font.Weight.regular
    /// Measured with the regular face.
    public static let thin = Font.Weight.regular
    /// Measured with the regular face.
    public static let light = Font.Weight.regular
    /// Measured with the regular face.
    public static let medium = Font.Weight.regular
    /// Measured with the bold face.
    public static let semibold = Font.Weight.bold
    /// Measured with the bold face.
    public static let heavy = Font.Weight.bold
    /// Measured with the bold face.
    public static let black = Font.Weight.bold
}
