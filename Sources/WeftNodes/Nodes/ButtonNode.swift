import WeftLayout

/// A button, Texture's `ASButtonNode`: an optional image and a title in a stack (image first),
/// `contentSpacing` 8 apart, aligned by `contentHorizontalAlignment` (middle) and
/// `contentVerticalAlignment` (center), inset by `contentEdgeInsets`, over an optional
/// background image. Its title, image and background image nodes are managed subnodes.
open class ButtonNode: ControlNode {
    open override var textureClassName: String { "ASButtonNode" }

    public let titleNode = TextNode()
    public let imageNode = ImageNode()
    public let backgroundImageNode = ImageNode()

    public override init() {
        super.init()
        automaticallyManagesSubnodes = true
    }

    /// Sets the title text and its font.
    public func setTitle(_ title: String, font: Font = .system(17), color: Color = .black) {
        titleNode.text = title
        titleNode.font = font
        titleNode.textColor = color
        setNeedsLayout()
    }

    public var title: String { titleNode.text }

    public var image: Image? {
        get { imageNode.image }
        set { imageNode.image = newValue; setNeedsLayout() }
    }

    public var backgroundImage: Image? {
        get { backgroundImageNode.image }
        set { backgroundImageNode.image = newValue; setNeedsLayout() }
    }

    public var contentSpacing: Double = 8 { didSet { if contentSpacing != oldValue { setNeedsLayout() } } }
    public var laysOutHorizontally = true { didSet { if laysOutHorizontally != oldValue { setNeedsLayout() } } }
    public var contentHorizontalAlignment: HorizontalAlignment = .middle { didSet { if contentHorizontalAlignment != oldValue { setNeedsLayout() } } }
    public var contentVerticalAlignment: VerticalAlignment = .center { didSet { if contentVerticalAlignment != oldValue { setNeedsLayout() } } }
    public var contentEdgeInsets: EdgeInsets = .zero { didSet { if contentEdgeInsets != oldValue { setNeedsLayout() } } }

    open override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        if let spec = super.layoutSpecThatFits(constrainedSize) { return spec }
        let stack = StackLayoutSpec(direction: laysOutHorizontally ? .horizontal : .vertical, spacing: contentSpacing)
        stack.horizontalAlignment = contentHorizontalAlignment
        stack.verticalAlignment = contentVerticalAlignment
        var children: [any LayoutElement] = []
        if imageNode.image != nil { children.append(imageNode) }
        if !titleNode.text.isEmpty { children.append(titleNode) }
        stack.children = children
        var spec: any LayoutElement = stack
        if contentEdgeInsets != .zero { spec = InsetLayoutSpec(insets: contentEdgeInsets, child: spec) }
        if backgroundImageNode.image != nil { spec = BackgroundLayoutSpec(child: spec, background: backgroundImageNode) }
        return spec
    }
}
