import Foundation
import WeftLayout
import WeftNodes

/// Texture's sections over Weft's one flat list of items: the adapter a facade container sets
/// as its Weft data source, which asks the container's Texture data source through closures
/// and maps item numbers to index paths (section by section, in order).
final class SectionedDataSource: ContainerDataSource {
    var numberOfSections: () -> Int = { 0 }
    var numberOfItemsInSection: (Int) -> Int = { _ in 0 }
    var nodeBlock: (IndexPath) -> ASCellNodeBlock = { _ in { ASCellNode() } }
    var constrainedSize: (IndexPath) -> ASSizeRange? = { _ in nil }

    /// The item count of each section, as last asked.
    private(set) var sectionCounts: [Int] = []

    func numberOfItems(in container: ContainerNode) -> Int {
        sectionCounts = (0..<max(0, numberOfSections())).map { max(0, numberOfItemsInSection($0)) }
        return sectionCounts.reduce(0, +)
    }

    func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
        nodeBlock(indexPath(ofItem: index))()
    }

    func container(_ container: ContainerNode, constrainedSizeForItemAt index: Int) -> SizeRange? {
        constrainedSize(indexPath(ofItem: index))?.weftRange
    }

    func indexPath(ofItem index: Int) -> IndexPath {
        var rest = index
        for (section, count) in sectionCounts.enumerated() {
            if rest < count { return IndexPath(item: rest, section: section) }
            rest -= count
        }
        return IndexPath(item: rest, section: max(0, sectionCounts.count - 1))
    }

    /// The flat item number of `indexPath` with the counts the container last loaded (its
    /// cells' numbering, as Texture's element map keeps it); nil outside every section.
    func item(at indexPath: IndexPath) -> Int? {
        guard indexPath.count == 2, sectionCounts.indices.contains(indexPath.section),
            (0..<sectionCounts[indexPath.section]).contains(indexPath.item)
        else { return nil }
        return sectionCounts.prefix(indexPath.section).reduce(0, +) + indexPath.item
    }

    /// Applies an update at `indexPaths` (numbered with the counts before the change for a
    /// deletion, after it otherwise). Texture raises on an inconsistent update; Weft's container
    /// refuses it and keeps its items, so the container reloads from the data source to show
    /// what it now holds, saying so on standard error.
    func apply(
        _ operation: String, to container: ContainerNode, at indexPaths: [IndexPath],
        numberedBefore: Bool = false, _ update: ([Int]) throws -> Void
    ) {
        // An insertion or reload is numbered with the data source's new counts.
        if !numberedBefore { _ = numberOfItems(in: container) }
        // A path outside the sections becomes -1, which the container refuses.
        let items = indexPaths.map { item(at: $0) ?? -1 }
        do {
            try update(items)
        } catch {
            FileHandle.standardError.write(
                Data("\(container.textureClassName) \(container.id): \(operation) refused (\(error)); reloading\n".utf8))
            container.reloadData()
        }
    }
}
