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
        let s = Double(saturation)
        let v = Double(brightness)
        let sector = Int(h)
        let f = h - Double(sector)
        let p = v * (1 - s)
        let q = v * (1 - s * f)
        let t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) =
            switch sector {
            case 0: (v, t, p)
            case 1: (q, v, p)
            case 2: (p, v, t)
            case 3: (p, q, v)
            case 4: (t, p, v)
            default: (v, p, q)
            }
        self.init(red: r, green: g, blue: b, alpha: Double(alpha))
    }

    /// The same colour with opacity `alpha` (0 to 1).
    public func withAlphaComponent(_ alpha: CGFloat) -> Color {
        var color = self
        color.alpha = Double(alpha)
        return color
    }

    // UIKit's standard colours, with UIKit's component values. `red`, `green` and `blue` hide
    // the components of the same names where this module is imported (UIColor has no such
    // properties); `hexString` reads them.
    /// UIKit's `red`: 1, 0, 0.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// UIKit's `green`: 0, 1, 0.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// UIKit's `blue`: 0, 0, 1.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// UIKit's `cyan`: 0, 1, 1.
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    /// UIKit's `yellow`: 1, 1, 0.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// UIKit's `magenta`: 1, 0, 1.
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    /// UIKit's `orange`: 1, 0.5, 0.
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    /// UIKit's `purple`: 0.5, 0, 0.5.
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    /// UIKit's `brown`: 0.6, 0.4, 0.2.
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)
    /// UIKit's `gray`: white 0.5.
    public static let gray = Color(white: 0.5, alpha: 1)
    /// UIKit's `darkGray`: white 1/3.
    public static let darkGray = Color(white: 1.0 / 3, alpha: 1)
    /// UIKit's `lightGray`: white 2/3.
    public static let lightGray = Color(white: 2.0 / 3, alpha: 1)
    /// UIKit's `darkText`: black.
    public static let darkText = Color.black
    /// UIKit's `lightText`: white at 0.6 opacity.
    public static let lightText = Color(white: 1, alpha: 0.6)
    // iOS's light-appearance system colours.
    /// iOS's `systemBlue` (0, 122, 255 of 255).
    public static let systemBlue = Color(red255: 0, green: 122, blue: 255)
    /// iOS's `systemRed` (255, 59, 48 of 255).
    public static let systemRed = Color(red255: 255, green: 59, blue: 48)
    /// iOS's `systemGreen` (52, 199, 89 of 255).
    public static let systemGreen = Color(red255: 52, green: 199, blue: 89)
    /// iOS's `systemGray` (142, 142, 147 of 255).
    public static let systemGray = Color(red255: 142, green: 142, blue: 147)
    /// iOS's `systemBackground` in the light appearance: white.
    public static let systemBackground = Color.white
    /// iOS's `label` in the light appearance: black.
    public static let label = Color.black
    /// iOS's `secondaryLabel` in the light appearance: 60, 60, 67 of 255 at 0.6 opacity.
    public static let secondaryLabel = Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)
}
