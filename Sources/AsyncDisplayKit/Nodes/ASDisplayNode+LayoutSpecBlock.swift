import WeftLayout
import WeftNodes

/// Texture's typed `layoutSpecBlock`, `(ASDisplayNode, ASSizeRange) -> ASLayoutSpec`, beside
/// Weft's `(DisplayNode, SizeRange)` of the same name: a closure that names Texture's types sets
/// this one, an untyped closure sets Weft's (both run the same way).
public protocol ASDisplayNodeTypedLayoutSpecBlock: ASDisplayNode {}

extension ASDisplayNode: ASDisplayNodeTypedLayoutSpecBlock {}

extension ASDisplayNodeTypedLayoutSpecBlock {
    /// The node's layout spec block in Texture's types; it replaces `layoutSpecThatFits(_:)`.
    public var layoutSpecBlock: ASLayoutSpecBlock? {
        get {
            guard let block = (self as DisplayNode).layoutSpecBlock else { return nil }
            return { node, constrainedSize in
                let element = block(node, constrainedSize.weftRange)
                return element as? ASLayoutSpec ?? ASWrapperLayoutSpec(layoutElement: element)
            }
        }
        set {
            (self as DisplayNode).layoutSpecBlock = newValue.map { block in
                { node, constrainedSize in block(node as! ASDisplayNode, ASSizeRange(constrainedSize)) }
            }
        }
    }
}
