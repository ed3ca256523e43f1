/// Fetches images for network image nodes. Weft is headless and offline, so the host supplies
/// one (the demo serves generated images after a delay on its main loop). `completion` must be
/// called on the main loop's thread; a cancelled download's completion is ignored.
public protocol ImageDownloader: AnyObject {
    /// Starts fetching `url`; returns a token `cancel` accepts.
    func downloadImage(url: String, completion: @escaping (Image?) -> Void) -> Int
    func cancelDownload(_ token: Int)
}

/// An image node whose image comes from a URL, Texture's `ASNetworkImageNode`: the download
/// starts when the node enters the preload state and the image is released (and any download
/// cancelled) when it exits, so only nodes near the screen hold decoded images.
open class NetworkImageNode: ImageNode {
    open override var textureClassName: String { "ASNetworkImageNode" }

    public enum LoadState: String, Hashable, Sendable {
        case idle, loading, loaded, failed
    }

    public init(url: String? = nil, downloader: ImageDownloader? = nil) {
        self.url = url
        self.downloader = downloader
        super.init()
    }

    public var url: String? {
        didSet {
            guard url != oldValue else { return }
            releaseImage()
            if isInPreloadState { startDownload() }
        }
    }
    public weak var downloader: ImageDownloader?
    /// Shown until the download completes (and after a failure).
    public var defaultImage: Image? { didSet { if loadState != .loaded { image = defaultImage } } }
    public private(set) var loadState: LoadState = .idle { didSet { if loadState != oldValue { noteChange() } } }
    private var downloadToken: Int?
    private var downloadGeneration = 0

    open override func didEnterPreloadState() {
        super.didEnterPreloadState()
        startDownload()
    }

    open override func didExitPreloadState() {
        super.didExitPreloadState()
        releaseImage()
    }

    private func startDownload() {
        guard loadState == .idle || loadState == .failed, let url else { return }
        guard let downloader else {
            NodeDiagnostics.warn(id, "no image downloader: \(url) is not loaded")
            loadState = .failed
            return
        }
        loadState = .loading
        downloadGeneration += 1
        let generation = downloadGeneration
        downloadToken = downloader.downloadImage(url: url) { [weak self] image in
            guard let self, generation == self.downloadGeneration, self.loadState == .loading else { return }
            self.downloadToken = nil
            if let image {
                self.image = image
                self.loadState = .loaded
            } else {
                self.loadState = .failed
            }
        }
    }

    private func releaseImage() {
        downloadGeneration += 1
        if let downloadToken { downloader?.cancelDownload(downloadToken) }
        downloadToken = nil
        image = defaultImage
        loadState = .idle
    }
}
