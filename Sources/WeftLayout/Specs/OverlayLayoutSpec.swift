/// Lays out its child, then stretches `overlay` over it: the overlay gets exactly the child's
/// size, both at (0, 0) (Texture's ASOverlayLayoutSpec). Ignores its own style size.
public final class OverlayLayoutSpec: StyleSizeIgnoringLayoutSpec {
    /// A spec of `child`'s size with `overlay` stretched over it.
    public init(child: any LayoutElement, overlay: any LayoutElement) {
        super.init(children: [child, overlay])
    }

    /// The element drawn over the child.
    public var overlay: (any LayoutElement)? { children.count > 1 ? children[1] : nil }

    /// `ASOverlayLayoutSpec`.
    public override var textureClassName: String { LayoutSpecType.overlay.textureClassName }

    /// Sublayouts [child, overlay]; size = the child's size.
    override func layout(_ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        guard let child else { return Layout(element: self, size: .zero, context: context) }
        var contents = child.layoutThatFits(constrainedSize, parentSize: parentSize, context: context)
        context.trace?.noteChild(
            "overlay.child", child: 0, [.init("width", contents.size.width), .init("height", contents.size.height)],
            "the child is laid out in the overlay spec's own range and sets its size: " + traceSize(contents.size))
        contents.position = .zero
        var sublayouts = [contents]
        if let overlay {
            var overlayLayout = overlay.layoutThatFits(
                SizeRange(exactly: contents.size), parentSize: contents.size,
                context: context)
            context.trace?.noteChild(
                "overlay.follows", child: 1, [.init("width", contents.size.width), .init("height", contents.size.height)],
                "the overlay follows the child: laid out in exactly its size, " + traceSize(contents.size) + ", at (0, 0)")
            overlayLayout.position = .zero
            sublayouts.append(overlayLayout)
        }
        return Layout(element: self, size: contents.size, sublayouts: sublayouts, context: context)
    }
}
