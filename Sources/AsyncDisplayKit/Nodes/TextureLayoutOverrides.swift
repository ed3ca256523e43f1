import Foundation
import WeftLayout
import WeftNodes

/// What every facade node class forwards from Weft's overridable layout methods to Texture's
/// (`layoutSpecThatFits(_: ASSizeRange) -> ASLayoutSpec`, `calculateSizeThatFits(_: CGSize)`,
/// `layout()`), so a subclass overrides Texture's signature and Weft's engine calls it. Swift
/// classes have one superclass: ASDisplayNode, ASCellNode and ASControlNode each subclass their
/// own Weft class, so each declares Texture's methods and forwards through here.
enum TextureLayoutOverrides {
    /// What the default `layoutSpecThatFits(_: ASSizeRange)` returns: the node did not override
    /// it, and lays out as a leaf (Texture checks for the override; Swift cannot, so the
    /// default answers this marker, which is never laid out).
    static let notOverridden = ASLayoutSpec()

    /// The Weft spec for `node`: its `layoutSpecBlock` first (Texture's order), else its
    /// Texture override, else none (a leaf measured with `calculateSizeThatFits`); and whether
    /// the Texture method may still be overridden (false once it answered `notOverridden`).
    /// The flag is returned, not passed `inout`: the override runs user code, which may lay
    /// the node out again.
    @inline(__always)
    static func spec(
        _ node: DisplayNode, _ constrainedSize: SizeRange, mayOverride: Bool,
        textureSpec: () -> ASLayoutSpec
    ) -> (spec: (any LayoutElement)?, mayOverride: Bool) {
        if let block = node.layoutSpecBlock { return (block(node, constrainedSize), mayOverride) }
        guard mayOverride else { return (nil, false) }
        let spec = textureSpec()
        return spec === notOverridden ? (nil, false) : (spec, true)
    }
}
