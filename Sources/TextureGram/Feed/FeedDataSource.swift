import WeftNodes

/// The feed's posts, and the infinite feed: the table asks for a batch when the user nears the
/// end (two screens ahead, Texture's default), the "server" answers half a second later with
/// `batchSize` more posts, which are inserted at the end. Stops growing at `maximumPosts`.
final class FeedDataSource: ContainerDataSource {
    private let generator: FeedGenerator
    private let library: PhotoLibrary
    /// Unowned: the loop holds the feed's screen, which holds this (a strong reference would
    /// keep the loop and everything on it alive for good). The table asks for batches during
    /// the loop's frames, so the loop is there.
    private unowned let loop: MainLoop
    private let batchSize: Int
    private let maximumPosts: Int
    /// How long a batch takes to "download", in seconds of program time.
    static let batchLatency = 0.5

    private(set) var posts: [Post]

    init(
        generator: FeedGenerator, library: PhotoLibrary, loop: MainLoop,
        initialCount: Int = 10, batchSize: Int = 10, maximumPosts: Int
    ) {
        self.generator = generator
        self.library = library
        self.loop = loop
        self.batchSize = batchSize
        self.maximumPosts = maximumPosts
        posts = (0..<min(initialCount, maximumPosts)).map(generator.post)
    }

    /// Connects the table: data and batch fetching.
    func attach(to table: TableNode) {
        table.dataSource = self
        table.shouldBatchFetch = { [unowned self] in posts.count < maximumPosts }
        table.willBeginBatchFetch = { [unowned self, unowned table] context in
            // Weak: the program may drop the feed while a batch is on its way.
            loop.schedule(after: Self.batchLatency) { [weak self, weak table] in
                guard let self, let table else { return }
                loadNextBatch(into: table)
                context.completeBatchFetching()
            }
        }
    }

    private func loadNextBatch(into table: TableNode) {
        let start = posts.count
        let end = min(start + batchSize, maximumPosts)
        guard end > start else { return }
        posts += (start..<end).map(generator.post)
        do {
            try table.insertItems(at: Array(start..<end))
        } catch {
            // Cannot happen (the count matches by construction); say so loudly if it does.
            print("TextureGram: could not insert posts \(start)..<\(end): \(error)")
        }
    }

    func numberOfItems(in container: ContainerNode) -> Int { posts.count }

    func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
        PostCellNode(post: posts[index], library: library)
    }
}
