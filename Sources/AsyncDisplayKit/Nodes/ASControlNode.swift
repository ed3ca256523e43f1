import Foundation
import WeftLayout
import WeftNodes

/// Texture's control events (`.touchUpInside`, ...).
public typealias ASControlNodeEvent = ControlEvent

/// Texture's ASControlNode. Objective-C targets and selectors do not exist here: pass a
/// closure (`addTarget(for: .touchUpInside) { control in ... }`).
open class ASControlNode: ControlNode {
    /// An empty control; subclass it to lay out its content.
    public override init() {
        super.init()
    }

    /// The Swift class name, which snapshots and the inspector show (Texture's `NSStringFromClass`).
    open override var textureClassName: String { ASClassName.of(self) }

    /// The control's layout spec; not overriding it makes the control a leaf.
    open func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        TextureLayoutOverrides.notOverridden
    }

    /// A leaf's own size for the largest size it may take.
    open func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(super.calculateSizeThatFits(Size(constrainedSize)))
    }

    /// Called after the control's layout was applied (its subnodes have their frames).
    open func layout() {}

    /// As in ASDisplayNode (each facade class subclasses its own Weft class, so each forwards).
    private var mayOverrideLayoutSpec = true

    /// Weft's layout entry point: calls the Texture-typed `layoutSpecThatFits(_:)`.
    public final override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let (spec, overrides) = TextureLayoutOverrides.spec(self, constrainedSize, mayOverride: mayOverrideLayoutSpec) {
            layoutSpecThatFits(ASSizeRange(constrainedSize))
        }
        mayOverrideLayoutSpec = overrides
        return spec
    }

    /// Weft's measuring entry point: calls the Texture-typed `calculateSizeThatFits(_:)`.
    public final override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        Size(calculateSizeThatFits(CGSize(constrainedSize)))
    }

    /// Calls Texture's `layout()` once Weft has applied the layout.
    open override func didApplyLayout() {
        super.didApplyLayout()
        layout()
    }
}

extension ControlNode {
    /// The closure form of Texture's `addTarget(_:action:forControlEvents:)`: `action` runs
    /// for each of `events`; the inspector lists it under `name`.
    public func addTarget(
        for events: ASControlNodeEvent, name: String = "closure",
        _ action: @escaping (ControlNode) -> Void
    ) {
        addTarget(action: name, for: events) { control, _ in action(control) }
    }
}
