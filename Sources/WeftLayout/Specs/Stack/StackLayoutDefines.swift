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
    /// Children packed at the start of the axis.
    case start
    /// Children packed in the middle of the axis.
    case center
    /// Children packed at the end of the axis.
    case end
    /// The free space split evenly between children; none before the first or after the last.
    case spaceBetween
    /// The free space split evenly around children: half a share before the first and after the last.
    case spaceAround
}

/// How a stack aligns its children on the cross axis (ASStackLayoutAlignItems). Baseline
/// alignment applies to horizontal stacks only.
public enum StackLayoutAlignItems: UInt8, Sendable, CaseIterable {
    /// Children at the start of the cross axis.
    case start
    /// Children at the end of the cross axis.
    case end
    /// Children centred on the cross axis.
    case center
    /// Children stretched to the stack's cross size (the default).
    case stretch
    /// Children aligned on their first line's baseline (horizontal stacks).
    case baselineFirst
    /// Children aligned on their last line's baseline (horizontal stacks).
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
    /// Lines packed at the start of the cross axis.
    case start
    /// Lines packed in the middle of the cross axis.
    case center
    /// Lines packed at the end of the cross axis.
    case end
    /// The free cross space split evenly between lines.
    case spaceBetween
    /// The free cross space split evenly around lines.
    case spaceAround
    /// The free cross space shared among the lines, each line growing by its share.
    case stretch
}

/// The convenience alignment along the screen's x axis (ASHorizontalAlignment): it maps onto
/// justifyContent in a horizontal stack and onto alignItems in a vertical one.
public enum HorizontalAlignment: UInt8, Sendable, CaseIterable {
    /// No convenience alignment: justifyContent and alignItems apply as set.
    case none
    /// Children at the left.
    case left
    /// Children centred horizontally.
    case middle
    /// Children at the right.
    case right
}

/// The convenience alignment along the screen's y axis (ASVerticalAlignment).
public enum VerticalAlignment: UInt8, Sendable, CaseIterable {
    /// No convenience alignment: justifyContent and alignItems apply as set.
    case none
    /// Children at the top.
    case top
    /// Children centred vertically.
    case center
    /// Children at the bottom.
    case bottom
}
