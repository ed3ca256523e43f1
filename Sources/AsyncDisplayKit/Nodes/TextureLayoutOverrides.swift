import Foundation
import WeftLayout
import WeftNodes

/// What every facade node class forwards from Weft's overridable layout methods to Texture's
/// (`layoutSpecThatFits(_: ASSizeRange) -> ASLayoutSpec`, `calculateSizeThatFits(_: CGSize)`,
/// `layout()`), so a subclass overrides Texture's signature and Weft's engine calls it.
enum TextureLayoutOverrides {
    /// What the default `layoutSpecThatFits(_: ASSizeRange)` returns: the node did not override
    /// it, and lays out as a leaf (Texture checks for the override; Swift cannot, so the
    /// default answers this marker, which is never laid out).
    static let notOverridden = ASLayoutSpec()

    /// The Weft spec for a node: its `layoutSpecBlock` first (Texture's order), else its
    /// Texture override, else none (a leaf measured with `calculateSizeThatFits`).
    static func spec(blockSpec: (any LayoutElement)?, hasBlock: Bool,
                     textureSpec: () -> ASLayoutSpec) -> (any LayoutElement)? {
        if hasBlock { return blockSpec }
        let spec = textureSpec()
        return spec === notOverridden ? nil : spec
    }
}
