import WeftLayout

/// Its child at height = width x ratio.
public typealias ASRatioLayoutSpec = RatioLayoutSpec
