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

    /// As in ASDisplayNode (each facade class subclasses its own Weft class, so each forwards).
    private var mayOverrideLayoutSpec = true

    public final override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let (spec, overrides) = TextureLayoutOverrides.spec(self, constrainedSize, mayOverride: mayOverrideLayoutSpec) {
            layoutSpecThatFits(ASSizeRange(constrainedSize))
        }
        mayOverrideLayoutSpec = overrides
        return spec
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
