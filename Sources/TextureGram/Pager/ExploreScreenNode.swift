import WeftLayout
import WeftNodes

/// The second screen (the second root): a navigation bar over a pager of explore pages, each a
/// vertical table, as in Texture's VerticalWithinHorizontal example.
final class ExploreScreenNode: DisplayNode {
    override var textureClassName: String { "ExploreScreenNode" }

    let navigationBar = NavigationBarNode(title: "Explore")
    let pager = PagerNode()
    let pagesSource: ExplorePagerDataSource

    init(generator: FeedGenerator, library: PhotoLibrary) {
        pagesSource = ExplorePagerDataSource(generator: generator, library: library)
        super.init()
        debugName = "explore screen"
        backgroundColor = .white
        automaticallyManagesSubnodes = true
        pager.fillRemainingSpace(named: "pages")
        pager.dataSource = pagesSource
    }

    /// The table of the page the pager shows.
    var currentPageTable: TableNode? {
        (pager.cellForItem(at: pager.currentPageIndex) as? ExplorePageCellNode)?.table
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        StackLayoutSpec(direction: .vertical, children: [navigationBar, pager])
    }
}
