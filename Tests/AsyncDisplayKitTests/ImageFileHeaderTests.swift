import XCTest

@testable import AsyncDisplayKit

/// Pixel sizes read from the first bytes of PNG and JPEG files, and what is refused.
final class ImageFileHeaderTests: XCTestCase {
    private func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        let length = body.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }

    private func jpeg(frameMarker: UInt8, width: Int, height: Int) -> [UInt8] {
        let frame: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0]
        // A quantisation table (DQT) and a Huffman table (DHT, C4: not a frame) before the frame.
        return [0xFF, 0xD8] + segment(0xDB, [UInt8](repeating: 1, count: 65)) + segment(0xC4, [0, 1, 2])
            + segment(frameMarker, frame) + [0xFF, 0xD9]
    }

    func testJPEGFramesOfEveryKindGiveTheirSize() {
        for marker: UInt8 in [0xC0, 0xC1, 0xC2] {
            let size = ImageFileHeader.pixelSize(of: jpeg(frameMarker: marker, width: 640, height: 480))
            XCTAssertEqual(size?.width, 640, "SOF \(marker)")
            XCTAssertEqual(size?.height, 480)
        }
    }

    func testTruncatedOrForeignBytesAreRefused() {
        let whole = jpeg(frameMarker: 0xC0, width: 10, height: 10)
        XCTAssertNil(ImageFileHeader.pixelSize(of: Array(whole.prefix(30))), "cut before the frame")
        XCTAssertNil(ImageFileHeader.pixelSize(of: jpeg(frameMarker: 0xC0, width: 0, height: 10)), "an empty image")
        XCTAssertNil(ImageFileHeader.pixelSize(of: Array("GIF89a....".utf8)))
        XCTAssertNil(ImageFileHeader.pixelSize(of: []))
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 1, 0, 0, 0, 0, 64]
        XCTAssertEqual(ImageFileHeader.pixelSize(of: png)?.width, 256)
        XCTAssertEqual(ImageFileHeader.pixelSize(of: png)?.height, 64)
        XCTAssertNil(ImageFileHeader.pixelSize(of: Array(png.prefix(20))))
    }
}
