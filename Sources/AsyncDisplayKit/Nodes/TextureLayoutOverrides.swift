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

    /// The Weft spec for `node`: its `layoutSpecBlock` first (Texture's order), else its
    /// Texture override, else none (a leaf measured with `calculateSizeThatFits`).
    /// `mayOverride` turns false the first time the Texture method answers `notOverridden`.
    @inline(__always)
    static func spec(_ node: DisplayNode, _ constrainedSize: SizeRange, mayOverride: inout Bool,
                     textureSpec: () -> ASLayoutSpec) -> (any LayoutElement)? {
        if let block = node.layoutSpecBlock { return block(node, constrainedSize) }
        guard mayOverride else { return nil }
        let spec = textureSpec()
        if spec === notOverridden {
            mayOverride = false
            return nil
        }
        return spec
    }
}
