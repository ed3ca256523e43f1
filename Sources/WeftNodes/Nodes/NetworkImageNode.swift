/// Fetches images for network image nodes. Weft is headless and offline, so the host supplies
/// one (the demo serves generated images after a delay on its main loop). `completion` must be
/// called on the main loop's thread; a cancelled download's completion is ignored.
public protocol ImageDownloader: AnyObject {
    /// Starts fetching `url`; returns a token `cancel` accepts.
    func downloadImage(url: String, completion: @escaping (Image?) -> Void) -> Int
    /// Cancels the download `token` names; its completion is then never called.
    func cancelDownload(_ token: Int)
}

/// An image node whose image comes from a URL, Texture's `ASNetworkImageNode`: the download
/// starts when the node enters the preload state and the image is released (and any download
/// cancelled) when it exits, so only nodes near the screen hold decoded images.
open class NetworkImageNode: ImageNode {
    /// `ASNetworkImageNode`, the class name snapshots and ASCII art print.
    open override var textureClassName: String { "ASNetworkImageNode" }

    /// Where the node's download is.
    public enum LoadState: String, Hashable, Sendable {
        /// Not started (or released), under way, done, or failed (the default image stays).
        case idle, loading, loaded, failed
    }

    /// A node loading `url` through `downloader` once it enters the preload range.
    public init(url: String? = nil, downloader: ImageDownloader? = nil) {
        self.url = url
        self.downloader = downloader
        super.init()
    }

    /// The image's URL; changing it releases the image and, in the preload range, downloads the new one.
    public var url: String? {
        didSet {
            guard url != oldValue else { return }
            releaseImage()
            if isInPreloadState { startDownload() }
        }
    }
    /// Fetches the image; held weakly. Without one a download fails at once, with a warning.
    public weak var downloader: ImageDownloader?
    /// Shown until the download completes (and after a failure).
    public var defaultImage: Image? { didSet { if loadState != .loaded { image = defaultImage } } }
    /// Where the download is; the inspector shows it.
    public private(set) var loadState: LoadState = .idle { didSet { if loadState != oldValue { noteChange() } } }
    private var downloadToken: Int?
    private var downloadGeneration = 0

    /// Starts the download.
    open override func didEnterPreloadState() {
        super.didEnterPreloadState()
        startDownload()
    }

    /// Releases the image and cancels a download under way.
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
