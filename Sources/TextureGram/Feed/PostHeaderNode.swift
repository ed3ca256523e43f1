import WeftLayout
import WeftNodes

/// The top of a post: avatar, username over an optional location, and the post's age pushed
/// to the right by a spacer (the tutorial's header stack), inset 8/8/4/8.
final class PostHeaderNode: DisplayNode {
    override var textureClassName: String { "PostHeaderNode" }

    let avatar: AvatarNode
    let username: TextNode
    let location: TextNode?
    let age: TextNode

    init(post: Post, library: PhotoLibrary) {
        avatar = AvatarNode(user: post.author, side: Theme.avatarSide, library: library)
        username = themedText(post.author.username, font: Theme.usernameFont, named: "username", lines: 1)
        location = post.location.map { themedText($0, font: Theme.detailFont, named: "location", lines: 1) }
        age = themedText(shortAge(minutes: post.age), font: Theme.detailFont, named: "age", color: Theme.secondaryTextColor)
        super.init()
        debugName = "header"
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let names = StackLayoutSpec(direction: .vertical, children: [username] + (location.map { [$0] } ?? []))
        names.style.flexShrink = 1
        let spacer = LayoutSpec()
        spacer.style.flexGrow = 1
        let row = StackLayoutSpec(
            direction: .horizontal, spacing: Theme.horizontalBuffer, alignItems: .center,
            children: [avatar, names, spacer, age])
        return InsetLayoutSpec(insets: EdgeInsets(top: 8, left: 8, bottom: 4, right: 8), child: row)
    }
}
