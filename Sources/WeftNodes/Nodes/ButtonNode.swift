import WeftLayout

/// A button, Texture's `ASButtonNode`: an optional image and a title in a stack (image first),
/// `contentSpacing` 8 apart, aligned by `contentHorizontalAlignment` (middle) and
/// `contentVerticalAlignment` (center), inset by `contentEdgeInsets`, over an optional
/// background image. Its title, image and background image nodes are managed subnodes.
open class ButtonNode: ControlNode {
    /// `ASButtonNode`, the class name snapshots and ASCII art print.
    open override var textureClassName: String { "ASButtonNode" }

    /// The title's text node.
    public let titleNode = TextNode()
    /// The image's node.
    public let imageNode = ImageNode()
    /// The background image's node, stretched behind the content.
    public let backgroundImageNode = ImageNode()

    /// A button with no title or image.
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

    /// The title's text.
    public var title: String { titleNode.text }

    /// The image beside the title, or nil.
    public var image: Image? {
        get { imageNode.image }
        set {
            imageNode.image = newValue
            setNeedsLayout()
        }
    }

    /// The image behind the content, or nil.
    public var backgroundImage: Image? {
        get { backgroundImageNode.image }
        set {
            backgroundImageNode.image = newValue
            setNeedsLayout()
        }
    }

    /// The gap between image and title, in points (default 8, Texture's).
    public var contentSpacing: Double = 8 { didSet { if contentSpacing != oldValue { setNeedsLayout() } } }
    /// Image and title side by side (default) or stacked.
    public var laysOutHorizontally = true { didSet { if laysOutHorizontally != oldValue { setNeedsLayout() } } }
    /// Where the content sits horizontally (default the middle).
    public var contentHorizontalAlignment: HorizontalAlignment = .middle {
        didSet { if contentHorizontalAlignment != oldValue { setNeedsLayout() } }
    }
    /// Where the content sits vertically (default the center).
    public var contentVerticalAlignment: VerticalAlignment = .center {
        didSet { if contentVerticalAlignment != oldValue { setNeedsLayout() } }
    }
    /// Space around the content, in points (default none).
    public var contentEdgeInsets: EdgeInsets = .zero { didSet { if contentEdgeInsets != oldValue { setNeedsLayout() } } }

    /// A layout spec block's spec when set, else Texture's: image and title stacked `contentSpacing` apart, inset by `contentEdgeInsets`, over the background image.
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
