/// An item of a table, collection or pager, Texture's `ASCellNode`. Its interface state comes
/// from the container's range controller (it is range-managed), and a `setNeedsLayout` on it (or
/// on a node inside it) makes the container measure it again.
open class CellNode: DisplayNode {
    /// `ASCellNode`, the class name snapshots and ASCII art print.
    open override var textureClassName: String { "ASCellNode" }

    /// An empty cell; give it subnodes and a layout spec.
    public override init() {
        super.init()
    }

    /// The container showing the cell (nil before a data source handed it over, or after removal).
    public var container: ContainerNode? { owningContainer as? ContainerNode }

    /// The cell's item index in its container, or nil.
    public var indexInContainer: Int? { container?.index(of: self) }
}
