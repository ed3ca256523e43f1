/// Lays out its child, then stretches `overlay` over it: the overlay gets exactly the child's
/// size, both at (0, 0) (Texture's ASOverlayLayoutSpec). Ignores its own style size.
public final class OverlayLayoutSpec: StyleSizeIgnoringLayoutSpec {
    public init(child: any LayoutElement, overlay: any LayoutElement) {
        super.init(children: [child, overlay])
    }

    /// The element drawn over the child.
    public var overlay: (any LayoutElement)? { children.count > 1 ? children[1] : nil }

    public override var textureClassName: String { LayoutSpecType.overlay.textureClassName }

    /// Sublayouts [child, overlay]; size = the child's size.
    override func layout(_ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        guard let child else { return Layout(element: self, size: .zero, context: context) }
        var contents = child.layoutThatFits(constrainedSize, parentSize: parentSize, context: context)
        contents.position = .zero
        var sublayouts = [contents]
        if let overlay {
            var overlayLayout = overlay.layoutThatFits(SizeRange(exactly: contents.size), parentSize: contents.size,
                                                       context: context)
            overlayLayout.position = .zero
            sublayouts.append(overlayLayout)
        }
        return Layout(element: self, size: contents.size, sublayouts: sublayouts, context: context)
    }
}
