/// The base of the specs that ignore their own style size and lay out against their parent's
/// size: inset, overlay and background (Texture's versions override the style-size step of
/// layoutThatFits). Subclasses implement `layout(_:parentSize:context:)`.
public class StyleSizeIgnoringLayoutSpec: LayoutSpec {
    /// Lays out against the parent's size without applying the spec's style size (recording the call in a traced pass).
    public final override func layoutThatFits(
        _ constrainedSize: SizeRange, parentSize: Size,
        context: LayoutContext
    ) -> Layout {
        if let trace = context.trace {
            return trace.call(self, constrainedSize: constrainedSize, parentSize: parentSize, resolvedSize: nil) {
                layout(constrainedSize, parentSize: parentSize, context: context)
            }
        }
        return layout(constrainedSize, parentSize: parentSize, context: context).recording(constrainedSize: constrainedSize)
    }

    /// Called directly, the parent size is taken to be the range's max.
    public final override func calculateLayoutThatFits(_ constrainedSize: SizeRange, context: LayoutContext) -> Layout {
        layout(constrainedSize, parentSize: constrainedSize.max, context: context)
    }

    /// The spec's computation with the range it was given, untouched by its style.
    func layout(_ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        super.calculateLayoutThatFits(constrainedSize, context: context)
    }
}
