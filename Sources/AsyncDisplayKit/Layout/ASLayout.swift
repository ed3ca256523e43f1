import Foundation
import WeftLayout

/// The result of a layout, Texture's ASLayout: the element, its size and position, and its
/// sublayouts. A node's `layoutThatFits` returns it flattened (sublayouts are the nearest node
/// descendants, positioned in the node); a spec's returns every level.
public final class ASLayout: CustomStringConvertible {
    /// The Weft layout this one reads.
    public let weftLayout: Layout

    /// An ASLayout reading a Weft layout.
    public init(_ layout: Layout) {
        weftLayout = layout
    }

    /// The node or spec laid out.
    public var layoutElement: ASLayoutElement { weftLayout.element }
    /// Whether the element is a node or a layout spec.
    public var type: ASLayoutElementType { weftLayout.element.layoutElementType }
    /// The element's size, in points.
    public var size: CGSize { CGSize(weftLayout.size) }
    /// The element's origin in its parent layout, in points.
    public var position: CGPoint { CGPoint(weftLayout.position) }
    /// The position and size together, in the parent layout's coordinates.
    public var frame: CGRect { CGRect(weftLayout.frame) }
    /// The children's layouts, made once on first read.
    public lazy var sublayouts: [ASLayout] = weftLayout.sublayouts.map(ASLayout.init)

    /// `<ASLayout: layoutElement=ASTextNode; position={0, 0}; size={100, 20}>`.
    public var description: String {
        "<ASLayout: layoutElement=\(weftLayout.element.textureClassName); position=\(weftLayout.position); size=\(weftLayout.size)>"
    }
}
