import WeftLayout

/// Its child inset by `insets` (an infinite inset pins the child to the opposite edge).
public typealias ASInsetLayoutSpec = InsetLayoutSpec
