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

/// UIKit's row animations (Weft does not animate updates).
public enum UITableView {
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }
}

/// Texture's ASTableNode: a vertical list of ASCellNodes with sections, batch fetching and
/// ranges, on Weft's TableNode.
open class ASTableNode: TableNode {
    private let sections = SectionedDataSource()

    public init(style: Int = 0) {
        super.init()
        sections.numberOfSections = { [unowned self] in tableDataSource?.numberOfSections(in: self) ?? 0 }
        sections.numberOfItemsInSection = { [unowned self] in tableDataSource?.tableNode(self, numberOfRowsInSection: $0) ?? 0 }
        sections.nodeBlock = { [unowned self] in tableDataSource?.tableNode(self, nodeBlockForRowAt: $0) ?? { ASCellNode() } }
        sections.constrainedSize = { [unowned self] in tableDelegate?.tableNode(self, constrainedSizeForRowAt: $0) }
        shouldBatchFetch = { [unowned self] in tableDelegate?.shouldBatchFetch(for: self) ?? false }
        willBeginBatchFetch = { [unowned self] in
            if let tableDelegate { tableDelegate.tableNode(self, willBeginBatchFetchWith: $0) } else { $0.completeBatchFetching(true) }
        }
    }

    open override var textureClassName: String { ASClassName.of(self) }

    /// Texture's `dataSource` (weak).
    public weak var tableDataSource: ASTableDataSource? {
        didSet { (self as ContainerNode).dataSource = tableDataSource == nil ? nil : sections }
    }
    /// Texture's `delegate` (weak).
    public weak var tableDelegate: ASTableDelegate?

    open override func constrainedSizeForItem(at index: Int) -> SizeRange {
        sections.container(self, constrainedSizeForItemAt: index) ?? super.constrainedSizeForItem(at: index)
    }

    public func numberOfRows(inSection section: Int) -> Int {
        section >= 0 && section < sections.sectionCounts.count ? sections.sectionCounts[section] : 0
    }

    public var numberOfSections: Int { sections.sectionCounts.count }

    public func nodeForRow(at indexPath: IndexPath) -> ASCellNode? {
        cellForItem(at: sections.item(at: indexPath, in: self)) as? ASCellNode
    }

    public func indexPath(for cellNode: ASCellNode) -> IndexPath? {
        index(of: cellNode).map(sections.indexPath(ofItem:))
    }

    /// Rows the data source added; a mismatch is reported on standard error and reloads.
    public func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        apply("insertRows", indexPaths) { try insertItems(at: $0) }
    }

    public func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        apply("deleteRows", indexPaths, countsBefore: true) { try deleteItems(at: $0) }
    }

    public func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        apply("reloadRows", indexPaths) { try reloadItems(at: $0) }
    }

    public func scrollToRow(at indexPath: IndexPath, at position: Int = 0, animated: Bool) {
        try? scrollToItem(at: sections.item(at: indexPath, in: self), animated: animated)
    }

    /// Texture raises on an inconsistent update; Weft's container refuses it and keeps its
    /// items, so the table reloads from the data source to show what it now holds.
    private func apply(_ operation: String, _ indexPaths: [IndexPath], countsBefore: Bool = false,
                       _ update: ([Int]) throws -> Void) {
        let counts = sections.sectionCounts
        let items = indexPaths.map { path in
            (countsBefore ? counts : nil).map { $0.prefix(max(0, path.section)).reduce(0, +) + path.item }
                ?? sections.item(at: path, in: self)
        }
        do {
            try update(items)
        } catch {
            FileHandle.standardError.write(Data("ASTableNode \(id): \(operation) refused (\(error)); reloading\n".utf8))
            reloadData()
        }
    }
}

/// Texture names a table's data source and delegate `dataSource` and `delegate`; Weft's
/// container already has a `dataSource` (its own protocol): Swift picks by the assigned type.
public protocol ASTableNodeTextureProperties: AnyObject {
    var tableDataSource: ASTableDataSource? { get set }
    var tableDelegate: ASTableDelegate? { get set }
}

extension ASTableNode: ASTableNodeTextureProperties {}

extension ASTableNodeTextureProperties {
    public var dataSource: ASTableDataSource? {
        get { tableDataSource }
        set { tableDataSource = newValue }
    }
    public var delegate: ASTableDelegate? {
        get { tableDelegate }
        set { tableDelegate = newValue }
    }
}
