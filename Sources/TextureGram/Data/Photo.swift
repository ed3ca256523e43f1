import Foundation

/// A photo as the feed knows it before it is loaded: where it lives and how many pixels it has.
/// The pixel size is what the "download" returns, so a photo can be deliberately larger than
/// the frame it is shown in (the inspector's pixel-scaling overlay labels those in red).
struct Photo: Hashable, Sendable {
    /// `texturegram://photos/<n>.jpg`: served by `PhotoLibrary`, never fetched from a network.
    let url: String
    let pixelWidth: Int
    let pixelHeight: Int

    /// The square thumbnail of `side` points at `scale` the explore pages show: the server's
    /// exact-size thumbnail, except for photos uploaded larger than the feed needs, which have
    /// none and come whole (the scaling labels show those).
    func thumbnail(side: Double, scale: Double) -> Photo {
        let exact = FeedGenerator.exactPhotoPixels
        guard pixelWidth == exact.width && pixelHeight == exact.height else { return self }
        let pixels = Int((side * scale).rounded(.up))
        return Photo(url: url.replacingOccurrences(of: "/photos/", with: "/thumbnails/"), pixelWidth: pixels, pixelHeight: pixels)
    }
}
