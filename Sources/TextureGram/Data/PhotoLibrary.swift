import WeftNodes

/// The demo's image "server": `NetworkImageNode`s ask it for `texturegram://` URLs and it answers
/// on the main loop after a short latency, with an image of the pixel size the feed generated.
/// No network, no pixels: Weft only needs sizes. The latency (40-200 ms of program time) is a
/// function of the URL, so loads finish in the same frame on every deterministic run.
final class PhotoLibrary: ImageDownloader {
    /// Unowned: the loop's screens hold this through their data sources and image nodes (a
    /// strong reference would keep the loop and everything on it alive for good). Downloads
    /// start during the loop's frames, so the loop is there.
    private unowned let loop: MainLoop
    /// Pixel sizes by URL, registered as the feed generates posts and users.
    private var sizes: [String: (width: Int, height: Int)] = [:]
    private var nextToken = 0
    private var cancelled: Set<Int> = []

    init(loop: MainLoop) {
        self.loop = loop
    }

    func register(url: String, pixelWidth: Int, pixelHeight: Int) {
        sizes[url] = (pixelWidth, pixelHeight)
    }

    func downloadImage(url: String, completion: @escaping (Image?) -> Void) -> Int {
        nextToken += 1
        let token = nextToken
        loop.schedule(after: Self.latency(of: url)) { [weak self] in
            guard let self, self.cancelled.remove(token) == nil else { return }
            // An unknown URL fails, as a 404 would.
            completion(self.sizes[url].map { Image(pixelWidth: $0.width, pixelHeight: $0.height, scale: 1, name: url) })
        }
        return token
    }

    func cancelDownload(_ token: Int) {
        cancelled.insert(token)
    }

    /// 40-200 ms from an FNV-1a hash of the URL (stable across processes, unlike `Hasher`).
    static func latency(of url: String) -> Double {
        var hash: UInt32 = 2_166_136_261
        for byte in url.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return 0.04 + Double(hash % 161) / 1000
    }
}
