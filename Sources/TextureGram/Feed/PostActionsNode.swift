import WeftLayout
import WeftNodes

/// Like, comment and share, 16 points apart, under the photo. Liking toggles the like button's
/// selected state and tells `likeDidChange` (the cell updates its likes line).
final class PostActionsNode: DisplayNode {
    override var textureClassName: String { "PostActionsNode" }

    let like = ActionButtonNode(icon: "like", action: "likeTapped:") { button in
        button.isSelected.toggle()
        (button.supernode as? PostActionsNode)?.likeDidChange?(button.isSelected)
    }
    let comment = ActionButtonNode(icon: "comment", action: "commentTapped:") { _ in }
    let share = ActionButtonNode(icon: "share", action: "shareTapped:") { _ in }
    /// Called with the like button's new selected state.
    var likeDidChange: ((Bool) -> Void)?

    override init() {
        super.init()
        debugName = "actions"
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let row = StackLayoutSpec(
            direction: .horizontal, spacing: Theme.actionSpacing, alignItems: .center,
            children: [like, comment, share])
        return InsetLayoutSpec(insets: EdgeInsets(top: 12, left: 12, bottom: 6, right: 12), child: row)
    }
}
