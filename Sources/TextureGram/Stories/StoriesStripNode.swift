import WeftLayout
import WeftNodes

/// The horizontal strip of stories at the top of the feed, a horizontal `CollectionNode` (as in
/// Texture's VerticalWithinHorizontal example, one scroll axis inside the other): items 8
/// points apart (in a horizontal flow that is the line spacing, between columns, as in
/// UICollectionViewFlowLayout), inset 8 from the strip's edges, with their own range controller.
final class StoriesStripNode: CollectionNode {
    override var textureClassName: String { "StoriesStripNode" }

    /// Ring, avatar, spacing and a line of 11-point text, with the insets.
    static let height = 2 + Theme.storyAvatarSide + 2 + 4 + 13 + 16

    init() {
        super.init(scrollAxis: .horizontal)
        debugName = "stories"
        lineSpacing = 8
        sectionInset = EdgeInsets(all: 8)
        style.height = .points(Self.height)
        backgroundColor = .white
    }
}
