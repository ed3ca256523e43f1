import AsyncDisplayKit

/// A user name over a location on the left, the post's age on the right.
final class HeaderWithRightAndLeftItems: LayoutExampleNode {
    let userNameNode = ASTextNode()
    let postLocationNode = ASTextNode()
    let postTimeNode = ASTextNode()

    required init() {
        super.init()
        userNameNode.attributedText = .exampleText("hannahmbanana", fontSize: 20, color: .exampleDarkBlue)
        postLocationNode.attributedText = .exampleText("Sunset Beach, San Fransisco, CA", fontSize: 20, color: .exampleLightBlue)
        postTimeNode.attributedText = .exampleText("30m", fontSize: 20, color: .lightGray)
        for node in [userNameNode, postLocationNode, postTimeNode] {
            node.maximumNumberOfLines = 1
            node.truncationMode = .byTruncatingTail
        }
    }

    override class var title: String { "Header with left and right justified text" }
    override class var needsOnlyYCentering: Bool { true }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let nameLocationStack = ASStackLayoutSpec.vertical()
        nameLocationStack.style.flexShrink = 1.0
        nameLocationStack.style.flexGrow = 1.0
        nameLocationStack.children = postLocationNode.attributedText != nil ? [userNameNode, postLocationNode] : [userNameNode]

        let headerStack = ASStackLayoutSpec(
            direction: .horizontal, spacing: 40, justifyContent: .start,
            alignItems: .center, children: [nameLocationStack, postTimeNode])
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10), child: headerStack)
    }
}
