import WeftLayout
import WeftSnapshot

// WeftLayout's geometry as the snapshot document's plain values.

extension Snapshot.Rect {
    init(_ rect: WeftLayout.Rect) {
        self.init(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
    }
}

extension Snapshot.Size {
    init(_ size: WeftLayout.Size) {
        self.init(width: size.width, height: size.height)
    }
}

extension Snapshot.Point {
    init(_ point: WeftLayout.Point) {
        self.init(x: point.x, y: point.y)
    }
}

extension Snapshot.SizeRange {
    init(_ range: WeftLayout.SizeRange) {
        self.init(min: Snapshot.Size(range.min), max: Snapshot.Size(range.max))
    }
}
