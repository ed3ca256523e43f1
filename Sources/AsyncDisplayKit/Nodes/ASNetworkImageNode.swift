import Foundation
import WeftNodes

/// Told when a network image node's image arrives.
public protocol ASNetworkImageNodeDelegate: AnyObject {
    func imageNode(_ imageNode: ASNetworkImageNode, didLoad image: UIImage)
    func imageNodeDidFailToLoad(_ imageNode: ASNetworkImageNode)
}

extension ASNetworkImageNodeDelegate {
    public func imageNodeDidFailToLoad(_ imageNode: ASNetworkImageNode) {}
}

/// Texture types `url` as a URL; Weft's is its string, of the same name.
public protocol ASNetworkImageNodeURL: AnyObject {
    var url: String? { get set }
}

extension NetworkImageNode: ASNetworkImageNodeURL {}

extension ASNetworkImageNodeURL {
    public var url: URL? {
        get { ((self as any ASNetworkImageNodeURL).url as String?).flatMap(URL.init(string:)) }
        set { (self as any ASNetworkImageNodeURL).url = newValue?.absoluteString as String? }
    }
}

/// Texture's ASNetworkImageNode. Weft is offline: without a downloader of the host's
/// (`downloader`), `file:` URLs load from disk (a PNG's or JPEG's real pixel size) and other
/// URLs fail.
open class ASNetworkImageNode: NetworkImageNode {
    public init() {
        super.init(url: nil, downloader: FileImageDownloader.shared)
    }

    open override var textureClassName: String { ASClassName.of(self) }

    public weak var delegate: ASNetworkImageNodeDelegate?

    /// The image the delegate was last told about: a load applies a layout (the image's size
    /// may change the node's), after which the delegate hears of it once.
    private var reportedImage: Image?

    open override func didApplyLayout() {
        super.didApplyLayout()
        guard loadState == .loaded, let image, image != reportedImage else { return }
        reportedImage = image
        delegate?.imageNode(self, didLoad: image)
    }

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
