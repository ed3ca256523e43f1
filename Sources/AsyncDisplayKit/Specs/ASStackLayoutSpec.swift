import WeftLayout

/// Children in a row or a column, Texture's flexbox:
/// `ASStackLayoutSpec(direction: .vertical, spacing: 8, justifyContent: .start, alignItems: .stretch, children: [...])`.
public typealias ASStackLayoutSpec = StackLayoutSpec
/// `.horizontal` or `.vertical`.
public typealias ASStackLayoutDirection = StackLayoutDirection
/// How the children share the main axis: `.start`, `.center`, `.end`, `.spaceBetween`, `.spaceAround`, `.spaceEvenly`.
public typealias ASStackLayoutJustifyContent = StackLayoutJustifyContent
/// How the children sit on the cross axis: `.start`, `.end`, `.center`, `.stretch` (default), `.baselineFirst`, `.baselineLast`.
public typealias ASStackLayoutAlignItems = StackLayoutAlignItems
/// `.noWrap` (default) or `.wrap` into more lines.
public typealias ASStackLayoutFlexWrap = StackLayoutFlexWrap
/// How wrapped lines share the cross axis.
public typealias ASStackLayoutAlignContent = StackLayoutAlignContent
/// The stack's horizontal alignment, which overrides `justifyContent` or `alignItems` by direction.
public typealias ASHorizontalAlignment = HorizontalAlignment
/// The stack's vertical alignment, which overrides `justifyContent` or `alignItems` by direction.
public typealias ASVerticalAlignment = VerticalAlignment

extension StackLayoutSpec {
    /// Texture's `ASStackLayoutSpec()`: a horizontal stack with no children, set up afterwards.
    public convenience init() {
        self.init(direction: .horizontal, children: [])
    }
}
