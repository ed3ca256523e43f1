import Foundation

/// The screen: `UIScreen.main.scale` is the pixels per point layouts outside a main loop round
/// to (2 by default, Weft's screen). A main loop's own `screenScale` rounds its trees.
public final class UIScreen {
    public static let main = UIScreen()

    public var scale: CGFloat = 2
    public var bounds = CGRect(x: 0, y: 0, width: 375, height: 667)

    private init() {}
}
