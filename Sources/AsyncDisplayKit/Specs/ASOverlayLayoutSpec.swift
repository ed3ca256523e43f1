import WeftLayout

/// `overlay` laid out over `child`, at the child's size.
public typealias ASOverlayLayoutSpec = OverlayLayoutSpec
