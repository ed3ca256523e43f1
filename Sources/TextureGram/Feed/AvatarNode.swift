import WeftLayout
import WeftNodes

/// A user's avatar: a network image of a fixed square side (the tutorial rounds it with an
/// image modification block; Weft draws no pixels, so the shape lives only in the name).
final class AvatarNode: NetworkImageNode {
    override var textureClassName: String { "AvatarNode" }

    init(user: User, side: Double, library: PhotoLibrary) {
        let avatar = user.avatar(side: side, scale: TextureGramApp.screenScale)
        super.init(url: avatar.url, downloader: library)
        library.register(url: avatar.url, pixelWidth: avatar.pixels, pixelHeight: avatar.pixels)
        debugName = "avatar"
        style.preferredSize = Size(width: side, height: side)
        backgroundColor = Theme.placeholderColor
    }
}
