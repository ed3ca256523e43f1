import Foundation
import WeftCapture
import WeftLayout
import WeftNodes
import WeftSnapshot
import XCTest

@testable import TextureGram

/// `weft render`'s picture of a scrolled TextureGram clips as the page does: the cells the feed
/// and the stories strip scrolled out of them are not drawn over the navigation bar or beyond
/// the screen, and every box drawn is the part the page's ScreenBoxes leaves visible.
final class RenderClippingTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testAScrolledFeedIsClippedAsThePageClipsIt() throws {
        let app = try makeApp()
        app.run(seconds: 2.5)  // the script's first drag and its deceleration
        XCTAssertGreaterThan(app.feedScreen.feed.contentOffset.y, 300)
        let snapshot = Capture.snapshot(of: app.loop.roots)
        let svg = SnapshotSVG.render(snapshot, overlays: [.slop, .scaling])

        // Two 667-point screens side by side under their labels (16 points), plus the margins.
        let height = try XCTUnwrap(Self.attribute("height", of: "svg", in: svg).flatMap(Double.init))
        XCTAssertEqual(height, 16 + 667 + 20)

        let page = try Self.visibleBoxesOnThePage(snapshot)
        let drawn = try Self.drawnBoxes(svg)
        var rootOf: [String: String] = [:]
        func index(_ element: Snapshot.Element, root: String) {
            rootOf[element.id] = root
            for child in element.children { index(child, root: root) }
        }
        for root in snapshot.roots { index(root, root: root.id) }
        XCTAssertEqual(page.count, rootOf.count, "the page indexes every element")

        let hidden = page.filter { $0.value == nil }.map(\.key)
        XCTAssertGreaterThan(hidden.count, 10, "the scrolled feed holds cells out of its bounds")
        XCTAssertEqual(
            Set(drawn.keys), Set(page.compactMap { $0.value == nil ? nil : $0.key }),
            "the picture draws the elements the page leaves visible, and only those")
        for (id, rect) in drawn {
            guard let root = rootOf[id], let rootRect = drawn[root], let expected = page[id] ?? nil else { continue }
            let relative = [rect[0] - rootRect[0], rect[1] - rootRect[1], rect[2], rect[3]]
            for (got, want) in zip(relative, expected) {
                XCTAssertEqual(got, want, accuracy: 1e-6, "\(id): drawn \(relative), visible on the page \(expected)")
            }
        }
    }

    /// `name="value"` of the first `<tag` in `svg`.
    static func attribute(_ name: String, of tag: String, in svg: String) -> String? {
        guard let start = svg.range(of: "<\(tag) "),
            let end = svg[start.upperBound...].firstIndex(of: ">")
        else { return nil }
        let element = svg[start.upperBound..<end]
        guard
            let key = element.range(of: " \(name)=\"")
                ?? (element.hasPrefix("\(name)=\"") ? element.range(of: "\(name)=\"") : nil)
        else { return nil }
        return String(element[key.upperBound...].prefix { $0 != "\"" })
    }

    /// The node and spec boxes of the picture, by element id (their tooltip starts with it).
    static func drawnBoxes(_ svg: String) throws -> [String: [Double]] {
        let pattern = try NSRegularExpression(
            pattern: #"<rect x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)" class="(?:node|spec)"[^>]*><title>(\S+) "#)
        var boxes: [String: [Double]] = [:]
        let text = svg as NSString
        for match in pattern.matches(in: svg, range: NSRange(location: 0, length: text.length)) {
            let numbers = (1...4).compactMap { Double(text.substring(with: match.range(at: $0))) }
            XCTAssertEqual(numbers.count, 4)
            let id = text.substring(with: match.range(at: 5))
            XCTAssertNil(boxes[id], "\(id) is drawn once")
            boxes[id] = numbers
        }
        return boxes
    }

    /// The page's visible boxes (web-inspector/js/screen-boxes.js, run by node), relative to
    /// each element's root; nil for an element its clipping ancestors hide.
    static func visibleBoxesOnThePage(_ snapshot: Snapshot) throws -> [String: [Double]?] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("weft-render-clipping-\(UUID().uuidString).json")
        try Data(snapshot.encoded()).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let node = Process()
        node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        node.arguments = ["node", repository.appendingPathComponent("Tests/TextureGramTests/visible-boxes.mjs").path, file.path]
        let output = Pipe()
        node.standardOutput = output
        try node.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        node.waitUntilExit()
        XCTAssertEqual(node.terminationStatus, 0, "node (the page's modules) must run: make test-web needs it too")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return object.mapValues { value in (value as? [NSNumber])?.map(\.doubleValue) }
    }
}
