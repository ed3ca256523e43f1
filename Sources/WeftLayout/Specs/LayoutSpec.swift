/// The base of every layout spec (Texture's ASLayoutSpec): an element that arranges children
/// and has no view of its own. Used directly it lays out nothing and takes its range's minimum
/// size. Subclasses override `calculateLayoutThatFits` (and `textureClassName`).
open class LayoutSpec: LayoutElement {
    /// The spec's layout style, which its parent reads.
    public let style = LayoutElementStyle()
    /// The name ASCII art and the inspector show in parentheses after the class name.
    public var debugName: String? {
        get { storedDebugName }
        set { storedDebugName = newValue }
    }
    /// The elements this spec arranges; specs with named children (`child`, `overlay`, ...)
    /// keep them here in Texture's index order.
    public var children: [any LayoutElement] {
        get { storedChildren }
        set { storedChildren = newValue }
    }
    // Unchecked for exclusivity: layouts and captures read them for every spec, and the
    // accessors above only read or assign them whole, so no two accesses can overlap on the
    // thread that lays the spec out (the invariant needs no run-time check).
    @exclusivity(unchecked) private var storedDebugName: String?
    @exclusivity(unchecked) private var storedChildren: [any LayoutElement]

    /// A spec arranging `children` (none by default).
    public init(children: [any LayoutElement] = []) {
        storedChildren = children
    }

    /// Texture's class name, printed in ASCII art and snapshots: `ASLayoutSpec` here.
    open var textureClassName: String { "ASLayoutSpec" }

    /// `.layoutSpec`.
    public final var layoutElementType: LayoutElementType { .layoutSpec }

    /// The first child (Texture's `child`), or nil.
    public var child: (any LayoutElement)? { children.first }

    /// The class name and debug name, as Texture prints a spec.
    open var asciiArtName: String { defaultAsciiArtName(textureClassName, debugName) }

    /// A horizontal box around the children's art (a stack draws its own direction).
    open var asciiArtString: String {
        AsciiArt.box(name: asciiArtName, children: children.map(\.asciiArtString))
    }

    /// Applies the spec's own style size, then computes. Inset, overlay and background
    /// override this to ignore their style size, as Texture's do.
    open func layoutThatFits(
        _ constrainedSize: SizeRange, parentSize: Size,
        context: LayoutContext
    ) -> Layout {
        styleSizedLayout(constrainedSize, parentSize: parentSize, context: context)
    }

    /// A plain spec: the range's minimum size and no sublayouts.
    open func calculateLayoutThatFits(_ constrainedSize: SizeRange, context: LayoutContext) -> Layout {
        context.trace?.note(
            "spec.minimum", [.init("width", constrainedSize.min.width), .init("height", constrainedSize.min.height)],
            "a plain layout spec lays nothing out and takes its range's minimum, \(traceSize(constrainedSize.min))")
        return Layout(element: self, size: constrainedSize.min, context: context)
    }
}

/// `ClassName` or `ClassName (debugName)`, its control characters escaped (`PrintableText`):
/// ASCII art is for people, and a name's newline would break its box.
func defaultAsciiArtName(_ className: String, _ debugName: String?) -> String {
    guard let debugName else { return PrintableText.escaped(className) }
    return PrintableText.escaped(className + " (" + debugName + ")")
}
