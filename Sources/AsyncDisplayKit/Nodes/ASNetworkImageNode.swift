import Foundation
import WeftNodes

/// Told when a network image node's image arrives.
public protocol ASNetworkImageNodeDelegate: AnyObject {
    /// The image arrived and is the node's image.
    func imageNode(_ imageNode: ASNetworkImageNode, didLoad image: UIImage)
    /// The image could not be loaded; the node keeps its default image.
    func imageNodeDidFailToLoad(_ imageNode: ASNetworkImageNode)
}

extension ASNetworkImageNodeDelegate {
    /// Ignores the failure, as Texture does when the delegate does not answer.
    public func imageNodeDidFailToLoad(_ imageNode: ASNetworkImageNode) {}
}

/// Texture types `url` as a URL; Weft's is its string, of the same name.
public protocol ASNetworkImageNodeURL: AnyObject {
    /// Weft's URL string.
    var url: String? { get set }
}

extension NetworkImageNode: ASNetworkImageNodeURL {}

extension ASNetworkImageNodeURL {
    /// Texture's `URL`: Weft's string parsed, and set back as its `absoluteString`.
    public var url: URL? {
        get { ((self as any ASNetworkImageNodeURL).url as String?).flatMap(URL.init(string:)) }
        set { (self as any ASNetworkImageNodeURL).url = newValue?.absoluteString as String? }
    }
}

/// Texture's ASNetworkImageNode. Weft is offline: without a downloader of the host's
/// (`downloader`), `file:` URLs load from disk (a PNG's or JPEG's real pixel size) and other
/// URLs fail.
open class ASNetworkImageNode: NetworkImageNode {
    /// A node with no URL that loads `file:` URLs once one is set.
    public init() {
        super.init(url: nil, downloader: FileImageDownloader.shared)
    }

    /// The Swift class name, which snapshots and the inspector show (Texture's `NSStringFromClass`).
    open override var textureClassName: String { ASClassName.of(self) }

    /// Told once per image loaded and when a load fails; held weakly.
    public weak var delegate: ASNetworkImageNodeDelegate?

    /// The image the delegate was last told about: a load applies a layout (the image's size
    /// may change the node's), after which the delegate hears of it once.
    private var reportedImage: Image?

    /// Tells the delegate about a newly loaded image once its layout is applied.
    open override func didApplyLayout() {
        super.didApplyLayout()
        guard loadState == .loaded, let image, image != reportedImage else { return }
        reportedImage = image
        delegate?.imageNode(self, didLoad: image)
    }

    /// Tells the delegate when the load failed as the node enters the preload range.
    open override func didEnterPreloadState() {
        super.didEnterPreloadState()
        if loadState == .failed { delegate?.imageNodeDidFailToLoad(self) }
    }
}

/// Loads `file:` URLs (reading their pixel size) and fails others, answering at once.
final class FileImageDownloader: ImageDownloader {
    nonisolated(unsafe) static let shared = FileImageDownloader()

    func downloadImage(url: String, completion: @escaping (Image?) -> Void) -> Int {
        guard let parsed = URL(string: url), parsed.isFileURL else {
            completion(nil)
            return 0
        }
        completion(UIImage(contentsOfFile: parsed.path))
        return 0
    }

    func cancelDownload(_ token: Int) {}
}
