import WeftLayout

/// A vertical list, Texture's `ASTableNode`: each cell is measured with the table's width
/// exactly and any height ({{w, 0}, {w, inf}}) and the rows are stacked top to bottom.
open class TableNode: ContainerNode {
    open override var textureClassName: String { "ASTableNode" }

    public init() {
        super.init(scrollableDirections: .vertical)
    }

    open override func constrainedSizeForItem(at index: Int) -> SizeRange {
        SizeRange(min: Size(width: frame.size.width, height: 0), max: Size(width: frame.size.width, height: .infinity))
    }
}
