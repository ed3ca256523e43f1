import WeftNodes

/// Texture's ASImageNode: measures its image's point size.
open class ASImageNode: ImageNode {
    /// An image node with no image (a plain node's size until `image` is set).
    public init() {
        super.init(image: nil)
    }

    /// The Swift class name, which snapshots and the inspector show (Texture's `NSStringFromClass`).
    open override var textureClassName: String { ASClassName.of(self) }
}
