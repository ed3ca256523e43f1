import WeftLayout
import WeftNodes

/// A 16x16 icon button of a post's action row. The icon is small but the finger is not: a
/// hit-test slop of -14 on every side grows the touch area to 44x44 (Texture's documented use
/// of `hitTestSlop`), which the inspector's slop overlay shows, overlaps included.
final class ActionButtonNode: ButtonNode {
    override var textureClassName: String { "ActionButtonNode" }

    init(icon: String, action: String, handler: @escaping (ActionButtonNode) -> Void) {
        super.init()
        debugName = icon
        // A 32x32 pixel icon at scale 2: exactly 16x16 points, no scaling.
        image = Image(pixelWidth: 32, pixelHeight: 32, scale: 2, name: "\(icon).png")
        let grow = (Theme.minimumTouchTarget - Theme.actionIconSide) / 2
        hitTestSlop = EdgeInsets(all: -grow)
        addTarget(action: action, for: .touchUpInside) { control, _ in
            if let button = control as? ActionButtonNode { handler(button) }
        }
    }
}
