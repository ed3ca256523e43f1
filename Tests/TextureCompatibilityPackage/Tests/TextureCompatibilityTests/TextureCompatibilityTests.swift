import AsyncDisplayKit
import TextureDocumentationExamples
import WeftLayout
import WeftNodes
import XCTest

@testable import LayoutSpecExamplesLayouts

/// Texture-style code from another package, laid out through AsyncDisplayKit: the geometry
/// Texture gives these layouts (text heights are DejaVu's, see docs/texture-compatibility.md).
final class TextureCompatibilityTests: XCTestCase {
    override func setUp() {
        let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../Examples/LayoutSpecExamples/Resources").standardized
        UIImage.resourceDirectories = [resources]
    }

    private func layout(_ node: ASDisplayNode, width: CGFloat, height: CGFloat) -> ASLayout {
        node.layoutThatFits(ASSizeRangeMake(CGSize(width: width, height: height)))
    }

    func testPhotoWithOutsetIconOverlay() {
        let example = PhotoWithOutsetIconOverlay()
        XCTAssertEqual(example.photoNode.image?.size.width, 150, "a 300-pixel @2x file")
        let layout = example.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 343, height: 220)))
        XCTAssertEqual(layout.size, CGSize(width: 190, height: 170))
        XCTAssertEqual(
            layout.sublayouts.map(\.frame),
            [
                CGRect(x: 20, y: 20, width: 150, height: 150), CGRect(x: 150, y: 0, width: 40, height: 40),
            ])
    }

    func testPhotoWithInsetTextOverlay() {
        let example = PhotoWithInsetTextOverlay()
        let layout = example.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 343, height: 220)))
        // The photo is a quarter of the width (85.75, on the 2x grid 86) and square.
        XCTAssertEqual(layout.sublayouts[0].frame, CGRect(x: 0, y: 0, width: 86, height: 86))
        let title = layout.sublayouts[1].frame
        XCTAssertEqual(title.minX, 12)
        XCTAssertEqual(title.maxY, 86 - 12, accuracy: 0.5)
        XCTAssertLessThanOrEqual(title.width, 86 - 24)
        XCTAssertEqual(example.titleNode.textLayout(forWidth: Double(title.width)).lines.count, 2, "wrapped into two lines")
    }

    func testFlexibleSeparatorSurroundingContent() {
        let example = FlexibleSeparatorSurroundingContent()
        let layout = layout(example, width: 343, height: 220)
        let frames = layout.sublayouts.map(\.frame)
        XCTAssertEqual(frames.count, 3)
        // The separators share what the text and the spacing leave of the inset height.
        XCTAssertEqual(frames[0].minY, 60)
        XCTAssertEqual(frames[2].maxY, 160, accuracy: 0.5)
        XCTAssertEqual(frames[0].height, frames[2].height, accuracy: 1)
        XCTAssertEqual(frames[1].midX, 343 / 2, accuracy: 0.5)
        XCTAssertEqual(frames[0].width, 343)
    }

    func testHeaderWithRightAndLeftItems() {
        let example = HeaderWithRightAndLeftItems()
        let layout = layout(example, width: 343, height: 220)
        let frames = layout.sublayouts.map(\.frame)
        XCTAssertEqual(frames.count, 3)
        XCTAssertEqual(frames[0].minX, 10)
        XCTAssertEqual(frames[2].maxX, 333, "the time is on the right edge, inside the inset")
        XCTAssertEqual(frames[2].minX - frames[0].maxX, 40, accuracy: 0.5)
        XCTAssertEqual(frames[1].minY, frames[0].maxY, accuracy: 0.5)
        let location = example.postLocationNode.textLayout(forWidth: Double(frames[1].width))
        XCTAssertEqual(location.lines.count, 1)
        XCTAssertEqual(location.lines.first?.isTruncated, true, "one line, truncated at the tail")
    }

    func testDocumentationCellSpecBlockAndGrid() {
        let cell = PhotoCellNode(title: "A walk by the sea")
        let cellLayout = cell.layoutThatFits(
            ASSizeRangeMake(CGSize(width: 320, height: 0), CGSize(width: 320, height: CGFloat.infinity)))
        XCTAssertEqual(cellLayout.sublayouts[0].frame, CGRect(x: 0, y: 0, width: 320, height: 180))
        XCTAssertEqual(cellLayout.sublayouts[1].frame, CGRect(x: 292, y: 4, width: 24, height: 24))
        XCTAssertEqual(cell.textureClassName, "PhotoCellNode")
        cell.likeButton.simulateTap()
        XCTAssertEqual(cell.likes, 1)

        let header = makeProfileHeader(name: "hannahmbanana")
        let headerLayout = header.layoutThatFits(ASSizeRangeMake(CGSize(width: 375, height: 0), CGSize(width: 375, height: 200)))
        XCTAssertEqual(headerLayout.size, CGSize(width: 375, height: 64))
        XCTAssertEqual(headerLayout.sublayouts[0].frame, CGRect(x: 16, y: 10, width: 44, height: 44))

        let grid = TileGridNode()
        let gridLayout = grid.layoutThatFits(ASSizeRangeMake(CGSize(width: 300, height: 0), CGSize(width: 300, height: 400)))
        XCTAssertEqual(gridLayout.size, CGSize(width: 300, height: 160))
        XCTAssertEqual(
            gridLayout.sublayouts.prefix(4).map(\.frame),
            [
                CGRect(x: 0, y: 0, width: 150, height: 80), CGRect(x: 150, y: 0, width: 150, height: 80),
                CGRect(x: 0, y: 80, width: 150, height: 80), CGRect(x: 150, y: 80, width: 150, height: 80),
            ])
        // The badge's background, then its text inset by 4, in the top right corner.
        XCTAssertEqual(gridLayout.sublayouts.count, 6)
        XCTAssertEqual(gridLayout.sublayouts[4].frame.maxX, 300)
        XCTAssertEqual(gridLayout.sublayouts[5].frame.maxX, 296)
        XCTAssertEqual(gridLayout.sublayouts[5].frame.minY, 2)
    }
}

/// The documentation-style feed in Weft's runtime: the host's part (a main loop, a drag) names
/// Weft; the feed is Texture code.
final class PhotoFeedRuntimeTests: XCTestCase {
    func testTheFeedBatchFetchesAsItIsScrolled() throws {
        let loop = MainLoop(clock: .manual)
        let feed = PhotoFeedNode()
        loop.addRoot(feed, frame: Rect(x: 0, y: 0, width: 375, height: 667))
        loop.step(frames: 2)
        // Five 281-point cells fill two screens: within two leading screens, one batch at once.
        XCTAssertEqual(feed.fetches, 1)
        XCTAssertEqual(feed.tableNode.numberOfRows(inSection: 0), 10)
        feed.tableNode.drag(by: Point(x: 0, y: 1_500), duration: 0.5)
        loop.step(frames: 120)
        XCTAssertEqual(feed.titles.count, 15, "the data source stops at 15")
        XCTAssertEqual(feed.tableNode.numberOfItems, 15)
        let cell = try XCTUnwrap(feed.tableNode.nodeForRow(at: IndexPath(row: 14, section: 0)) as? PhotoCellNode)
        XCTAssertEqual(cell.titleNode.attributedText?.string, "Photo 15")
        XCTAssertEqual(cell.frame.size.height, 281)
    }
}
