import WeftLayout

/// Supplies a table, collection or pager with its items, Texture's `ASTableDataSource` /
/// `ASCollectionDataSource` / `ASPagerDataSource` with one flat list of items (no sections).
///
/// The container asks for every item's node when data loads (Texture's data controller
/// allocates and measures all nodes); a node block, when given, is called instead of
/// `nodeForItemAt`. Each call must return a new cell: a cell returned twice, or one that is
/// already in a tree or another container, is refused with a warning and replaced by an empty
/// `CellNode` so the container stays consistent.
public protocol ContainerDataSource: AnyObject {
    /// The number of items in the container.
    func numberOfItems(in container: ContainerNode) -> Int
    /// The cell for the item at `index`, made when the item is first measured.
    func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode
    /// Optional: a block that makes the node (Texture's `nodeBlockForRowAtIndexPath:`).
    func container(_ container: ContainerNode, nodeBlockForItemAt index: Int) -> (() -> CellNode)?
    /// Optional: the size range an item is measured in (collections; default: the container's).
    func container(_ container: ContainerNode, constrainedSizeForItemAt index: Int) -> SizeRange?
}

extension ContainerDataSource {
    /// No block: the container calls `container(_:nodeForItemAt:)`.
    public func container(_ container: ContainerNode, nodeBlockForItemAt index: Int) -> (() -> CellNode)? { nil }
    /// No range of its own: the container's `constrainedSizeForItem(at:)` decides.
    public func container(_ container: ContainerNode, constrainedSizeForItemAt index: Int) -> SizeRange? { nil }
}

/// Infinite feeds: the container hands one to `willBeginBatchFetch` when the user nears the end
/// of the content; the host loads more, inserts the items and calls `completeBatchFetching`.
/// Texture's `ASBatchContext`.
public final class BatchContext {
    /// Whether a batch is under way (between `willBeginBatchFetch` and `completeBatchFetching`).
    public private(set) var isFetching = false
    /// Batches begun so far.
    public private(set) var batchCount = 0

    /// A context with no batch under way.
    public init() {}

    func beginBatchFetching() {
        isFetching = true
        batchCount += 1
    }

    /// Ends the batch (whether or not it loaded anything). The container checks again after
    /// the next items are inserted or the user scrolls, not on completion itself, so a feed
    /// that has run out of items is not asked again and again (Texture's rule).
    public func completeBatchFetching(_ didComplete: Bool = true) {
        isFetching = false
    }

    /// Ends the batch without new items (Texture's `cancelBatchFetching`).
    public func cancelBatchFetching() {
        completeBatchFetching(false)
    }
}
