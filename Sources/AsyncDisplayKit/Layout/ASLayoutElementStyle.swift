import Foundation
import WeftLayout

/// The layout style of an element: Weft's own, so a property set through it is the property
/// the engine reads. Its Double properties take CGFloat values as they are (Swift converts).
public typealias ASLayoutElementStyle = LayoutElementStyle
/// `.auto`, `.start`, `.end`, `.center`, `.stretch`.
public typealias ASStackLayoutAlignSelf = StackLayoutAlignSelf

/// The style members Texture types with CoreGraphics values, beside Weft's (`Size`, `Point`)
/// of the same names: Swift picks the one whose type the code uses, so
/// `style.preferredSize = CGSize(...)` sets what `style.preferredSize = Size(...)` sets.
public protocol ASLayoutElementStyleCoreGraphics: AnyObject {
    /// Weft's preferred size (`Size`).
    var preferredSize: Size { get set }
    /// Weft's position in an absolute spec (`Point`).
    var layoutPosition: Point { get set }
    /// Weft's minimum width and height dimensions.
    var minLayoutSize: LayoutSize { get set }
    /// Weft's maximum width and height dimensions.
    var maxLayoutSize: LayoutSize { get set }
}

extension LayoutElementStyle: ASLayoutElementStyleCoreGraphics {}

extension ASLayoutElementStyleCoreGraphics {
    /// Width and height in points (zero when either is a fraction, as Texture asserts).
    public var preferredSize: CGSize {
        get { CGSize((self as any ASLayoutElementStyleCoreGraphics).preferredSize as Size) }
        set { (self as any ASLayoutElementStyleCoreGraphics).preferredSize = Size(newValue) as Size }
    }

    /// The origin inside an absolute spec.
    public var layoutPosition: CGPoint {
        get { CGPoint((self as any ASLayoutElementStyleCoreGraphics).layoutPosition as Point) }
        set { (self as any ASLayoutElementStyleCoreGraphics).layoutPosition = Point(newValue) as Point }
    }

    /// minWidth and minHeight in points (reads 0 for a dimension that is not in points).
    public var minSize: CGSize {
        get { Self.pointSize(minLayoutSize) }
        set { minLayoutSize = LayoutSize(width: .points(Double(newValue.width)), height: .points(Double(newValue.height))) }
    }

    /// maxWidth and maxHeight in points (reads 0 for a dimension that is not in points).
    public var maxSize: CGSize {
        get { Self.pointSize(maxLayoutSize) }
        set { maxLayoutSize = LayoutSize(width: .points(Double(newValue.width)), height: .points(Double(newValue.height))) }
    }

    private static func pointSize(_ size: LayoutSize) -> CGSize {
        func points(_ dimension: WeftLayout.Dimension) -> CGFloat { dimension.unit == .points ? CGFloat(dimension.value) : 0 }
        return CGSize(width: points(size.width), height: points(size.height))
    }
}
