/// A width and a height as dimensions (Texture's ASLayoutSize), e.g. a preferred layout size
/// of `{50%, 20pt}`.
public struct LayoutSize: Hashable, Sendable, CustomStringConvertible {
    /// The width, in points or as a fraction of the parent's.
    public var width: Dimension
    /// The height, in points or as a fraction of the parent's.
    public var height: Dimension

    /// A layout size of two dimensions (ASLayoutSizeMake).
    @inlinable
    public init(width: Dimension, height: Dimension) {
        self.width = width
        self.height = height
    }

    /// Both dimensions auto.
    public static let auto = LayoutSize(width: .auto, height: .auto)

    /// Both dimensions resolved against `parentSize`, each falling back to `autoSize` when auto
    /// (ASLayoutSizeResolveSize).
    public func resolve(parentSize: Size, autoSize: Size) -> Size {
        Size(
            width: width.resolve(autoSize: autoSize.width, parentSize: parentSize.width),
            height: height.resolve(autoSize: autoSize.height, parentSize: parentSize.height))
    }

    /// `{50%, 20pt}` (NSStringFromASLayoutSize).
    public var description: String { "{\(width), \(height)}" }
}
