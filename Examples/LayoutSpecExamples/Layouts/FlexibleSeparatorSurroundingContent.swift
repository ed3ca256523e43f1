import AsyncDisplayKit

/// A text between two separator lines that grow to fill the height.
final class FlexibleSeparatorSurroundingContent: LayoutExampleNode {
    let topSeparator = ASImageNode()
    let bottomSeparator = ASImageNode()
    let textNode = ASTextNode()

    required init() {
        super.init()
        topSeparator.image = UIImage(named: "separator")
        bottomSeparator.image = UIImage(named: "separator")
        textNode.attributedText = .exampleText("this is a long text node", fontSize: 16, color: .black)
    }

    override class var title: String { "Top and bottom cell separator lines" }
    override class var needsOnlyYCentering: Bool { true }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        topSeparator.style.flexGrow = 1.0
        bottomSeparator.style.flexGrow = 1.0
        textNode.style.alignSelf = .center

        let verticalStack = ASStackLayoutSpec.vertical()
        verticalStack.spacing = 20
        verticalStack.justifyContent = .center
        verticalStack.children = [topSeparator, textNode, bottomSeparator]
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 60, left: 0, bottom: 60, right: 0), child: verticalStack)
    }
}
