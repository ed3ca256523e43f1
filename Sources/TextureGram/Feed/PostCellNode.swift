import WeftLayout
import WeftNodes

/// One post of the feed, the TextureGram tutorial's `PhotoCellNode`: header, photo (the full
/// width, height 1/1.5 of it through a ratio spec), action row, likes line and caption.
final class PostCellNode: CellNode {
    override var textureClassName: String { "PostCellNode" }

    let post: Post
    let header: PostHeaderNode
    let photo: NetworkImageNode
    let actions: PostActionsNode
    let likes: TextNode
    let caption: TextNode

    init(post: Post, library: PhotoLibrary) {
        self.post = post
        header = PostHeaderNode(post: post, library: library)
        photo = NetworkImageNode(url: post.photo.url, downloader: library)
        library.register(url: post.photo.url, pixelWidth: post.photo.pixelWidth, pixelHeight: post.photo.pixelHeight)
        photo.debugName = "photo"
        photo.backgroundColor = Theme.placeholderColor
        photo.style.width = .fraction(1)
        likes = themedText(Self.likesText(post.likes), font: Theme.usernameFont, named: "likes")
        caption = themedText("\(post.author.username) \(post.caption)", font: Theme.bodyFont, named: "caption")
        actions = PostActionsNode()
        super.init()
        debugName = "post \(post.index)"
        backgroundColor = .white
        automaticallyManagesSubnodes = true
        actions.likeDidChange = { [unowned self] isLiked in
            likes.text = Self.likesText(post.likes + (isLiked ? 1 : 0))
        }
    }

    static func likesText(_ count: Int) -> String {
        count == 1 ? "1 like" : "\(groupedThousands(count)) likes"
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let footer = StackLayoutSpec(direction: .vertical, spacing: 4, children: [likes, caption])
        return StackLayoutSpec(
            direction: .vertical, alignItems: .stretch,
            children: [
                header,
                RatioLayoutSpec(ratio: Theme.photoRatio, child: photo),
                actions,
                InsetLayoutSpec(insets: EdgeInsets(top: 0, left: 12, bottom: 16, right: 12), child: footer),
            ])
    }
}
