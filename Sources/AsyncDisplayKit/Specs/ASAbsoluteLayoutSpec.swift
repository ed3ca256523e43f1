import WeftLayout

/// Children at their `style.layoutPosition`.
public typealias ASAbsoluteLayoutSpec = AbsoluteLayoutSpec
/// `.default` (the range's maximum where it is finite) or `.sizeToFit` (the children's far edges).
public typealias ASAbsoluteLayoutSpecSizing = AbsoluteLayoutSpecSizing
