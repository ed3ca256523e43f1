import WeftLayout
import WeftNodes
import XCTest

@testable import TextureGram

/// The stories strip: a horizontal collection of 55-point avatars with the username below,
/// items 8 apart (interitem spacing) and inset 8 from the strip (section inset).
final class StoriesTests: XCTestCase {
    func testStoriesAre55PointAvatarsEightPointsApart() throws {
        let app = try makeApp(["--no-scroll"])
        app.run(seconds: 0.2)
        let strip = app.feedScreen.stories
        XCTAssertEqual(strip.frame, Rect(x: 0, y: 44, width: 375, height: StoriesStripNode.height))
        let cells = (0..<strip.numberOfItems).compactMap { strip.cellForItem(at: $0) as? StoryCellNode }
        XCTAssertEqual(cells.count, 24)
        XCTAssertEqual(cells[0].frame.origin, Point(x: 8, y: 8))
        for (left, right) in zip(cells, cells.dropFirst()) {
            XCTAssertEqual(right.frame.minX, left.frame.maxX + 8, accuracy: 1e-9)
        }
        for cell in cells {
            XCTAssertEqual(cell.avatar.frame.size, Size(width: 55, height: 55))
            // The username sits under the ring (2 + 55 + 2) and the 4-point spacing.
            XCTAssertEqual(cell.username.frame.minY, 63)
            XCTAssertLessThanOrEqual(cell.username.frame.width, 64)
        }
        // The strip scrolls: its content is wider than the screen.
        XCTAssertGreaterThan(strip.contentSize.width, 375)
    }
}
