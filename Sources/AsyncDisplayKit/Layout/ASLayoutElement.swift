import Foundation
import WeftLayout
import WeftNodes

/// Anything that can be laid out: every spec and every node.
public typealias ASLayoutElement = LayoutElement
/// `.layoutSpec` or `.displayNode`.
public typealias ASLayoutElementType = LayoutElementType

extension LayoutElement {
    /// Texture's `layoutThatFits(_:)`: a spec's whole layout tree, or a node's layout
    /// flattened to its nearest node descendants (what `-[ASDisplayNode layoutThatFits:]`
    /// returns), laid out at its main loop's screen scale, or
    /// UIScreen.main.scale outside one.
    public func layoutThatFits(_ constrainedSize: ASSizeRange) -> ASLayout {
        layoutThatFits(constrainedSize, parentSize: constrainedSize.max)
    }

    /// The same inside a parent of `parentSize`.
    public func layoutThatFits(_ constrainedSize: ASSizeRange, parentSize: CGSize) -> ASLayout {
        let context =
            (self as? DisplayNode).flatMap { $0.loopOfTree != nil ? $0.layoutContext : nil }
            ?? LayoutContext(scale: Double(UIScreen.main.scale))
        let layout = layoutThatFits(constrainedSize.weftRange, parentSize: Size(parentSize), context: context)
        guard layoutElementType == .displayNode else { return ASLayout(layout) }
        // Texture's filteredNodeLayoutTree keeps no levels below the node descendants.
        var flattened = layout.flattenedToNodes(context: context)
        flattened.sublayouts = flattened.sublayouts.map { Layout(element: $0.element, exactSize: $0.size, position: $0.position) }
        return ASLayout(flattened)
    }

    /// Texture's method form of the ASCII art (Weft's is a property).
    public func asciiArtString() -> String { asciiArtString }
}
