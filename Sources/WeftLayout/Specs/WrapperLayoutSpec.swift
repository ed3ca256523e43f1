/// Lays each child out with the spec's own range at (0, 0) and takes the largest size
/// (Texture's ASWrapperLayoutSpec): wraps an element so it can be used where a spec is needed.
public final class WrapperLayoutSpec: LayoutSpec {
    /// A spec wrapping `children`, each laid out at (0, 0).
    public override init(children: [any LayoutElement]) {
        super.init(children: children)
    }

    /// A spec wrapping one element.
    public convenience init(child: any LayoutElement) {
        self.init(children: [child])
    }

    /// `ASWrapperLayoutSpec`.
    public override var textureClassName: String { LayoutSpecType.wrapper.textureClassName }

    /// Size = the larger of the range's min and each child's size (not clamped to the max).
    public override func calculateLayoutThatFits(_ constrainedSize: SizeRange, context: LayoutContext) -> Layout {
        var size = constrainedSize.min
        var sublayouts: [Layout] = []
        sublayouts.reserveCapacity(children.count)
        for child in children {
            var sublayout = child.layoutThatFits(constrainedSize, parentSize: constrainedSize.max, context: context)
            sublayout.position = .zero
            context.trace?.noteChild(
                "wrapper.child", child: sublayouts.count, [],
                "laid out in the wrapper's own range at (0, 0) -> " + traceSize(sublayout.size))
            size.width = foundationMax(size.width, sublayout.size.width)
            size.height = foundationMax(size.height, sublayout.size.height)
            sublayouts.append(sublayout)
        }
        return Layout(element: self, size: size, sublayouts: sublayouts, context: context)
    }
}
