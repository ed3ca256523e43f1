import Foundation
import WeftLayout

/// The result of a layout, Texture's ASLayout: the element, its size and position, and its
/// sublayouts. A node's `layoutThatFits` returns it flattened (sublayouts are the nearest node
/// descendants, positioned in the node); a spec's returns every level.
public final class ASLayout: CustomStringConvertible {
    /// The Weft layout this one reads.
    public let weftLayout: Layout

    public init(_ layout: Layout) {
        weftLayout = layout
    }

    public var layoutElement: ASLayoutElement { weftLayout.element }
    public var type: ASLayoutElementType { weftLayout.element.layoutElementType }
    public var size: CGSize { CGSize(weftLayout.size) }
    public var position: CGPoint { CGPoint(weftLayout.position) }
    public var frame: CGRect { CGRect(weftLayout.frame) }
    public lazy var sublayouts: [ASLayout] = weftLayout.sublayouts.map(ASLayout.init)

    /// `<ASLayout: layoutElement=ASTextNode; position={0, 0}; size={100, 20}>`.
    public var description: String {
        "<ASLayout: layoutElement=\(weftLayout.element.textureClassName); position=\(weftLayout.position); size=\(weftLayout.size)>"
    }
}
