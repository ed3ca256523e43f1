import WeftLayout

/// Children at their `style.layoutPosition`.
public typealias ASAbsoluteLayoutSpec = AbsoluteLayoutSpec
public typealias ASAbsoluteLayoutSpecSizing = AbsoluteLayoutSpecSizing
