/// Whether an element is a layout spec or a node (Texture's ASLayoutElementType). It decides
/// how a layout tree is flattened into node frames and how ASCII art is drawn.
public enum LayoutElementType: Sendable {
    /// A layout spec: arranges children, has no view of its own.
    case layoutSpec
    /// A display node: ends up with a frame; its ASCII art is its name only.
    case displayNode
}

/// Anything that can be laid out: the ten layout specs of this module and, in WeftNodes, the
/// display nodes (Texture's ASLayoutElement).
///
/// ## How a node plugs in
/// A node class in another module (a reference type with subclasses) conforms directly:
///
/// ```swift
/// open class DisplayNode: LayoutElement {
///     public let style = LayoutElementStyle()
///     public var debugName: String?
///     open var textureClassName: String { "ASDisplayNode" }      // "ASTextNode" in a subclass
///     public var layoutElementType: LayoutElementType { .displayNode }
///
///     // Optional: implement this to add caching; the default applies the style size.
///     public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size,
///                                context: LayoutContext) -> Layout {
///         if let cached = ... { return cached.recording(constrainedSize: constrainedSize) }
///         return calculateLayoutThatFits(resolvedSizeRange(constrainedSize, parentSize: parentSize),
///                                        context: context).recording(constrainedSize: constrainedSize)
///     }
///
///     open func calculateLayoutThatFits(_ constrainedSize: SizeRange, context: LayoutContext) -> Layout {
///         if let spec = layoutSpecThatFits(constrainedSize) {           // spec-based
///             let specLayout = spec.layoutThatFits(constrainedSize, parentSize: constrainedSize.max,
///                                                  context: context)
///             return Layout(element: self, size: specLayout.size, sublayouts: [specLayout],
///                           context: context)
///         }
///         let size = constrainedSize.clamp(calculateSizeThatFits(constrainedSize.max))  // intrinsic
///         return Layout(element: self, size: size, context: context)
///     }
/// }
/// ```
///
/// Rules the layout specs rely on:
/// - `layoutThatFits` is what a parent calls. It applies the element's own style size
///   (`resolvedSizeRange`) and then computes; `calculateLayoutThatFits` receives the already
///   resolved range. Implement both in the class itself (not only through this protocol's
///   extension) when subclasses must override them: Swift dispatches a protocol requirement
///   to a subclass override only when the conforming class declares the method.
/// - The returned layout's `element` is `self`; `Layout.init` rounds the size to the pixel
///   grid of `context.scale`. Pass `context` on to children unchanged. `layoutThatFits`
///   returns its layout with `constrainedSize` set to the range it was given
///   (`recording(constrainedSize:)`), which inspectors show for every element.
/// - In a traced pass (`context.trace` not nil, `LayoutTrace`), `layoutThatFits` wraps its
///   computation in `trace.call(...)` and reads and writes no cache, so every layout of the
///   pass is derived and recorded; an untraced pass does exactly what it did before.
/// - A node's `asciiArtString` is its `asciiArtName` only (the default here): it does not
///   descend into subnodes or its own spec. Texture's class name goes in `textureClassName`.
/// - `Layout.flattenedToNodes` (Texture's filteredNodeLayoutTree) turns a node's layout into
///   frames of its nearest node descendants, ceil-rounded to the pixel grid.
public protocol LayoutElement: AnyObject {
    /// The element's layout style (sizes, flex, alignment, baseline, absolute position).
    var style: LayoutElementStyle { get }
    /// Texture's debugName: shown in ASCII art as `ClassName (debugName)`.
    var debugName: String? { get }
    /// Texture's class name for textual output (ASCII art, descriptions): `ASStackLayoutSpec`,
    /// `ASTextNode`, ...
    var textureClassName: String { get }
    /// Spec or node.
    var layoutElementType: LayoutElementType { get }
    /// The name drawn in ASCII art. Default: `textureClassName`, plus ` (debugName)` when set.
    var asciiArtName: String { get }
    /// Texture's asciiArtString. Default: `asciiArtName` (what a node prints); specs draw boxes.
    var asciiArtString: String { get }
    /// Lays the element out within `constrainedSize` inside a parent of `parentSize` (NaN per
    /// axis when the parent's size is not known yet). Default: applies the style size, then
    /// calls `calculateLayoutThatFits`.
    func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext) -> Layout
    /// The element's own computation for a range its style size has already been applied to.
    func calculateLayoutThatFits(_ constrainedSize: SizeRange, context: LayoutContext) -> Layout
}

extension LayoutElement {
    /// The element's line in ASCII art: its class name and debug name.
    public var asciiArtName: String { defaultAsciiArtName(textureClassName, debugName) }

    /// The element's ASCII art, Texture's `asciiArtString`: a leaf draws its name alone.
    public var asciiArtString: String { asciiArtName }

    /// Applies the style size to `constrainedSize`, then calls `calculateLayoutThatFits` (recording the call in a traced pass).
    public func layoutThatFits(
        _ constrainedSize: SizeRange, parentSize: Size,
        context: LayoutContext
    ) -> Layout {
        styleSizedLayout(constrainedSize, parentSize: parentSize, context: context)
    }

    /// The default `layoutThatFits`, for the elements that declare their own only to make it
    /// overridable (`LayoutSpec`): the style size applied, then `calculateLayoutThatFits`.
    func styleSizedLayout(_ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        let resolved = resolvedSizeRange(constrainedSize, parentSize: parentSize)
        if let trace = context.trace {
            return trace.call(self, constrainedSize: constrainedSize, parentSize: parentSize, resolvedSize: resolved) {
                calculateLayoutThatFits(resolved, context: context)
            }
        }
        return calculateLayoutThatFits(resolved, context: context).recording(constrainedSize: constrainedSize)
    }

    /// Lays the element out as a root: the parent size is the range's max.
    public func layoutThatFits(_ constrainedSize: SizeRange, context: LayoutContext = .default) -> Layout {
        layoutThatFits(constrainedSize, parentSize: constrainedSize.max, context: context)
    }

    /// `constrainedSize` narrowed by the element's own style size resolved against
    /// `parentSize`: constrainedSize intersect resolve(style.size). Texture applies this in
    /// every element's layoutThatFits (except the inset, overlay and background specs).
    @inlinable
    public func resolvedSizeRange(_ constrainedSize: SizeRange, parentSize: Size) -> SizeRange {
        let size = style.size
        if size.isAuto { return constrainedSize.intersect(.unconstrained) }
        return constrainedSize.intersect(size.resolve(parentSize: parentSize))
    }
}
