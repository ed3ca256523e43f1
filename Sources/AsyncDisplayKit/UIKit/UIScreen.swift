import Foundation

/// The screen: `UIScreen.main.scale` is the pixels per point layouts outside a main loop round
/// to (2 by default, Weft's screen). A main loop's own `screenScale` rounds its trees.
public final class UIScreen {
    /// The one screen.
    public static let main = UIScreen()

    /// Pixels per point (default 2): layouts round to it and `UIImage(named:)` tries its variant first.
    public var scale: CGFloat = 2
    /// The screen's bounds in points (default an iPhone 8's 375 x 667).
    public var bounds = CGRect(x: 0, y: 0, width: 375, height: 667)

    private init() {}
}
