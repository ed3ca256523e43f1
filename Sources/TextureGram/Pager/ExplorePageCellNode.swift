import WeftLayout
import WeftNodes

/// One page of the explore pager: a topic heading over a vertical table of rows. The table is a
/// container inside a container's cell, so its range controller is nested in the pager's: its
/// cells only get interface states while the page itself is in the pager's ranges.
final class ExplorePageCellNode: CellNode {
    override var textureClassName: String { "ExplorePageCellNode" }

    let heading: TextNode
    let table = TableNode()
    /// The table holds its data source weakly: the page keeps it.
    let source: ExploreDataSource

    init(page: Int, topic: String, generator: FeedGenerator, library: PhotoLibrary) {
        heading = themedText(topic, font: .bold(17), named: "topic")
        source = ExploreDataSource(page: page, generator: generator, library: library, count: 60)
        super.init()
        debugName = "page \(page)"
        backgroundColor = .white
        automaticallyManagesSubnodes = true
        table.fillRemainingSpace(named: "explore \(topic)")
        table.dataSource = source
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let title = InsetLayoutSpec(insets: EdgeInsets(top: 12, left: 12, bottom: 8, right: 12), child: heading)
        return StackLayoutSpec(direction: .vertical, children: [title, table])
    }
}
