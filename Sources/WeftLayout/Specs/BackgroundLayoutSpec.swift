/// Lays out its child, then puts `background` behind it with exactly the child's size, both
/// at (0, 0) (Texture's ASBackgroundLayoutSpec). Ignores its own style size.
public final class BackgroundLayoutSpec: StyleSizeIgnoringLayoutSpec {
    public init(child: any LayoutElement, background: any LayoutElement) {
        super.init(children: [child, background])
    }

    /// The element drawn behind the child.
    public var background: (any LayoutElement)? { children.count > 1 ? children[1] : nil }

    public override var textureClassName: String { LayoutSpecType.background.textureClassName }

    /// Sublayouts [background, child] (back to front); the background keeps the spec's
    /// parentSize; size = the child's size.
    override func layout(_ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        guard let child else { return Layout(element: self, size: .zero, context: context) }
        var contents = child.layoutThatFits(constrainedSize, parentSize: parentSize, context: context)
        contents.position = .zero
        var sublayouts: [Layout] = []
        if let background {
            var backgroundLayout = background.layoutThatFits(SizeRange(exactly: contents.size), parentSize: parentSize,
                                                             context: context)
            backgroundLayout.position = .zero
            sublayouts.append(backgroundLayout)
        }
        sublayouts.append(contents)
        return Layout(element: self, size: contents.size, sublayouts: sublayouts, context: context)
    }
}
