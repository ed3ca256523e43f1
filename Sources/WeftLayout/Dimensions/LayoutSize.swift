/// A width and a height as dimensions (Texture's ASLayoutSize), e.g. a preferred layout size
/// of `{50%, 20pt}`.
public struct LayoutSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Dimension
    public var height: Dimension

    @inlinable
    public init(width: Dimension, height: Dimension) {
        self.width = width
        self.height = height
    }

    public static let auto = LayoutSize(width: .auto, height: .auto)

    /// Both dimensions resolved against `parentSize`, each falling back to `autoSize` when auto
    /// (ASLayoutSizeResolveSize).
    public func resolve(parentSize: Size, autoSize: Size) -> Size {
        Size(width: width.resolve(autoSize: autoSize.width, parentSize: parentSize.width),
             height: height.resolve(autoSize: autoSize.height, parentSize: parentSize.height))
    }

    /// `{50%, 20pt}` (NSStringFromASLayoutSize).
    public var description: String { "{\(width), \(height)}" }
}
