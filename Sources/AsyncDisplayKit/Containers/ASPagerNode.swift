import Foundation
import WeftLayout
import WeftNodes

/// Supplies an ASPagerNode with its pages. Implement `nodeBlockAt` or `nodeAt`.
public protocol ASPagerDataSource: AnyObject {
    /// The number of pages.
    func numberOfPages(in pagerNode: ASPagerNode) -> Int
    /// A block making the page's cell node; Weft calls it when the page is first measured.
    func pagerNode(_ pagerNode: ASPagerNode, nodeBlockAt index: Int) -> ASCellNodeBlock
    /// The page's cell node, for a data source that makes nodes rather than blocks.
    func pagerNode(_ pagerNode: ASPagerNode, nodeAt index: Int) -> ASCellNode
}

extension ASPagerDataSource {
    /// Wraps `pagerNode(_:nodeAt:)` in a block, as Texture does.
    public func pagerNode(_ pagerNode: ASPagerNode, nodeBlockAt index: Int) -> ASCellNodeBlock {
        let node = self.pagerNode(pagerNode, nodeAt: index)
        return { node }
    }
    /// An empty ASCellNode: implement this or the block method.
    public func pagerNode(_ pagerNode: ASPagerNode, nodeAt index: Int) -> ASCellNode { ASCellNode() }
}

/// Texture's ASPagerNode: horizontal full-size pages, on Weft's PagerNode.
open class ASPagerNode: PagerNode {
    private let pages = SectionedDataSource()

    /// An empty pager; set its data source with `setDataSource(_:)`.
    public override init() {
        super.init()
        pages.numberOfSections = { 1 }
        pages.numberOfItemsInSection = { [unowned self] _ in pagerDataSource?.numberOfPages(in: self) ?? 0 }
        pages.nodeBlock = { [unowned self] in pagerDataSource?.pagerNode(self, nodeBlockAt: $0.item) ?? { ASCellNode() } }
    }

    /// The Swift class name, which snapshots and the inspector show (Texture's `NSStringFromClass`).
    open override var textureClassName: String { ASClassName.of(self) }

    /// Texture's `setDataSource(_:)`.
    public func setDataSource(_ dataSource: ASPagerDataSource?) {
        pagerDataSource = dataSource
    }

    /// The pager's data source, held weakly (Texture's `dataSource`).
    public weak var pagerDataSource: ASPagerDataSource? {
        didSet {
            (self as ContainerNode).dataSource = pagerDataSource == nil ? nil : pages
            // The inspector names the program's data source, not the adapter.
            rangeController.dataSourceTypeName = pagerDataSource.map { String(describing: type(of: $0)) } ?? ""
        }
    }

    /// The page's cell node, or nil when it is not loaded (Texture's `nodeForPageAtIndex:`).
    public func nodeForPage(at index: Int) -> ASCellNode? { cellForItem(at: index) as? ASCellNode }
}
