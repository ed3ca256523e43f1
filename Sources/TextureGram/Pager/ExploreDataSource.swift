import WeftNodes

/// The rows of one explore page: a fixed list of posts numbered apart from the feed's (page p
/// shows posts 10 000 x (p + 1) onwards), so each page has its own content.
final class ExploreDataSource: ContainerDataSource {
    private let posts: [Post]
    private let library: PhotoLibrary

    init(page: Int, generator: FeedGenerator, library: PhotoLibrary, count: Int) {
        let first = 10_000 * (page + 1)
        posts = (first..<(first + count)).map(generator.post)
        self.library = library
    }

    func numberOfItems(in container: ContainerNode) -> Int { posts.count }

    func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
        ExploreRowCellNode(post: posts[index], library: library)
    }
}
