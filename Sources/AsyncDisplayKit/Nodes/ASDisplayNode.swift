import Foundation
import WeftLayout
import WeftNodes

/// Texture's type of `layoutSpecBlock` (ASDisplayNode+LayoutSpecBlock.swift).
public typealias ASLayoutSpecBlock = (ASDisplayNode, ASSizeRange) -> ASLayoutSpec

/// Texture's ASDisplayNode on Weft's runtime: subclass it and override
/// `layoutSpecThatFits(_:)` or `calculateSizeThatFits(_:)` with Texture's signatures.
open class ASDisplayNode: DisplayNode {
    /// An empty node; subclass it or give it a `layoutSpecBlock`.
    public override init() {
        super.init()
    }

    /// The Swift class name, which snapshots and the inspector show (Texture's `NSStringFromClass`).
    open override var textureClassName: String { ASClassName.of(self) }

    /// The node's layout spec; not overriding it makes the node a leaf.
    open func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        TextureLayoutOverrides.notOverridden
    }

    /// A leaf's own size for the largest size it may take.
    open func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(super.calculateSizeThatFits(Size(constrainedSize)))
    }

    /// Called after the node's layout was applied (its subnodes have their frames).
    open func layout() {}

    /// False once the Texture method answered that it is not overridden (Texture decides this
    /// per class, so the answer holds): a leaf then skips it.
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
