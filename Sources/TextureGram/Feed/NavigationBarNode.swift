import WeftLayout
import WeftNodes

/// The bar at the top of a screen: a centred bold title over a hairline, 44 points tall.
final class NavigationBarNode: DisplayNode {
    override var textureClassName: String { "NavigationBarNode" }

    let title: TextNode
    let separator = DisplayNode()

    init(title text: String) {
        title = themedText(text, font: Theme.titleFont, named: "title")
        super.init()
        debugName = "navigation bar"
        backgroundColor = .white
        separator.debugName = "separator"
        separator.backgroundColor = Theme.separatorColor
        separator.style.height = .points(0.5)
        style.height = .points(44)
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let centered = CenterLayoutSpec(centeringOptions: .xy, sizingOptions: [], child: title)
        centered.style.flexGrow = 1
        return StackLayoutSpec(direction: .vertical, children: [centered, separator])
    }
}
