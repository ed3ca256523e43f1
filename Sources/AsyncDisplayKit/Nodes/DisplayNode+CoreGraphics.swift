import Foundation
import WeftLayout
import WeftNodes

/// The node members Texture types with CoreGraphics values, beside Weft's of the same names
/// (`frame: Rect`...): Swift picks the one whose type the code uses, so
/// `node.frame = CGRect(...)` sets the frame Weft lays out, and a `CGRect` read gets it too.
public protocol ASDisplayNodeCoreGraphics: AnyObject {
    /// Weft's frame (`Rect`).
    var frame: Rect { get set }
    /// Weft's bounds (`Rect`).
    var bounds: Rect { get }
    /// Weft's position (`Point`).
    var position: Point { get set }
}

extension DisplayNode: ASDisplayNodeCoreGraphics {}

extension ASDisplayNodeCoreGraphics {
    /// The frame as a CGRect, in the supernode's coordinates.
    public var frame: CGRect {
        get { CGRect((self as any ASDisplayNodeCoreGraphics).frame as Rect) }
        set { (self as any ASDisplayNodeCoreGraphics).frame = Rect(newValue) as Rect }
    }

    /// The bounds as a CGRect: the origin and the frame's size.
    public var bounds: CGRect { CGRect((self as any ASDisplayNodeCoreGraphics).bounds as Rect) }

    /// The position as a CGPoint (the frame's centre, as a layer's position).
    public var position: CGPoint {
        get { CGPoint((self as any ASDisplayNodeCoreGraphics).position as Point) }
        set { (self as any ASDisplayNodeCoreGraphics).position = Point(newValue) as Point }
    }
}

extension DisplayNode {
    /// The size of the last layout calculated for the node's bounds (zero before one).
    public var calculatedSize: CGSize { CGSize(calculatedLayout?.size ?? .zero) }

    /// Texture's `-[ASDisplayNode calculatedLayout]` as an ASLayout (flattened to nodes).
    public var calculatedASLayout: ASLayout? {
        calculatedLayout.map { ASLayout($0.flattenedToNodes(context: layoutContext)) }
    }
}
