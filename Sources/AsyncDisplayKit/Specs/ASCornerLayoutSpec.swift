import Foundation
import WeftLayout

/// A `corner` element (a badge) centred on a corner of `child`.
public typealias ASCornerLayoutSpec = CornerLayoutSpec
public typealias ASCornerLayoutLocation = CornerLayoutLocation

/// Texture types the corner offset as a CGPoint; Weft's is a `Point` of the same name.
public protocol ASCornerLayoutSpecCoreGraphics: AnyObject {
    var offset: Point { get set }
}

extension CornerLayoutSpec: ASCornerLayoutSpecCoreGraphics {}

extension ASCornerLayoutSpecCoreGraphics {
    public var offset: CGPoint {
        get { CGPoint((self as any ASCornerLayoutSpecCoreGraphics).offset as Point) }
        set { (self as any ASCornerLayoutSpecCoreGraphics).offset = Point(newValue) as Point }
    }
}
