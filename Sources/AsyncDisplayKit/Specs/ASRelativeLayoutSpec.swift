import WeftLayout

/// Its child at the start, center or end of each axis.
public typealias ASRelativeLayoutSpec = RelativeLayoutSpec
public typealias ASRelativeLayoutSpecPosition = RelativeLayoutSpecPosition
public typealias ASRelativeLayoutSpecSizingOption = RelativeLayoutSpecSizingOption
