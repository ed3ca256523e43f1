import WeftLayout
import WeftNodes

/// One story: a 55x55 avatar (inside a 2-point ring when unseen) over the username, centred
/// and truncated to the avatar's width plus a little.
final class StoryCellNode: CellNode {
    override var textureClassName: String { "StoryCellNode" }

    let avatar: AvatarNode
    let ring: DisplayNode?
    let username: TextNode

    init(story: Story, library: PhotoLibrary) {
        avatar = AvatarNode(user: story.author, side: Theme.storyAvatarSide, library: library)
        ring = story.isUnseen ? DisplayNode() : nil
        ring?.debugName = "unseen ring"
        ring?.backgroundColor = Theme.unseenStoryRing
        username = themedText(story.author.username, font: .system(11), named: "username", lines: 1)
        username.style.maxWidth = .points(Theme.storyAvatarSide + 9)
        super.init()
        debugName = "story \(story.index)"
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        // The ring is a background 2 points larger on every side than the avatar.
        let picture: any LayoutElement =
            ring.map { ring in
                BackgroundLayoutSpec(child: InsetLayoutSpec(insets: EdgeInsets(all: 2), child: avatar), background: ring)
            } ?? InsetLayoutSpec(insets: EdgeInsets(all: 2), child: avatar)
        return StackLayoutSpec(direction: .vertical, spacing: 4, alignItems: .center, children: [picture, username])
    }
}
