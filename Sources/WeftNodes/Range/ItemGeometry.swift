import WeftLayout

/// The frames of a container's items in content coordinates, in item order, with the query a
/// range controller runs every scroll frame: which items intersect a rect.
///
/// Items of a table, flow collection or pager are laid out in reading order along the scroll axis,
/// so their leading edges never decrease. The query binary-searches the first item whose running
/// maximum trailing edge passes the rect's start and stops at the first item that starts at or
/// after the rect's end, so it costs O(log n + items in the window), not O(n).
public struct ItemGeometry: Sendable {
    /// The axis items follow each other along.
    public enum Axis: Sendable {
        /// Top to bottom: a table, a vertical collection.
        case vertical
        /// Left to right: a pager, a horizontal collection.
        case horizontal
    }

    /// The scroll axis items follow each other along.
    public let axis: Axis
    /// The items' frames, in item order.
    public private(set) var frames: [Rect] = []
    /// `runningMaxEnd[i]` = the largest trailing edge (along `axis`) among items 0...i.
    private var runningMaxEnd: [Double] = []

    /// Geometry of `frames` along `axis`, indexed for the query.
    public init(axis: Axis, frames: [Rect] = []) {
        self.axis = axis
        self.frames = frames
        rebuildIndex()
    }

    /// The number of items.
    public var count: Int { frames.count }

    /// Replaces the frames and rebuilds the index.
    public mutating func setFrames(_ newFrames: [Rect]) {
        frames = newFrames
        rebuildIndex()
    }

    private mutating func rebuildIndex() {
        runningMaxEnd = []
        runningMaxEnd.reserveCapacity(frames.count)
        var maximum = -Double.infinity
        for frame in frames {
            maximum = Swift.max(maximum, end(frame))
            runningMaxEnd.append(maximum)
        }
    }

    private func start(_ rect: Rect) -> Double { axis == .vertical ? rect.minY : rect.minX }
    private func end(_ rect: Rect) -> Double { axis == .vertical ? rect.maxY : rect.maxX }

    /// Indices of the items whose frames overlap `rect` with a positive area (items that only
    /// touch an edge are out), ascending.
    public func indices(intersecting rect: Rect) -> [Int] {
        guard !frames.isEmpty, rect.size.width > 0, rect.size.height > 0 else { return [] }
        let rectStart = start(rect)
        let rectEnd = end(rect)
        // First item whose running maximum end passes the rect's start.
        var low = 0
        var high = frames.count
        while low < high {
            let middle = (low + high) / 2
            if runningMaxEnd[middle] <= rectStart { low = middle + 1 } else { high = middle }
        }
        // Then (`high` goes on from `low`, where the search left both) the first item from there
        // that starts at or after the rect's end: the items between are the candidates, which
        // the result has room for before it takes them (grown by appends, the three ranges of
        // an update reallocated their arrays a dozen times).
        while high < frames.count, start(frames[high]) < rectEnd { high += 1 }
        var result: [Int] = []
        result.reserveCapacity(high - low)
        for index in low..<high where Self.overlaps(frames[index], rect) { result.append(index) }
        return result
    }

    /// Positive-area overlap: touching edges do not count.
    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY && a.size.width > 0 && a.size.height > 0
    }
}

/// Sorted item indices as inclusive runs: `[0, 1, 2, 5]` -> `[0...2, 5...5]` (docs/protocol.md's
/// `[[start, end], ...]` form).
public func indexRuns(_ sortedIndices: [Int]) -> [ClosedRange<Int>] {
    var runs: [ClosedRange<Int>] = []
    for index in sortedIndices {
        if let last = runs.last, last.upperBound + 1 == index {
            runs[runs.count - 1] = last.lowerBound...index
        } else {
            runs.append(index...index)
        }
    }
    return runs
}
