/// Lays out its child, then puts `background` behind it with exactly the child's size, both
/// at (0, 0) (Texture's ASBackgroundLayoutSpec). Ignores its own style size.
public final class BackgroundLayoutSpec: StyleSizeIgnoringLayoutSpec {
    /// A spec of `child`'s size with `background` stretched behind it.
    public init(child: any LayoutElement, background: any LayoutElement) {
        super.init(children: [child, background])
    }

    /// The element drawn behind the child.
    public var background: (any LayoutElement)? { children.count > 1 ? children[1] : nil }

    /// `ASBackgroundLayoutSpec`.
    public override var textureClassName: String { LayoutSpecType.background.textureClassName }

    /// Sublayouts [background, child] (back to front); the background keeps the spec's
    /// parentSize; size = the child's size.
    override func layout(_ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        guard let child else { return Layout(element: self, size: .zero, context: context) }
        var contents = child.layoutThatFits(constrainedSize, parentSize: parentSize, context: context)
        context.trace?.noteChild(
            "background.child", child: 0, [.init("width", contents.size.width), .init("height", contents.size.height)],
            "the child is laid out in the background spec's own range and sets its size: " + traceSize(contents.size))
        contents.position = .zero
        var sublayouts: [Layout] = []
        if let background {
            var backgroundLayout = background.layoutThatFits(
                SizeRange(exactly: contents.size), parentSize: parentSize,
                context: context)
            context.trace?.noteChild(
                "background.follows", child: 1, [.init("width", contents.size.width), .init("height", contents.size.height)],
                "the background follows the child: laid out in exactly its size, " + traceSize(contents.size)
                    + ", behind it at (0, 0)")
            backgroundLayout.position = .zero
            sublayouts.append(backgroundLayout)
        }
        sublayouts.append(contents)
        return Layout(element: self, size: contents.size, sublayouts: sublayouts, context: context)
    }
}
