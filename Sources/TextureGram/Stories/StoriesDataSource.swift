import WeftNodes

/// A fixed list of stories (the people the user follows).
final class StoriesDataSource: ContainerDataSource {
    private let stories: [Story]
    private let library: PhotoLibrary

    init(generator: FeedGenerator, library: PhotoLibrary, count: Int) {
        stories = (0..<count).map(generator.story)
        self.library = library
    }

    func numberOfItems(in container: ContainerNode) -> Int { stories.count }

    func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
        StoryCellNode(story: stories[index], library: library)
    }
}
