import Testing
import WeftLayout
@testable import WeftNodes

@Suite("Image nodes")
struct ImageNodeTests {
    @Test("an image node measures its image in points")
    func size() {
        let node = ImageNode(image: Image(pixelWidth: 300, pixelHeight: 150, scale: 3))
        #expect(node.layoutThatFits(.unconstrained).size == Size(width: 100, height: 50))
        #expect(ImageNode().layoutThatFits(SizeRange(min: .zero, max: Size(width: 40, height: 40))).size == Size(width: 40, height: 40))
    }

    @Test("the pixel-scaling ratio and its label (section 7)")
    func scalingRatio() {
        // A 300 x 300 px image (scale 1) in a 50 x 50 node on a scale-2 screen:
        // (300 x 300) / (floor(100) x floor(100)) = 9 -> "9.00x"; 360 000 decoded bytes,
        // (90 000 - 10 000) x 4 = 320 000 wasted.
        let node = ImageNode(image: Image(pixelWidth: 300, pixelHeight: 300))
        node.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        #expect(node.pixelScalingRatio == 9)
        #expect(node.pixelScalingLabel == "9.00x")
        #expect(node.image?.decodedBytes == 360_000)
        #expect(node.wastedBytes == 320_000)
        // 100 x 100 px in 50 x 50 at scale 2: exactly 1, no label.
        node.image = Image(pixelWidth: 100, pixelHeight: 100)
        #expect(node.pixelScalingRatio == 1 && node.pixelScalingLabel == nil)
        // 75 x 75 px in 50.3 x 50.3 at scale 2: 5625 / (floor(100.6) x floor(100.6)) = 0.5625.
        node.image = Image(pixelWidth: 75, pixelHeight: 75)
        node.frame = Rect(x: 0, y: 0, width: 50.3, height: 50.3)
        #expect(node.pixelScalingLabel == "0.56x")
    }

    /// Serves every URL after `frames` frames of the loop, as a slow network would.
    final class LoopDownloader: ImageDownloader {
        let loop: MainLoop
        var started: [String] = []
        var cancelled: [Int] = []
        var next = 0

        init(loop: MainLoop) { self.loop = loop }

        func downloadImage(url: String, completion: @escaping (Image?) -> Void) -> Int {
            started.append(url)
            next += 1
            loop.schedule(after: 0.05) { completion(Image(pixelWidth: 64, pixelHeight: 64, name: url)) }
            return next
        }

        func cancelDownload(_ token: Int) { cancelled.append(token) }
    }

    @Test("a network image loads on entering preload and is released on exit")
    func networkImage() {
        let table = TableNode()
        let source = ListSource(count: 40)
        var images: [Int: NetworkImageNode] = [:]
        let loop = MainLoop()
        let downloader = LoopDownloader(loop: loop)
        source.makeCell = { index in
            let cell = FixedCell(height: 100)
            let image = NetworkImageNode(url: "https://example.invalid/\(index).jpg", downloader: downloader)
            cell.addSubnode(image)
            images[index] = image
            return cell
        }
        table.dataSource = source
        let root = DisplayNode()
        root.addSubnode(table)
        table.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 320, height: 480))
        loop.run(frames: 1)
        // Minimum preload covers items 0...7: eight downloads; item 8 stays idle.
        #expect(downloader.started.count == 8)
        #expect(images[7]?.loadState == .loading && images[8]?.loadState == .idle)
        loop.run(frames: 4)
        #expect(images[0]?.loadState == .loaded && images[0]?.image?.name == "https://example.invalid/0.jpg")
        table.contentOffset = Point(x: 0, y: 2000)
        loop.run(frames: 1)
        // Item 0 left every range: image released.
        #expect(images[0]?.loadState == .idle && images[0]?.image == nil)
    }
}
