import WeftNodes

/// Texture's ASImageNode: measures its image's point size.
open class ASImageNode: ImageNode {
    public init() {
        super.init(image: nil)
    }

    open override var textureClassName: String { ASClassName.of(self) }
}
