import AsyncDisplayKit

/// A row of the overview table: the example's title over the example itself.
final class OverviewCellNode: ASCellNode {
    let titleNode = ASTextNode()
    let exampleNode: LayoutExampleNode

    init(example: LayoutExampleNode.Type) {
        exampleNode = example.init()
        super.init()
        automaticallyManagesSubnodes = true
        titleNode.attributedText = NSAttributedString(string: example.title, attributes: [
            .font: UIFont.boldSystemFont(ofSize: 16),
            .foregroundColor: UIColor.black,
        ])
        exampleNode.style.height = ASDimensionMake(220)
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let stack = ASStackLayoutSpec(direction: .vertical, spacing: 10, justifyContent: .start,
                                      alignItems: .stretch, children: [titleNode, exampleNode])
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 10, left: 16, bottom: 10, right: 16), child: stack)
    }
}
