import WeftLayout

/// Children in a row or a column, Texture's flexbox:
/// `ASStackLayoutSpec(direction: .vertical, spacing: 8, justifyContent: .start, alignItems: .stretch, children: [...])`.
public typealias ASStackLayoutSpec = StackLayoutSpec
public typealias ASStackLayoutDirection = StackLayoutDirection
public typealias ASStackLayoutJustifyContent = StackLayoutJustifyContent
public typealias ASStackLayoutAlignItems = StackLayoutAlignItems
public typealias ASStackLayoutFlexWrap = StackLayoutFlexWrap
public typealias ASStackLayoutAlignContent = StackLayoutAlignContent
public typealias ASHorizontalAlignment = HorizontalAlignment
public typealias ASVerticalAlignment = VerticalAlignment

extension StackLayoutSpec {
    /// Texture's `ASStackLayoutSpec()`: a horizontal stack with no children, set up afterwards.
    public convenience init() {
        self.init(direction: .horizontal, children: [])
    }
}
