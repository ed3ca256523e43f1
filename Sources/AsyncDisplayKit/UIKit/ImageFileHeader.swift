import Foundation

/// The pixel size of a PNG (its IHDR chunk) or a JPEG (its start-of-frame marker), read from
/// the file's first bytes without decoding it.
enum ImageFileHeader {
    /// Nil when the file cannot be read or is neither a well-formed PNG nor JPEG header.
    static func pixelSize(ofFileAt url: URL) -> (width: Int, height: Int)? {
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else { return nil }
        return pixelSize(of: [UInt8](data.prefix(1 << 20)))
    }

    static func pixelSize(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        png(bytes) ?? jpeg(bytes)
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, Array(bytes[0..<8]) == pngSignature,
            Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        let width = bigEndian(bytes, 16, 4)
        let height = bigEndian(bytes, 20, 4)
        return width > 0 && height > 0 ? (width, height) : nil
    }

    private static func jpeg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }  // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            let length = bigEndian(bytes, offset + 2, 2)
            guard length >= 2 else { return nil }
            // Start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard offset + 9 <= bytes.count else { return nil }
                let height = bigEndian(bytes, offset + 5, 2)
                let width = bigEndian(bytes, offset + 7, 2)
                return width > 0 && height > 0 ? (width, height) : nil
            }
            if marker == 0xD9 || marker == 0xDA { return nil }  // end, or scan before a frame
            offset += 2 + length
        }
        return nil
    }
}
