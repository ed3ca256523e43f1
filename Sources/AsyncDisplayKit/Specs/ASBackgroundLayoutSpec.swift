import WeftLayout

/// `background` laid out behind `child`, at the child's size.
public typealias ASBackgroundLayoutSpec = BackgroundLayoutSpec
