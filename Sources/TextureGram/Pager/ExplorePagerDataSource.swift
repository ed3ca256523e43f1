import WeftNodes

/// The pages of the explore screen, one per topic.
final class ExplorePagerDataSource: ContainerDataSource {
    static let topics = ["#travel", "#food", "#architecture", "#nature", "#street", "#texture"]

    private let generator: FeedGenerator
    private let library: PhotoLibrary

    init(generator: FeedGenerator, library: PhotoLibrary) {
        self.generator = generator
        self.library = library
    }

    func numberOfItems(in container: ContainerNode) -> Int { Self.topics.count }

    func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
        ExplorePageCellNode(page: index, topic: Self.topics[index], generator: generator, library: library)
    }
}
