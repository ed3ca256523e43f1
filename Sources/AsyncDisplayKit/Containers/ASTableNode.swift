import Foundation
import WeftLayout
import WeftNodes

/// Supplies an ASTableNode with its rows. Implement `nodeBlockForRowAt` or `nodeForRowAt`.
public protocol ASTableDataSource: AnyObject {
    func numberOfSections(in tableNode: ASTableNode) -> Int
    func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int
    func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock
    func tableNode(_ tableNode: ASTableNode, nodeForRowAt indexPath: IndexPath) -> ASCellNode
}

extension ASTableDataSource {
    public func numberOfSections(in tableNode: ASTableNode) -> Int { 1 }
    public func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
        let node = self.tableNode(tableNode, nodeForRowAt: indexPath)
        return { node }
    }
    public func tableNode(_ tableNode: ASTableNode, nodeForRowAt indexPath: IndexPath) -> ASCellNode { ASCellNode() }
}

/// Sizes and batch fetching of an ASTableNode's rows.
public protocol ASTableDelegate: AnyObject {
    func tableNode(_ tableNode: ASTableNode, constrainedSizeForRowAt indexPath: IndexPath) -> ASSizeRange
    func shouldBatchFetch(for tableNode: ASTableNode) -> Bool
    func tableNode(_ tableNode: ASTableNode, willBeginBatchFetchWith context: ASBatchContext)
}

extension ASTableDelegate {
    /// The table's width exactly, any height.
    public func tableNode(_ tableNode: ASTableNode, constrainedSizeForRowAt indexPath: IndexPath) -> ASSizeRange {
        ASSizeRange(min: CGSize(width: tableNode.bounds.width, height: 0),
                    max: CGSize(width: tableNode.bounds.width, height: .infinity))
    }
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
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }

    /// Where a row scrolled to ends up (Weft brings it to the top, clamped to the content).
    public enum ScrollPosition: Int, Sendable {
        case none, top, middle, bottom
    }

    /// Plain or grouped (Weft lays both out as one plain list).
    public enum Style: Int, Sendable {
        case plain, grouped, insetGrouped
    }
}

/// Namespace for UIKit's cell types Texture code names.
public enum UITableViewCell {
    /// How a selected cell is highlighted (kept, not drawn).
    public enum SelectionStyle: Int, Sendable {
        case none, blue, gray
        public static let `default` = SelectionStyle.blue
    }

    /// The accessory a table cell shows (kept, not drawn).
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }
}

/// Texture's ASTableNode: a vertical list of ASCellNodes with sections, batch fetching and
/// ranges, on Weft's TableNode.
open class ASTableNode: TableNode {
    private let sections = SectionedDataSource()

    public init(style: UITableView.Style = .plain) {
        super.init()
        sections.numberOfSections = { [unowned self] in textureDataSource?.numberOfSections(in: self) ?? 0 }
        sections.numberOfItemsInSection = { [unowned self] in textureDataSource?.tableNode(self, numberOfRowsInSection: $0) ?? 0 }
        sections.nodeBlock = { [unowned self] in textureDataSource?.tableNode(self, nodeBlockForRowAt: $0) ?? { ASCellNode() } }
        sections.constrainedSize = { [unowned self] in textureDelegate?.tableNode(self, constrainedSizeForRowAt: $0) }
        shouldBatchFetch = { [unowned self] in textureDelegate?.shouldBatchFetch(for: self) ?? false }
        willBeginBatchFetch = { [unowned self] in
            if let textureDelegate { textureDelegate.tableNode(self, willBeginBatchFetchWith: $0) } else { $0.completeBatchFetching(true) }
        }
    }

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

    open override func constrainedSizeForItem(at index: Int) -> SizeRange {
        sections.container(self, constrainedSizeForItemAt: index) ?? super.constrainedSizeForItem(at: index)
    }

    public func numberOfRows(inSection section: Int) -> Int {
        section >= 0 && section < sections.sectionCounts.count ? sections.sectionCounts[section] : 0
    }

    public var numberOfSections: Int { sections.sectionCounts.count }

    public func nodeForRow(at indexPath: IndexPath) -> ASCellNode? {
        sections.item(at: indexPath).flatMap(cellForItem(at:)) as? ASCellNode
    }

    public func indexPath(for cellNode: ASCellNode) -> IndexPath? {
        index(of: cellNode).map(sections.indexPath(ofItem:))
    }

    /// Rows the data source added (an inconsistent update reloads: SectionedDataSource.apply).
    public func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        sections.apply("insertRows", to: self, at: indexPaths) { try insertItems(at: $0) }
    }

    public func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        sections.apply("deleteRows", to: self, at: indexPaths, numberedBefore: true) { try deleteItems(at: $0) }
    }

    public func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        sections.apply("reloadRows", to: self, at: indexPaths) { try reloadItems(at: $0) }
    }

    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: UITableView.ScrollPosition, animated: Bool) {
        guard let item = sections.item(at: indexPath) else { return }
        try? scrollToItem(at: item, animated: animated)
    }
}

extension ASTableNode: ASContainerNodeTextureProperties {
    public typealias TextureDataSource = any ASTableDataSource
    public typealias TextureDelegate = any ASTableDelegate
}
