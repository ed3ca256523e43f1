import Foundation
import WeftLayout
import WeftNodes

/// Supplies an ASCollectionNode with its items. Implement `nodeBlockForItemAt` or `nodeForItemAt`.
public protocol ASCollectionDataSource: AnyObject {
    /// The number of sections (Texture's default, 1, when not implemented).
    func numberOfSections(in collectionNode: ASCollectionNode) -> Int
    /// The number of items in `section`.
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int
    /// A block making the item's cell node; Weft calls it when the item is first measured.
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock
    /// The item's cell node, for a data source that makes nodes rather than blocks.
    func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode
}

extension ASCollectionDataSource {
    /// One section, as in Texture.
    public func numberOfSections(in collectionNode: ASCollectionNode) -> Int { 1 }
    /// Wraps `collectionNode(_:nodeForItemAt:)` in a block, as Texture does.
    public func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let node = self.collectionNode(collectionNode, nodeForItemAt: indexPath)
        return { node }
    }
    /// An empty ASCellNode: implement this or the block method.
    public func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode {
        ASCellNode()
    }
}

/// Sizes and batch fetching of an ASCollectionNode's items.
public protocol ASCollectionDelegate: AnyObject {
    /// Nil: the flow layout's item size, else the collection's bounds.
    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange?
    /// Whether the collection should fetch another batch near the end of its content.
    func shouldBatchFetch(for collectionNode: ASCollectionNode) -> Bool
    /// Starts a batch fetch: insert the new items, then call `context.completeBatchFetching(true)`.
    func collectionNode(_ collectionNode: ASCollectionNode, willBeginBatchFetchWith context: ASBatchContext)
}

extension ASCollectionDelegate {
    /// No range of its own: the item takes the flow layout's `itemSize`.
    public func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange?
    { nil }
    /// Fetches, as Texture does when the delegate does not answer.
    public func shouldBatchFetch(for collectionNode: ASCollectionNode) -> Bool { true }
    /// Without an implementation there is nothing to fetch: the batch ends at once.
    public func collectionNode(_ collectionNode: ASCollectionNode, willBeginBatchFetchWith context: ASBatchContext) {
        context.completeBatchFetching(true)
    }
}

/// The scroll direction of a flow layout.
public enum UICollectionView {
    /// The axis a flow layout's collection scrolls along.
    public enum ScrollDirection: Int, Sendable {
        /// Items fill rows left to right; the collection scrolls down.
        case vertical
        /// Items fill columns top to bottom; the collection scrolls right.
        case horizontal
    }
}

/// UIKit's flow layout, the settings Weft's collection lays items out with (left-aligned lines).
public final class UICollectionViewFlowLayout {
    /// The axis the collection scrolls along; items fill lines across it (default vertical).
    public var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// The size of every item without a constrained size of its own, in points (UIKit's default 50 x 50).
    public var itemSize = CGSize(width: 50, height: 50)
    /// The least gap between items in a line, in points (default 10).
    public var minimumInteritemSpacing: CGFloat = 10
    /// The least gap between lines, in points (default 10).
    public var minimumLineSpacing: CGFloat = 10
    /// The margins around the items, in points (default none).
    public var sectionInset = UIEdgeInsets()

    /// A vertical flow layout with UIKit's defaults.
    public init() {}
}

/// Texture's ASCollectionNode on Weft's CollectionNode (one flow layout, sections in order).
open class ASCollectionNode: CollectionNode {
    private let sections = SectionedDataSource()

    /// Texture's initialiser: Weft's collection takes the flow layout's direction, item size, spacings and insets.
    public init(collectionViewLayout layout: UICollectionViewFlowLayout) {
        super.init(scrollAxis: layout.scrollDirection == .vertical ? .vertical : .horizontal)
        itemSize = Size(layout.itemSize)
        interitemSpacing = Double(layout.minimumInteritemSpacing)
        lineSpacing = Double(layout.minimumLineSpacing)
        sectionInset = layout.sectionInset
        sections.numberOfSections = { [unowned self] in textureDataSource?.numberOfSections(in: self) ?? 0 }
        sections.numberOfItemsInSection = { [unowned self] in
            textureDataSource?.collectionNode(self, numberOfItemsInSection: $0) ?? 0
        }
        sections.nodeBlock = { [unowned self] in
            textureDataSource?.collectionNode(self, nodeBlockForItemAt: $0) ?? { ASCellNode() }
        }
        sections.constrainedSize = { [unowned self] in textureDelegate?.collectionNode(self, constrainedSizeForItemAt: $0) }
        shouldBatchFetch = { [unowned self] in textureDelegate?.shouldBatchFetch(for: self) ?? false }
        willBeginBatchFetch = { [unowned self] in
            if let textureDelegate {
                textureDelegate.collectionNode(self, willBeginBatchFetchWith: $0)
            } else {
                $0.completeBatchFetching(true)
            }
        }
    }

    /// The Swift class name, which snapshots and the inspector show (Texture's `NSStringFromClass`).
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

    /// The delegate's `constrainedSizeForItemAt`, or Weft's from the flow layout's item size.
    open override func constrainedSizeForItem(at index: Int) -> SizeRange {
        sections.container(self, constrainedSizeForItemAt: index) ?? super.constrainedSizeForItem(at: index)
    }

    /// The item's cell node, or nil when it is not loaded or out of bounds (Texture's `nodeForItemAtIndexPath:`).
    public func nodeForItem(at indexPath: IndexPath) -> ASCellNode? {
        sections.item(at: indexPath).flatMap(cellForItem(at:)) as? ASCellNode
    }

    /// Items the data source added (an inconsistent update reloads: SectionedDataSource.apply).
    public func insertItems(at indexPaths: [IndexPath]) {
        sections.apply("insertItems", to: self, at: indexPaths) { try insertItems(at: $0) }
    }

    /// Items the data source removed, numbered as before the removal (an inconsistent update reloads).
    public func deleteItems(at indexPaths: [IndexPath]) {
        sections.apply("deleteItems", to: self, at: indexPaths, numberedBefore: true) { try deleteItems(at: $0) }
    }
}

extension ASCollectionNode: ASContainerNodeTextureProperties {
    /// The type `dataSource` takes in Texture's code.
    public typealias TextureDataSource = any ASCollectionDataSource
    /// The type `delegate` takes in Texture's code.
    public typealias TextureDelegate = any ASCollectionDelegate
}
