import WeftLayout

/// A vertical list, Texture's `ASTableNode`: each cell is measured with the table's width
/// exactly and any height ({{w, 0}, {w, inf}}) and the rows are stacked top to bottom.
open class TableNode: ContainerNode {
    /// `ASTableNode`, the class name snapshots and ASCII art print.
    open override var textureClassName: String { "ASTableNode" }

    /// An empty table scrolling vertically.
    public init() {
        super.init(scrollableDirections: .vertical)
    }

    /// The table's width exactly and any height, as Texture measures rows.
    open override func constrainedSizeForItem(at index: Int) -> SizeRange {
        SizeRange(min: Size(width: frame.size.width, height: 0), max: Size(width: frame.size.width, height: .infinity))
    }
}
