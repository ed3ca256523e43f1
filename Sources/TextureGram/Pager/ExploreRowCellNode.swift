import WeftLayout
import WeftNodes

/// A row of an explore page: a 64x64 thumbnail of the post's photo beside its author and the
/// start of its caption (two lines at most, truncated).
final class ExploreRowCellNode: CellNode {
    override var textureClassName: String { "ExploreRowCellNode" }

    static let thumbnailSide = 64.0

    let thumbnail: NetworkImageNode
    let title: TextNode
    let subtitle: TextNode

    init(post: Post, library: PhotoLibrary) {
        let image = post.photo.thumbnail(side: Self.thumbnailSide, scale: TextureGramApp.screenScale)
        thumbnail = NetworkImageNode(url: image.url, downloader: library)
        library.register(url: image.url, pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight)
        thumbnail.debugName = "thumbnail"
        thumbnail.backgroundColor = Theme.placeholderColor
        thumbnail.style.preferredSize = Size(width: Self.thumbnailSide, height: Self.thumbnailSide)
        title = themedText(post.author.username, font: .bold(15), named: "title")
        subtitle = themedText(post.caption, font: .system(13), named: "subtitle", color: Theme.secondaryTextColor, lines: 2)
        super.init()
        debugName = "row \(post.index)"
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let text = StackLayoutSpec(direction: .vertical, spacing: 2, children: [title, subtitle])
        text.style.flexShrink = 1
        text.style.flexGrow = 1
        let row = StackLayoutSpec(direction: .horizontal, spacing: 12, alignItems: .center, children: [thumbnail, text])
        return InsetLayoutSpec(insets: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12), child: row)
    }
}
