import WeftLayout

/// Horizontal pages, Texture's `ASPagerNode` (a collection): every page is exactly the pager's
/// size, released drags settle on a page, and the range tuning uses the pager overrides
/// (minimum display (0, 0), preload (1, 1); full display (1, 1), preload (2, 2)).
open class PagerNode: CollectionNode {
    /// `ASPagerNode`, the class name snapshots and ASCII art print.
    open override var textureClassName: String { "ASPagerNode" }

    /// An empty pager scrolling horizontally, one page per screen.
    public init() {
        super.init(scrollAxis: .horizontal, tuning: .pager)
        pagingEnabled = true
    }

    /// Every page exactly the pager's size.
    open override func constrainedSizeForItem(at index: Int) -> SizeRange {
        SizeRange(exactly: frame.size)
    }

    /// Pages side by side, each the pager's size.
    open override func itemFrames(for sizes: [Size]) -> [Rect] {
        sizes.indices.map { Rect(x: Double($0) * frame.size.width, y: 0, width: frame.size.width, height: frame.size.height) }
    }

    /// The page the viewport shows most of.
    public var currentPageIndex: Int {
        guard frame.size.width > 0, numberOfItems > 0 else { return 0 }
        return min(numberOfItems - 1, max(0, Int((contentOffset.x / frame.size.width).rounded())))
    }

    /// Scrolls to page `index` (throws for a missing page).
    public func scrollToPage(at index: Int, animated: Bool = false) throws {
        try scrollToItem(at: index, animated: animated)
    }

    /// A release settles on the nearest page, or the next one in the direction of a flick
    /// faster than 300 pt/s, as a paging UIScrollView does.
    open override func restingOffset(afterReleaseWith velocity: Point) -> Point {
        let width = frame.size.width
        guard width > 0 else { return contentOffset }
        var page = (contentOffset.x / width).rounded()
        if velocity.x > 300 { page = (contentOffset.x / width).rounded(.down) + 1 }
        if velocity.x < -300 { page = (contentOffset.x / width).rounded(.up) - 1 }
        return clamped(Point(x: page * width, y: contentOffset.y))
    }
}
