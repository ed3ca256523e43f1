/// A leaf node for layouts computed without the node runtime (layout-json's `box`, tests,
/// benchmarks): a display node with an optional intrinsic size and no children.
///
/// Like Texture's ASDisplayNode without a layout spec, it measures `intrinsicSize` when set;
/// without one it takes the range's max when both dimensions are valid, else 0x0
/// (calculateSizeThatFits); either way clamped into the range.
public final class BoxNode: LayoutElement {
    /// The node's layout style.
    public let style = LayoutElementStyle()
    /// The name ASCII art and the inspector show in parentheses after the class name.
    public var debugName: String?
    /// The size the node wants (a text or image node's content size), or nil.
    public var intrinsicSize: Size?
    /// The class name printed in ASCII art, `ASDisplayNode` by default (e.g. `ASImageNode`).
    public var textureClassName: String

    /// A box measuring `intrinsicSize` (nil: the range's max where valid, else zero), printed as `className`.
    public init(intrinsicSize: Size? = nil, className: String = "ASDisplayNode", debugName: String? = nil) {
        self.intrinsicSize = intrinsicSize
        self.textureClassName = className
        self.debugName = debugName
    }

    /// `.displayNode`: a box lays out as a node.
    public var layoutElementType: LayoutElementType { .displayNode }

    /// The intrinsic size, or the range's max where valid, clamped into the range; no sublayouts.
    public func calculateLayoutThatFits(_ constrainedSize: SizeRange, context: LayoutContext) -> Layout {
        let measured = intrinsicSize ?? (constrainedSize.max.isValidForLayout ? constrainedSize.max : .zero)
        let size = constrainedSize.clamp(measured)
        if let trace = context.trace {
            let source =
                intrinsicSize != nil
                ? "its intrinsic size"
                : constrainedSize.max.isValidForLayout
                    ? "its range's max (a plain node without intrinsic size)"
                    : "0 x 0 (a plain node in an unbounded range)"
            trace.noteMeasurement(measured: measured, size: size, source: source)
        }
        return Layout(element: self, size: size, context: context)
    }
}
