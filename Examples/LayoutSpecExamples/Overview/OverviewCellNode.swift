import AsyncDisplayKit

/// A row of the overview table: the example's title over the example, centred in a 220-point
/// area as Texture's sample shows an example on its own screen.
final class OverviewCellNode: ASCellNode {
    let titleNode = ASTextNode()
    let exampleNode: LayoutExampleNode
    private let centering: ASCenterLayoutSpecCenteringOptions

    init(example: LayoutExampleNode.Type) {
        exampleNode = example.init()
        centering = example.needsOnlyYCentering ? .Y : .XY
        super.init()
        automaticallyManagesSubnodes = true
        titleNode.attributedText = NSAttributedString(
            string: example.title,
            attributes: [
                .font: UIFont.boldSystemFont(ofSize: 16),
                .foregroundColor: UIColor.black,
            ])
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let example = ASCenterLayoutSpec(centeringOptions: centering, sizingOptions: .minimumXY, child: exampleNode)
        example.style.height = ASDimensionMake(220)
        let stack = ASStackLayoutSpec(
            direction: .vertical, spacing: 10, justifyContent: .start,
            alignItems: .stretch, children: [titleNode, example])
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 10, left: 16, bottom: 10, right: 16), child: stack)
    }
}
