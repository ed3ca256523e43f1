/// An offline image downloader for headless programs and tests: every URL "arrives" `latency`
/// seconds of program time after it was requested, on the main loop, as the image
/// `imageForURL` makes for it (nil: the download fails). Deterministic with a manual clock.
public final class SimulatedImageDownloader: ImageDownloader {
    private unowned let loop: MainLoop
    /// Program seconds from a request to its image (default 0.2).
    public let latency: Double
    private let imageForURL: (String) -> Image?
    private var nextToken = 0
    private var cancelled = Set<Int>()
    /// Every URL requested, in order (cancelled ones included).
    public private(set) var requestedURLs: [String] = []
    /// Downloads cancelled before they arrived.
    public private(set) var cancelledCount = 0

    /// A downloader on `loop` answering after `latency` seconds (a negative one is 0) with `imageForURL`'s image.
    public init(loop: MainLoop, latency: Double = 0.2, imageForURL: @escaping (String) -> Image?) {
        self.loop = loop
        self.latency = max(0, latency)
        self.imageForURL = imageForURL
    }

    /// Schedules the image for `url` on the loop after `latency`; returns the download's token.
    public func downloadImage(url: String, completion: @escaping (Image?) -> Void) -> Int {
        nextToken += 1
        let token = nextToken
        requestedURLs.append(url)
        loop.schedule(after: latency) { [weak self] in
            guard let self else { return }
            if self.cancelled.remove(token) != nil { return }
            completion(self.imageForURL(url))
        }
        return token
    }

    /// Drops the download's completion; an unknown or repeated token is ignored.
    public func cancelDownload(_ token: Int) {
        guard token > 0, token <= nextToken, !cancelled.contains(token) else { return }
        cancelled.insert(token)
        cancelledCount += 1
    }
}
