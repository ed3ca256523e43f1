import Foundation
import WeftNodes

/// UIKit's images are Weft's `Image`: a pixel size and a scale (nothing is decoded or drawn).
public typealias UIImage = Image

extension Image {
    /// Where `UIImage(named:)` looks, in order: the main bundle's resources, SwiftPM resource
    /// bundles (`*.resources`) next to the executable, the executable's folder, the working
    /// directory. A program or a test may put its own folders first (on the loop's thread, as
    /// every node call: it is not synchronised).
    public static var resourceDirectories: [URL] {
        get { ImageResources.directories }
        set { ImageResources.directories = newValue }
    }

    /// The image of the PNG or JPEG file `name` in the resource folders, with its real pixel
    /// size and the scale of its `@2x`/`@3x` suffix. Without an extension, `name.png` then
    /// `name.jpg` and `name.jpeg`; the variant for UIScreen.main.scale wins, then the larger ones,
    /// then the smaller ones (UIKit's choice). Nil when no file is found or it is neither a
    /// readable PNG nor a readable JPEG.
    public init?(named name: String) {
        guard !name.isEmpty, let found = ImageResources.find(named: name, screenScale: Double(UIScreen.main.scale)) else {
            return nil
        }
        self = found
    }

    /// The image of the PNG or JPEG file at `path`, at the scale its name says (1 without a
    /// suffix).
    public init?(contentsOfFile path: String) {
        let url = URL(fileURLWithPath: path)
        guard let pixels = ImageFileHeader.pixelSize(ofFileAt: url) else { return nil }
        self.init(
            pixelWidth: pixels.width, pixelHeight: pixels.height,
            scale: ImageResources.scaleSuffix(of: url.deletingPathExtension().lastPathComponent),
            name: url.lastPathComponent)
    }
}
