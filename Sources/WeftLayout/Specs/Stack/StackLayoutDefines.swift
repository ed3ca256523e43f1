/// The axis a stack lays its children along (ASStackLayoutDirection).
public enum StackLayoutDirection: UInt8, Sendable, CaseIterable {
    /// Children top to bottom.
    case vertical
    /// Children left to right.
    case horizontal
}

/// How a stack distributes its children along its axis (ASStackLayoutJustifyContent).
/// Texture has no spaceEvenly.
public enum StackLayoutJustifyContent: UInt8, Sendable, CaseIterable {
    case start
    case center
    case end
    case spaceBetween
    case spaceAround
}

/// How a stack aligns its children on the cross axis (ASStackLayoutAlignItems). Baseline
/// alignment applies to horizontal stacks only.
public enum StackLayoutAlignItems: UInt8, Sendable, CaseIterable {
    case start
    case end
    case center
    case stretch
    case baselineFirst
    case baselineLast
}

/// Whether a stack breaks its children into several lines (ASStackLayoutFlexWrap).
public enum StackLayoutFlexWrap: UInt8, Sendable, CaseIterable {
    /// One line: children that do not fit shrink or overflow.
    case noWrap
    /// A child that does not fit on the line starts a new line.
    case wrap
}

/// How the lines of a wrapping stack are distributed on the cross axis
/// (ASStackLayoutAlignContent).
public enum StackLayoutAlignContent: UInt8, Sendable, CaseIterable {
    case start
    case center
    case end
    case spaceBetween
    case spaceAround
    case stretch
}

/// The convenience alignment along the screen's x axis (ASHorizontalAlignment): it maps onto
/// justifyContent in a horizontal stack and onto alignItems in a vertical one.
public enum HorizontalAlignment: UInt8, Sendable, CaseIterable {
    case none
    case left
    case middle
    case right
}

/// The convenience alignment along the screen's y axis (ASVerticalAlignment).
public enum VerticalAlignment: UInt8, Sendable, CaseIterable {
    case none
    case top
    case center
    case bottom
}
