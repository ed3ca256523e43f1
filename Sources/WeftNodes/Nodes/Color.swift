/// An sRGB colour with alpha, components in 0...1 (UIColor's RGBA).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The red component, 0 to 1.
    public var red: Double
    /// The green component, 0 to 1.
    public var green: Double
    /// The blue component, 0 to 1.
    public var blue: Double
    /// The opacity, 0 (transparent) to 1.
    public var alpha: Double

    /// A colour of these components, each 0 to 1 (opaque by default).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From 0...255 components, as design specs give them.
    public init(red255 red: Int, green: Int, blue: Int, alpha: Double = 1) {
        self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
    }

    /// Transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// `#rrggbbaa`, each component rounded to 0...255.
    public var hexString: String {
        func byte(_ value: Double) -> String {
            let clamped = Int((min(1, max(0, value)) * 255).rounded())
            let hex = String(clamped, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }
        return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
    }

    /// The colour as `#rrggbbaa`, as snapshots write it.
    public var description: String { hexString }
}
