import Foundation
import WeftLayout
import WeftNodes

/// Texture's control events (`.touchUpInside`, ...).
public typealias ASControlNodeEvent = ControlEvent

/// Texture's ASControlNode. Objective-C targets and selectors do not exist here: pass a
/// closure (`addTarget(for: .touchUpInside) { control in ... }`).
open class ASControlNode: ControlNode {
    public override init() {
        super.init()
    }

    open override var textureClassName: String { ASClassName.of(self) }

    open func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        TextureLayoutOverrides.notOverridden
    }

    open func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(super.calculateSizeThatFits(Size(constrainedSize)))
    }

    open func layout() {}

    /// False once the Texture method answered that it is not overridden (Texture decides this
    /// per class, so the answer holds): a leaf then skips it.
    private var mayOverrideLayoutSpec = true

    public final override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        TextureLayoutOverrides.spec(self, constrainedSize, mayOverride: &mayOverrideLayoutSpec) {
            layoutSpecThatFits(ASSizeRange(constrainedSize))
        }
    }

    public final override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        Size(calculateSizeThatFits(CGSize(constrainedSize)))
    }

    open override func didApplyLayout() {
        super.didApplyLayout()
        layout()
    }
}

extension ControlNode {
    /// The closure form of Texture's `addTarget(_:action:forControlEvents:)`: `action` runs
    /// for each of `events`; the inspector lists it under `name`.
    public func addTarget(for events: ASControlNodeEvent, name: String = "closure",
                          _ action: @escaping (ControlNode) -> Void) {
        addTarget(action: name, for: events) { control, _ in action(control) }
    }
}
