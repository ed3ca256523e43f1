import Foundation
import WeftNodes

/// UIKit's colours are Weft's sRGB `Color` (what the inspector shows as a node's background).
public typealias UIColor = Color

extension Color {
    /// A grey of `white` (0 black ... 1 white).
    public init(white: CGFloat, alpha: CGFloat) {
        self.init(red: Double(white), green: Double(white), blue: Double(white), alpha: Double(alpha))
    }

    /// UIKit's HSB initialiser.
    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (Double(hue).truncatingRemainder(dividingBy: 1) + 1).truncatingRemainder(dividingBy: 1) * 6
        let s = Double(saturation), v = Double(brightness)
        let sector = Int(h), f = h - Double(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) = switch sector {
        case 0: (v, t, p)
        case 1: (q, v, p)
        case 2: (p, v, t)
        case 3: (p, q, v)
        case 4: (t, p, v)
        default: (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: Double(alpha))
    }

    public func withAlphaComponent(_ alpha: CGFloat) -> Color {
        var color = self
        color.alpha = Double(alpha)
        return color
    }

    // UIKit's standard colours, with UIKit's component values. `red`, `green` and `blue` hide
    // the components of the same names where this module is imported (UIColor has no such
    // properties); `hexString` reads them.
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)
    public static let gray = Color(white: 0.5, alpha: 1)
    public static let darkGray = Color(white: 1.0 / 3, alpha: 1)
    public static let lightGray = Color(white: 2.0 / 3, alpha: 1)
    public static let darkText = Color.black
    public static let lightText = Color(white: 1, alpha: 0.6)
    // iOS's light-appearance system colours.
    public static let systemBlue = Color(red255: 0, green: 122, blue: 255)
    public static let systemRed = Color(red255: 255, green: 59, blue: 48)
    public static let systemGreen = Color(red255: 52, green: 199, blue: 89)
    public static let systemGray = Color(red255: 142, green: 142, blue: 147)
    public static let systemBackground = Color.white
    public static let label = Color.black
    public static let secondaryLabel = Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)
}
