/// A photo as the feed knows it before it is loaded: where it lives and how many pixels it has.
/// The pixel size is what the "download" returns, so a photo can be deliberately larger than
/// the frame it is shown in (the inspector's pixel-scaling overlay labels those in red).
struct Photo: Hashable, Sendable {
    /// `texturegram://photos/<n>.jpg`: served by `PhotoLibrary`, never fetched from a network.
    let url: String
    let pixelWidth: Int
    let pixelHeight: Int
}
