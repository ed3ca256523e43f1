import Foundation
import WeftLayout
import WeftNodes

/// Supplies an ASCollectionNode with its items. Implement `nodeBlockForItemAt` or `nodeForItemAt`.
public protocol ASCollectionDataSource: AnyObject {
    func numberOfSections(in collectionNode: ASCollectionNode) -> Int
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock
    func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode
}

extension ASCollectionDataSource {
    public func numberOfSections(in collectionNode: ASCollectionNode) -> Int { 1 }
    public func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let node = self.collectionNode(collectionNode, nodeForItemAt: indexPath)
        return { node }
    }
    public func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode { ASCellNode() }
}

/// Sizes and batch fetching of an ASCollectionNode's items.
public protocol ASCollectionDelegate: AnyObject {
    /// Nil: the flow layout's item size, else the collection's bounds.
    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange?
    func shouldBatchFetch(for collectionNode: ASCollectionNode) -> Bool
    func collectionNode(_ collectionNode: ASCollectionNode, willBeginBatchFetchWith context: ASBatchContext)
}

extension ASCollectionDelegate {
    public func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange? { nil }
    public func shouldBatchFetch(for collectionNode: ASCollectionNode) -> Bool { true }
    public func collectionNode(_ collectionNode: ASCollectionNode, willBeginBatchFetchWith context: ASBatchContext) {
        context.completeBatchFetching(true)
    }
}

/// The scroll direction of a flow layout.
public enum UICollectionView {
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }
}

/// UIKit's flow layout, the settings Weft's collection lays items out with (left-aligned lines).
public final class UICollectionViewFlowLayout {
    public var scrollDirection: UICollectionView.ScrollDirection = .vertical
    public var itemSize = CGSize(width: 50, height: 50)
    public var minimumInteritemSpacing: CGFloat = 10
    public var minimumLineSpacing: CGFloat = 10
    public var sectionInset = UIEdgeInsets()

    public init() {}
}

/// Texture's ASCollectionNode on Weft's CollectionNode (one flow layout, sections in order).
open class ASCollectionNode: CollectionNode {
    private let sections = SectionedDataSource()

    public init(collectionViewLayout layout: UICollectionViewFlowLayout) {
        super.init(scrollAxis: layout.scrollDirection == .vertical ? .vertical : .horizontal)
        itemSize = Size(layout.itemSize)
        interitemSpacing = Double(layout.minimumInteritemSpacing)
        lineSpacing = Double(layout.minimumLineSpacing)
        sectionInset = layout.sectionInset
        sections.numberOfSections = { [unowned self] in textureDataSource?.numberOfSections(in: self) ?? 0 }
        sections.numberOfItemsInSection = { [unowned self] in textureDataSource?.collectionNode(self, numberOfItemsInSection: $0) ?? 0 }
        sections.nodeBlock = { [unowned self] in textureDataSource?.collectionNode(self, nodeBlockForItemAt: $0) ?? { ASCellNode() } }
        sections.constrainedSize = { [unowned self] in textureDelegate?.collectionNode(self, constrainedSizeForItemAt: $0) }
        shouldBatchFetch = { [unowned self] in textureDelegate?.shouldBatchFetch(for: self) ?? false }
        willBeginBatchFetch = { [unowned self] in
            if let textureDelegate { textureDelegate.collectionNode(self, willBeginBatchFetchWith: $0) } else { $0.completeBatchFetching(true) }
        }
    }

    open override var textureClassName: String { ASClassName.of(self) }

    /// Texture's `dataSource` (weak; `dataSource` names it too: ASContainerNodeTextureProperties).
    public weak var textureDataSource: ASCollectionDataSource? {
        didSet {
            (self as ContainerNode).dataSource = textureDataSource == nil ? nil : sections
            // The inspector names the program's data source, not the adapter.
            rangeController.dataSourceTypeName = textureDataSource.map { String(describing: type(of: $0)) } ?? ""
        }
    }
    /// Texture's `delegate` (weak; `delegate` names it too).
    public weak var textureDelegate: ASCollectionDelegate?

    open override func constrainedSizeForItem(at index: Int) -> SizeRange {
        sections.container(self, constrainedSizeForItemAt: index) ?? super.constrainedSizeForItem(at: index)
    }

    public func nodeForItem(at indexPath: IndexPath) -> ASCellNode? {
        sections.item(at: indexPath).flatMap(cellForItem(at:)) as? ASCellNode
    }

    /// Items the data source added (an inconsistent update reloads: SectionedDataSource.apply).
    public func insertItems(at indexPaths: [IndexPath]) {
        sections.apply("insertItems", to: self, at: indexPaths) { try insertItems(at: $0) }
    }

    public func deleteItems(at indexPaths: [IndexPath]) {
        sections.apply("deleteItems", to: self, at: indexPaths, numberedBefore: true) { try deleteItems(at: $0) }
    }
}

extension ASCollectionNode: ASContainerNodeTextureProperties {
    public typealias TextureDataSource = any ASCollectionDataSource
    public typealias TextureDelegate = any ASCollectionDelegate
}
