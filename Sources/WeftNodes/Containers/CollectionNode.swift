import WeftLayout

/// A flow of items, Texture's `ASCollectionNode` with a flow layout: items are placed in
/// lines along the cross axis and the lines follow each other along the scroll axis.
///
/// Vertical: items go left to right (separated by `interitemSpacing`) and wrap into a new row
/// when the next one would pass the width minus `sectionInset`; rows are `lineSpacing` apart
/// and as tall as their tallest item, items top-aligned. Horizontal: the same with the axes
/// swapped. Items are measured in {{0, 0}, {available width, inf}} (vertical) unless the data
/// source gives a size range or `itemSize` fixes one.
open class CollectionNode: ContainerNode {
    /// `ASCollectionNode`, the class name snapshots and ASCII art print.
    open override var textureClassName: String { "ASCollectionNode" }

    /// The axis a collection scrolls along.
    public enum ScrollAxis: Sendable {
        /// Items fill rows left to right; the collection scrolls down.
        case vertical
        /// Items fill columns top to bottom; the collection scrolls right.
        case horizontal
    }

    /// The axis the collection scrolls along, fixed at creation; items fill lines across it.
    public let scrollAxis: ScrollAxis
    /// Every item gets exactly this size when set (UICollectionViewFlowLayout.itemSize).
    public var itemSize: Size? {
        didSet {
            if itemSize != oldValue {
                needsItemRelayout = true
                setNeedsLayout()
            }
        }
    }
    /// The least gap between items in a line, in points (default 0).
    public var interitemSpacing: Double = 0 { didSet { if interitemSpacing != oldValue { needsItemRelayout = true } } }
    /// The least gap between lines, in points (default 0).
    public var lineSpacing: Double = 0 { didSet { if lineSpacing != oldValue { needsItemRelayout = true } } }
    /// The margins around the items, in points (default none).
    public var sectionInset: EdgeInsets = .zero { didSet { if sectionInset != oldValue { needsItemRelayout = true } } }

    /// An empty collection scrolling along `scrollAxis` (default vertical).
    public init(scrollAxis: ScrollAxis = .vertical) {
        self.scrollAxis = scrollAxis
        super.init(scrollableDirections: scrollAxis == .vertical ? .vertical : .horizontal)
    }

    init(scrollAxis: ScrollAxis, tuning: RangeTuningTable) {
        self.scrollAxis = scrollAxis
        super.init(scrollableDirections: scrollAxis == .vertical ? .vertical : .horizontal, tuning: tuning)
    }

    /// `itemSize` exactly when set, else up to the width less the insets (vertical) or the height less the insets (horizontal).
    open override func constrainedSizeForItem(at index: Int) -> SizeRange {
        if let itemSize { return SizeRange(exactly: itemSize) }
        let width = max(0, frame.size.width - sectionInset.left - sectionInset.right)
        let height = max(0, frame.size.height - sectionInset.top - sectionInset.bottom)
        return scrollAxis == .vertical
            ? SizeRange(min: .zero, max: Size(width: width, height: .infinity))
            : SizeRange(min: .zero, max: Size(width: .infinity, height: height))
    }

    /// Flow layout: items left to right (top to bottom when horizontal), a new line when the next does not fit.
    open override func itemFrames(for sizes: [Size]) -> [Rect] {
        let vertical = scrollAxis == .vertical
        // Work in (along the line, across lines) coordinates; swap back for horizontal flows.
        let lineStart = vertical ? sectionInset.left : sectionInset.top
        let lineLimit = vertical ? frame.size.width - sectionInset.right : frame.size.height - sectionInset.bottom
        var along = lineStart
        var across = vertical ? sectionInset.top : sectionInset.left
        var lineThickness = 0.0
        var lineHasItems = false
        var frames: [Rect] = []
        frames.reserveCapacity(sizes.count)
        for size in sizes {
            let length = vertical ? size.width : size.height
            let thickness = vertical ? size.height : size.width
            if lineHasItems && along + interitemSpacing + length > lineLimit + 1e-9 {
                across += lineThickness + lineSpacing
                along = lineStart
                lineThickness = 0
                lineHasItems = false
            }
            if lineHasItems { along += interitemSpacing }
            frames.append(
                vertical
                    ? Rect(x: along, y: across, width: size.width, height: size.height)
                    : Rect(x: across, y: along, width: size.width, height: size.height))
            along += length
            lineThickness = max(lineThickness, thickness)
            lineHasItems = true
        }
        return frames
    }
}
