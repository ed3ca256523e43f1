import Foundation
import WeftLayout

/// A `corner` element (a badge) centred on a corner of `child`.
public typealias ASCornerLayoutSpec = CornerLayoutSpec
/// `.topLeft`, `.topRight`, `.bottomLeft`, `.bottomRight`: the corner the element is centred on.
public typealias ASCornerLayoutLocation = CornerLayoutLocation

/// Texture types the corner offset as a CGPoint; Weft's is a `Point` of the same name.
public protocol ASCornerLayoutSpecCoreGraphics: AnyObject {
    /// Weft's offset (`Point`).
    var offset: Point { get set }
}

extension CornerLayoutSpec: ASCornerLayoutSpecCoreGraphics {}

extension ASCornerLayoutSpecCoreGraphics {
    /// The corner element's offset from the corner as a CGPoint, in points.
    public var offset: CGPoint {
        get { CGPoint((self as any ASCornerLayoutSpecCoreGraphics).offset as Point) }
        set { (self as any ASCornerLayoutSpecCoreGraphics).offset = Point(newValue) as Point }
    }
}
