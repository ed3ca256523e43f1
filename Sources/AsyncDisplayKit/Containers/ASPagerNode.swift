import Foundation
import WeftLayout
import WeftNodes

/// Supplies an ASPagerNode with its pages. Implement `nodeBlockAt` or `nodeAt`.
public protocol ASPagerDataSource: AnyObject {
    func numberOfPages(in pagerNode: ASPagerNode) -> Int
    func pagerNode(_ pagerNode: ASPagerNode, nodeBlockAt index: Int) -> ASCellNodeBlock
    func pagerNode(_ pagerNode: ASPagerNode, nodeAt index: Int) -> ASCellNode
}

extension ASPagerDataSource {
    public func pagerNode(_ pagerNode: ASPagerNode, nodeBlockAt index: Int) -> ASCellNodeBlock {
        let node = self.pagerNode(pagerNode, nodeAt: index)
        return { node }
    }
    public func pagerNode(_ pagerNode: ASPagerNode, nodeAt index: Int) -> ASCellNode { ASCellNode() }
}

/// Texture's ASPagerNode: horizontal full-size pages, on Weft's PagerNode.
open class ASPagerNode: PagerNode {
    private let pages = SectionedDataSource()

    public override init() {
        super.init()
        pages.numberOfSections = { 1 }
        pages.numberOfItemsInSection = { [unowned self] _ in pagerDataSource?.numberOfPages(in: self) ?? 0 }
        pages.nodeBlock = { [unowned self] in pagerDataSource?.pagerNode(self, nodeBlockAt: $0.item) ?? { ASCellNode() } }
    }

    open override var textureClassName: String { ASClassName.of(self) }

    /// Texture's `setDataSource(_:)`.
    public func setDataSource(_ dataSource: ASPagerDataSource?) {
        pagerDataSource = dataSource
    }

    public weak var pagerDataSource: ASPagerDataSource? {
        didSet {
            (self as ContainerNode).dataSource = pagerDataSource == nil ? nil : pages
            // The inspector names the program's data source, not the adapter.
            rangeController.dataSourceTypeName = pagerDataSource.map { String(describing: type(of: $0)) } ?? ""
        }
    }

    public func nodeForPage(at index: Int) -> ASCellNode? { cellForItem(at: index) as? ASCellNode }
}
