import Foundation
import WeftLayout

/// A bitmap as image nodes know it: its pixel size and scale (Weft draws no pixels).
public struct Image: Hashable, Sendable {
    /// The width in pixels.
    public var pixelWidth: Int
    /// The height in pixels.
    public var pixelHeight: Int
    /// Pixels per point of the image (UIImage.scale).
    public var scale: Double
    /// Where it came from, for the inspector (a file name or URL).
    public var name: String?

    /// An image of this many pixels at `scale` pixels per point, with an optional name for snapshots.
    public init(pixelWidth: Int, pixelHeight: Int, scale: Double = 1, name: String? = nil) {
        self.pixelWidth = max(0, pixelWidth)
        self.pixelHeight = max(0, pixelHeight)
        self.scale = scale > 0 ? scale : 1
        self.name = name
    }

    /// The size in points (UIImage.size).
    public var size: Size { Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }

    /// A decoded bitmap costs 4 bytes per pixel (RGBA8888).
    public var decodedBytes: Int { pixelWidth * pixelHeight * 4 }
}

/// How an image fills its node (UIView.ContentMode).
public enum ContentMode: String, Hashable, Sendable, CaseIterable {
    /// UIKit's content modes (kept: an image node's size is its image's whatever the mode).
    case scaleToFill, scaleAspectFit, scaleAspectFill, center, top, bottom, left, right
}

/// An image leaf, Texture's `ASImageNode` (a control, so it can take taps). It measures its
/// image's point size, and reports the pixel-scaling check of docs/texture-semantics.md section 7.
open class ImageNode: ControlNode {
    /// `ASImageNode`, the class name snapshots and ASCII art print.
    open override var textureClassName: String { "ASImageNode" }

    /// An image node showing `image` (none by default: a plain node's size).
    public init(image: Image? = nil) {
        storedImage = image
        super.init()
    }

    /// Stored unchecked for exclusivity, as DisplayNode's state: a capture reads it.
    public var image: Image? {
        get { storedImage }
        set {
            let oldValue = storedImage
            storedImage = newValue
            if newValue != oldValue { setNeedsLayout() }
        }
    }
    @exclusivity(unchecked) private var storedImage: Image?
    /// ASImageNode's default is aspect fill.
    public var contentMode: ContentMode = .scaleAspectFill { didSet { if contentMode != oldValue { noteChange() } } }

    /// The image's point size; without an image, a plain node's size.
    open override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        image?.size ?? super.calculateSizeThatFits(constrainedSize)
    }

    /// Says whether the size came from the image, for a layout explanation.
    open override func measurementSource(_ maxSize: Size) -> String {
        image == nil ? "no image yet: " + super.measurementSource(maxSize) : "its image's point size"
    }

    /// Image pixels per displayed pixel: (image.w x imageScale x image.h x imageScale) /
    /// (floor(bounds.w x contentsScale) x floor(bounds.h x contentsScale)), with the tree's
    /// screen scale as contentsScale. Nil without an image or with an empty node.
    public var pixelScalingRatio: Double? {
        pixelScalingRatio(contentsScale: layoutContext.scale)
    }

    /// The ratio on a screen of `contentsScale` pixels per point: a capture reads its tree's
    /// scale once, where `layoutContext` would walk up to the root for every image.
    public func pixelScalingRatio(contentsScale: Double) -> Double? {
        guard let image else { return nil }
        let displayed = displayedPixels(contentsScale: contentsScale)
        guard displayed > 0 else { return nil }
        return Double(image.pixelWidth) * Double(image.pixelHeight) / displayed
    }

    /// The red label the inspector shows when the ratio is not 1 (`"9.00x"`), else nil.
    public var pixelScalingLabel: String? {
        guard let ratio = pixelScalingRatio, ratio != 1 else { return nil }
        return String(format: "%.2fx", ratio)
    }

    /// Memory a larger-than-displayed image wastes: (pixels - displayed pixels) x 4 bytes.
    public var wastedBytes: Int {
        guard let image else { return 0 }
        let displayed = Int(displayedPixels(contentsScale: layoutContext.scale))
        return max(0, image.pixelWidth * image.pixelHeight - displayed) * 4
    }

    /// The pixels the node's bounds cover on the screen.
    private func displayedPixels(contentsScale: Double) -> Double {
        (bounds.size.width * contentsScale).rounded(.down) * (bounds.size.height * contentsScale).rounded(.down)
    }
}
