import Foundation
import WeftNodes

/// Finds `UIImage(named:)` files: the folders to search and the `@2x`/`@3x` variants.
enum ImageResources {
    nonisolated(unsafe) static var directories: [URL] = defaultDirectories()

    /// The main bundle's resources and the executable's folder, each followed by the SwiftPM
    /// resource bundles (`*.resources`) in it, then the working directory.
    private static func defaultDirectories() -> [URL] {
        var folders: [URL] = []
        let bases = [Bundle.main.resourceURL, Bundle.main.executableURL?.deletingLastPathComponent()]
        for base in bases.compactMap({ $0?.resolvingSymlinksInPath() }) where !folders.contains(base) {
            folders.append(base)
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
            folders += entries.filter { $0.hasSuffix(".resources") }.sorted().map { base.appendingPathComponent($0) }
        }
        folders.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        return folders
    }

    static func find(named name: String, screenScale: Double) -> Image? {
        let url = URL(fileURLWithPath: name)
        let givenExtension = url.pathExtension.lowercased()
        let base = givenExtension.isEmpty ? name : String(name.dropLast(givenExtension.count + 1))
        let extensions = givenExtension.isEmpty ? ["png", "jpg", "jpeg"] : [url.pathExtension]
        // The screen's scale, then larger, then smaller: UIKit's preference.
        let scales = [screenScale, 3, 2, 1].reduce(into: [Double]()) { if !$0.contains($1) { $0.append($1) } }
            .sorted { lhs, rhs in rank(lhs, screenScale) < rank(rhs, screenScale) }
        for directory in directories {
            for scale in scales {
                let suffix = scale == 1 ? "" : "@\(Int(scale))x"
                for fileExtension in extensions {
                    let file = directory.appendingPathComponent(base + suffix).appendingPathExtension(fileExtension)
                    guard FileManager.default.fileExists(atPath: file.path) else { continue }
                    guard let pixels = ImageFileHeader.pixelSize(ofFileAt: file) else { return nil }
                    return Image(
                        pixelWidth: pixels.width, pixelHeight: pixels.height, scale: scale,
                        name: file.lastPathComponent)
                }
            }
        }
        return nil
    }

    private static func rank(_ scale: Double, _ screenScale: Double) -> Double {
        scale == screenScale ? 0 : scale > screenScale ? scale : 10 + (screenScale - scale)
    }

    /// 2 for `photo@2x`, 3 for `photo@3x`, else 1.
    static func scaleSuffix(of name: String) -> Double {
        if name.hasSuffix("@3x") { return 3 }
        if name.hasSuffix("@2x") { return 2 }
        return 1
    }
}
