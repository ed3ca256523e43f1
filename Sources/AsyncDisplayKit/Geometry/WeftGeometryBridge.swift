import Foundation
import WeftLayout

// Texture's CoreGraphics values and Weft's Double-based ones, one conversion each way.

extension Size {
    init(_ size: CGSize) { self.init(width: Double(size.width), height: Double(size.height)) }
}

extension CGSize {
    init(_ size: Size) { self.init(width: size.width, height: size.height) }
}

extension Point {
    init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
}

extension CGPoint {
    init(_ point: Point) { self.init(x: point.x, y: point.y) }
}

extension CGRect {
    init(_ rect: Rect) { self.init(origin: CGPoint(rect.origin), size: CGSize(rect.size)) }
}

extension Rect {
    init(_ rect: CGRect) { self.init(origin: Point(rect.origin), size: Size(rect.size)) }
}
