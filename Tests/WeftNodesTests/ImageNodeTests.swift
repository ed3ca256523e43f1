import Testing
import WeftLayout

@testable import WeftNodes

@Suite("Image nodes")
struct ImageNodeTests {
    @Test("an image node measures its image in points")
    func size() {
        let node = ImageNode(image: Image(pixelWidth: 300, pixelHeight: 150, scale: 3))
        #expect(node.layoutThatFits(.unconstrained).size == Size(width: 100, height: 50))
        #expect(
            ImageNode().layoutThatFits(SizeRange(min: .zero, max: Size(width: 40, height: 40))).size
                == Size(width: 40, height: 40))
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

    @Test("a network image loads on entering preload and is released on exit")
    func networkImage() {
        let table = TableNode()
        let source = ListSource(count: 40)
        var images: [Int: NetworkImageNode] = [:]
        let loop = MainLoop()
        // Images arrive 0.05 s (3 frames) after they are asked for.
        let downloader = SimulatedImageDownloader(loop: loop, latency: 0.05) { Image(pixelWidth: 64, pixelHeight: 64, name: $0) }
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
        #expect(downloader.requestedURLs.count == 8)
        #expect(images[7]?.loadState == .loading && images[8]?.loadState == .idle)
        loop.run(frames: 4)
        #expect(images[0]?.loadState == .loaded && images[0]?.image?.name == "https://example.invalid/0.jpg")
        table.contentOffset = Point(x: 0, y: 2000)
        loop.run(frames: 1)
        // Item 0 left every range: image released.
        #expect(images[0]?.loadState == .idle && images[0]?.image == nil)
        // Items 20...27 started loading at the new offset; scrolling back before they arrive
        // cancels them, and their late images are dropped.
        #expect(images[20]?.loadState == .loading)
        table.contentOffset = .zero
        loop.run(frames: 1)
        #expect(downloader.cancelledCount >= 8)
        loop.run(frames: 5)
        #expect(images[20]?.loadState == .idle && images[20]?.image == nil)
        #expect(images[0]?.loadState == .loaded)
    }

    @Test("a network image without a downloader fails with a warning")
    func noDownloader() {
        NodeDiagnostics.printsWarnings = false
        let node = NetworkImageNode(url: "https://example.invalid/a.jpg")
        node.defaultImage = Image(pixelWidth: 1, pixelHeight: 1, name: "placeholder")
        node.setInterfaceState([.measureLayout, .preload])
        #expect(node.loadState == .failed)
        #expect(node.image?.name == "placeholder")
        #expect(NodeDiagnostics.warnings(about: node.id).contains { $0.message.contains("no image downloader") })
    }
}
