import Foundation
import WeftLayout
import WeftNodes

/// Supplies an ASTableNode with its rows. Implement `nodeBlockForRowAt` or `nodeForRowAt`.
public protocol ASTableDataSource: AnyObject {
    /// The number of sections (Texture's default, 1, when not implemented).
    func numberOfSections(in tableNode: ASTableNode) -> Int
    /// The number of rows in `section`.
    func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int
    /// A block making the row's cell node; Weft calls it when the row is first measured.
    func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock
    /// The row's cell node, for a data source that makes nodes rather than blocks.
    func tableNode(_ tableNode: ASTableNode, nodeForRowAt indexPath: IndexPath) -> ASCellNode
}

extension ASTableDataSource {
    /// One section, as in Texture.
    public func numberOfSections(in tableNode: ASTableNode) -> Int { 1 }
    /// Wraps `tableNode(_:nodeForRowAt:)` in a block, as Texture does.
    public func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
        let node = self.tableNode(tableNode, nodeForRowAt: indexPath)
        return { node }
    }
    /// An empty ASCellNode: implement this or the block method.
    public func tableNode(_ tableNode: ASTableNode, nodeForRowAt indexPath: IndexPath) -> ASCellNode { ASCellNode() }
}

/// Sizes and batch fetching of an ASTableNode's rows.
public protocol ASTableDelegate: AnyObject {
    /// The size range the row's cell is measured in.
    func tableNode(_ tableNode: ASTableNode, constrainedSizeForRowAt indexPath: IndexPath) -> ASSizeRange
    /// Whether the table should fetch another batch near the end of its content.
    func shouldBatchFetch(for tableNode: ASTableNode) -> Bool
    /// Starts a batch fetch: insert the new rows, then call `context.completeBatchFetching(true)`.
    func tableNode(_ tableNode: ASTableNode, willBeginBatchFetchWith context: ASBatchContext)
}

extension ASTableDelegate {
    /// The table's width exactly, any height.
    public func tableNode(_ tableNode: ASTableNode, constrainedSizeForRowAt indexPath: IndexPath) -> ASSizeRange {
        ASSizeRange(
            min: CGSize(width: tableNode.bounds.width, height: 0),
            max: CGSize(width: tableNode.bounds.width, height: .infinity))
    }
    /// Fetches, as Texture does when the delegate does not answer.
    public func shouldBatchFetch(for tableNode: ASTableNode) -> Bool { true }
    /// Without an implementation there is nothing to fetch: the batch ends at once.
    public func tableNode(_ tableNode: ASTableNode, willBeginBatchFetchWith context: ASBatchContext) {
        context.completeBatchFetching(true)
    }
}

/// Namespace for UIKit's table types Texture code names.
public enum UITableView {
    /// Row animations (Weft does not animate updates).
    public enum RowAnimation: Int, Sendable {
        /// UIKit's animations, all applied at once.
        case fade, right, left, top, bottom, none, middle
        /// UIKit's choice of animation, applied at once too.
        case automatic = 100
    }

    /// Where a row scrolled to ends up (Weft brings it to the top, clamped to the content).
    public enum ScrollPosition: Int, Sendable {
        /// UIKit's positions; each brings the row to the top.
        case none, top, middle, bottom
    }

    /// Plain or grouped (Weft lays both out as one plain list).
    public enum Style: Int, Sendable {
        /// UIKit's table styles.
        case plain, grouped, insetGrouped
    }
}

/// Namespace for UIKit's cell types Texture code names.
public enum UITableViewCell {
    /// How a selected cell is highlighted (kept, not drawn).
    public enum SelectionStyle: Int, Sendable {
        /// UIKit's selection styles.
        case none, blue, gray
        /// UIKit's default, `.blue`.
        public static let `default` = SelectionStyle.blue
    }

    /// The accessory a table cell shows (kept, not drawn).
    public enum AccessoryType: Int, Sendable {
        /// UIKit's accessories.
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }
}

/// Texture's ASTableNode: a vertical list of ASCellNodes with sections, batch fetching and
/// ranges, on Weft's TableNode.
open class ASTableNode: TableNode {
    private let sections = SectionedDataSource()

    /// Texture's initialiser; every style lays out as a plain list.
    public init(style: UITableView.Style = .plain) {
        super.init()
        sections.numberOfSections = { [unowned self] in textureDataSource?.numberOfSections(in: self) ?? 0 }
        sections.numberOfItemsInSection = { [unowned self] in textureDataSource?.tableNode(self, numberOfRowsInSection: $0) ?? 0 }
        sections.nodeBlock = { [unowned self] in textureDataSource?.tableNode(self, nodeBlockForRowAt: $0) ?? { ASCellNode() } }
        sections.constrainedSize = { [unowned self] in textureDelegate?.tableNode(self, constrainedSizeForRowAt: $0) }
        shouldBatchFetch = { [unowned self] in textureDelegate?.shouldBatchFetch(for: self) ?? false }
        willBeginBatchFetch = { [unowned self] in
            if let textureDelegate {
                textureDelegate.tableNode(self, willBeginBatchFetchWith: $0)
            } else {
                $0.completeBatchFetching(true)
            }
        }
    }

    /// The Swift class name, which snapshots and the inspector show (Texture's `NSStringFromClass`).
    open override var textureClassName: String { ASClassName.of(self) }

    /// Texture's `dataSource` (weak; `dataSource` names it too: ASContainerNodeTextureProperties).
    public weak var textureDataSource: ASTableDataSource? {
        didSet {
            (self as ContainerNode).dataSource = textureDataSource == nil ? nil : sections
            // The inspector names the program's data source, not the adapter.
            rangeController.dataSourceTypeName = textureDataSource.map { String(describing: type(of: $0)) } ?? ""
        }
    }
    /// Texture's `delegate` (weak; `delegate` names it too).
    public weak var textureDelegate: ASTableDelegate?

    /// The delegate's `constrainedSizeForRowAt`, or the table's width exactly and any height.
    open override func constrainedSizeForItem(at index: Int) -> SizeRange {
        sections.container(self, constrainedSizeForItemAt: index) ?? super.constrainedSizeForItem(at: index)
    }

    /// The rows the data source reported for `section` (0 for a section out of bounds).
    public func numberOfRows(inSection section: Int) -> Int {
        section >= 0 && section < sections.sectionCounts.count ? sections.sectionCounts[section] : 0
    }

    /// The sections the data source reported.
    public var numberOfSections: Int { sections.sectionCounts.count }

    /// The row's cell node, or nil when it is not loaded or out of bounds (Texture's `nodeForRowAtIndexPath:`).
    public func nodeForRow(at indexPath: IndexPath) -> ASCellNode? {
        sections.item(at: indexPath).flatMap(cellForItem(at:)) as? ASCellNode
    }

    /// The index path of a cell node in the table, or nil.
    public func indexPath(for cellNode: ASCellNode) -> IndexPath? {
        index(of: cellNode).map(sections.indexPath(ofItem:))
    }

    /// Rows the data source added (an inconsistent update reloads: SectionedDataSource.apply).
    public func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        sections.apply("insertRows", to: self, at: indexPaths) { try insertItems(at: $0) }
    }

    /// Rows the data source removed, numbered as before the removal (an inconsistent update reloads).
    public func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        sections.apply("deleteRows", to: self, at: indexPaths, numberedBefore: true) { try deleteItems(at: $0) }
    }

    /// Rows whose nodes the data source makes anew (they are measured again).
    public func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        sections.apply("reloadRows", to: self, at: indexPaths) { try reloadItems(at: $0) }
    }

    /// Scrolls the row to the top of the table whatever the position, clamped to the content.
    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: UITableView.ScrollPosition, animated: Bool) {
        guard let item = sections.item(at: indexPath) else { return }
        try? scrollToItem(at: item, animated: animated)
    }
}

extension ASTableNode: ASContainerNodeTextureProperties {
    /// The type `dataSource` takes in Texture's code.
    public typealias TextureDataSource = any ASTableDataSource
    /// The type `delegate` takes in Texture's code.
    public typealias TextureDelegate = any ASTableDelegate
}
