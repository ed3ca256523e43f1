import WeftLayout
import WeftNodes

/// The first screen (the first root): navigation bar, the stories strip and the feed table
/// filling the rest, stacked vertically.
final class FeedScreenNode: DisplayNode {
    override var textureClassName: String { "FeedScreenNode" }

    let navigationBar = NavigationBarNode(title: "TextureGram")
    let stories = StoriesStripNode()
    let feed = TableNode()
    /// Containers hold their data sources weakly: the screen keeps them.
    let feedSource: FeedDataSource
    let storiesSource: StoriesDataSource

    init(generator: FeedGenerator, library: PhotoLibrary, loop: MainLoop, maximumPosts: Int) {
        feedSource = FeedDataSource(generator: generator, library: library, loop: loop, maximumPosts: maximumPosts)
        storiesSource = StoriesDataSource(generator: generator, library: library, count: 24)
        super.init()
        debugName = "feed screen"
        backgroundColor = .white
        automaticallyManagesSubnodes = true
        stories.dataSource = storiesSource
        feed.fillRemainingSpace(named: "feed")
        feedSource.attach(to: feed)
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        StackLayoutSpec(direction: .vertical, children: [navigationBar, stories, feed])
    }
}
