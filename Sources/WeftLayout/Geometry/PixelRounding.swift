/// Float's machine epsilon (FLT_EPSILON): Texture nudges values by it before rounding to
/// pixels so that values a hair off the grid (from float arithmetic) snap to the grid.
public let floatEpsilon: Double = Double(Float.ulpOfOne)

/// Rounding to the pixel grid of a screen with `scale` pixels per point (Texture's
/// ASCeilPixelValue, ASFloorPixelValue, ASRoundPixelValue).
public enum PixelRounding {
    /// Up to the pixel grid: ceil((v - FLT_EPSILON) x scale) / scale. Layout sizes use it.
    @inlinable
    public static func ceil(_ value: Double, scale: Double) -> Double {
        ((value - floatEpsilon) * scale).rounded(.up) / scale
    }

    /// Down to the pixel grid: floor((v + FLT_EPSILON) x scale) / scale. Centering uses it.
    @inlinable
    public static func floor(_ value: Double, scale: Double) -> Double {
        ((value + floatEpsilon) * scale).rounded(.down) / scale
    }

    /// To the nearest pixel: round(v x scale) / scale. Inset and relative offsets use it.
    @inlinable
    public static func round(_ value: Double, scale: Double) -> Double {
        (value * scale).rounded() / scale
    }
}
