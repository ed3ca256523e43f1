import WeftLayout

/// The base of every spec; used alone it is a spacer (it takes its range's minimum size and
/// grows with `style.flexGrow`).
public typealias ASLayoutSpec = LayoutSpec
