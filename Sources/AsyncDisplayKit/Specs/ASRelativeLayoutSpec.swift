import WeftLayout

/// Its child at the start, center or end of each axis.
public typealias ASRelativeLayoutSpec = RelativeLayoutSpec
/// `.none`, `.start`, `.center`, `.end`: where the child sits on each axis.
public typealias ASRelativeLayoutSpecPosition = RelativeLayoutSpecPosition
/// `.minimumWidth`, `.minimumHeight`, `.minimumSize` or none: the axes the spec shrinks to its child on.
public typealias ASRelativeLayoutSpecSizingOption = RelativeLayoutSpecSizingOption
