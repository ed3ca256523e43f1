import AsyncDisplayKit
import XCTest

/// Texture's own numbers (its layout spec tests and documented behaviour) through the facade.
final class TextureExpectationTests: XCTestCase {
    private func node(_ width: CGFloat, _ height: CGFloat) -> ASDisplayNode {
        let node = ASDisplayNode()
        node.style.preferredSize = CGSize(width: width, height: height)
        return node
    }

    func testDimensionsParseAndPrintAsTexture() {
        XCTAssertEqual(ASDimensionMake("50%"), ASDimensionMakeWithFraction(0.5))
        XCTAssertEqual(ASDimensionMake("12pt"), ASDimensionMakeWithPoints(12))
        XCTAssertEqual(ASDimensionMake("auto"), ASDimensionAuto)
        XCTAssertEqual(ASDimensionMake(".5pt").value, 0.5)
        XCTAssertEqual(ASDimensionMake(.fraction, 0.25), ASDimensionMake("25%"))
        XCTAssertEqual(NSStringFromASDimension(ASDimensionMake("50%")), "50%")
        XCTAssertEqual(NSStringFromASDimension(ASDimensionMake(10)), "10pt")
        XCTAssertEqual(NSStringFromASDimension(ASDimensionAuto), "Auto")
        XCTAssertEqual(ASDimensionResolve(ASDimensionMake("50%"), 300, 7), 150)
        XCTAssertEqual(ASDimensionResolve(ASDimensionAuto, 300, 7), 7)
    }

    func testSizeRangesIntersectAndClampAsTexture() {
        let range = ASSizeRangeMake(CGSize(width: 10, height: 10), CGSize(width: 100, height: 100))
        XCTAssertEqual(ASSizeRangeClamp(range, CGSize(width: 500, height: 5)), CGSize(width: 100, height: 10))
        let overlap = ASSizeRangeIntersect(range, ASSizeRangeMake(CGSize(width: 50, height: 0), CGSize(width: 200, height: 60)))
        XCTAssertEqual(overlap, ASSizeRangeMake(CGSize(width: 50, height: 10), CGSize(width: 100, height: 60)))
        // Disjoint: this range wins with its value nearest the other (ASSizeRangeIntersect).
        let disjoint = ASSizeRangeIntersect(
            range, ASSizeRangeMake(CGSize(width: 150, height: 150), CGSize(width: 200, height: 200)))
        XCTAssertEqual(disjoint, ASSizeRangeMake(CGSize(width: 100, height: 100)))
        XCTAssertEqual(ASSizeRangeUnconstrained.max.width, .infinity)
        XCTAssertTrue(ASSizeRangeHasSignificantArea(range))
        XCTAssertFalse(ASSizeRangeHasSignificantArea(ASSizeRangeZero))
    }

    /// ASRatioLayoutSpecSnapshotTests: a 100 x 100 child at ratio 0.5 is 100 x 50.
    func testRatioHalvesTheHeight() {
        let layout = ASRatioLayoutSpec(ratio: 0.5, child: node(100, 100))
            .layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 100, height: 100)))
        XCTAssertEqual(layout.size, CGSize(width: 100, height: 50))
        XCTAssertEqual(layout.sublayouts.first?.size, CGSize(width: 100, height: 50))
    }

    /// ASCenterLayoutSpecSnapshotTests: a 70 x 100 child centred in 500 x 500.
    func testCenterPlacesTheChildInTheMiddle() {
        let layout = ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: [], child: node(70, 100))
            .layoutThatFits(ASSizeRangeMake(CGSize(width: 500, height: 500)))
        XCTAssertEqual(layout.size, CGSize(width: 500, height: 500))
        XCTAssertEqual(layout.sublayouts.first?.position, CGPoint(x: 215, y: 200))
        let shrunk = ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: .minimumXY, child: node(70, 100))
            .layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 500, height: 500)))
        XCTAssertEqual(shrunk.size, CGSize(width: 70, height: 100))
    }

    final class ContentNode: ASDisplayNode {
        override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize { CGSize(width: 30, height: 10) }
    }

    /// Texture's stack defaults: flexShrink 0, alignItems stretch; spaceBetween spreads.
    func testStackDistributesAsTexture() {
        let layout = ASStackLayoutSpec(
            direction: .horizontal, spacing: 0, justifyContent: .spaceBetween, alignItems: .start,
            children: [node(50, 20), node(50, 40), node(50, 30)]
        )
        .layoutThatFits(ASSizeRangeMake(CGSize(width: 300, height: 0), CGSize(width: 300, height: 100)))
        XCTAssertEqual(
            layout.sublayouts.map(\.frame),
            [
                CGRect(x: 0, y: 0, width: 50, height: 20), CGRect(x: 125, y: 0, width: 50, height: 40),
                CGRect(x: 250, y: 0, width: 50, height: 30),
            ])
        // Stretch (the default) gives a child without a height of its own the stack's height.
        let stretched = ASStackLayoutSpec.horizontal()
        stretched.children = [node(50, 40), ContentNode()]
        let stretchedLayout = stretched.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 300, height: 100)))
        XCTAssertEqual(
            stretchedLayout.sublayouts.map(\.frame),
            [
                CGRect(x: 0, y: 0, width: 50, height: 40), CGRect(x: 50, y: 0, width: 30, height: 40),
            ])
        // Overflow without flexShrink: children keep their widths and run past the stack.
        let overflow = ASStackLayoutSpec(
            direction: .horizontal, spacing: 10, justifyContent: .start, alignItems: .start,
            children: [node(200, 10), node(200, 10)]
        )
        .layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 300, height: 100)))
        XCTAssertEqual(overflow.sublayouts.map(\.position.x), [0, 210])
    }

    /// An infinite top inset pins the child to the bottom (the "inset text overlay" example).
    func testInfiniteInsetPinsToTheOppositeEdge() {
        let layout = ASInsetLayoutSpec(insets: UIEdgeInsets(top: .infinity, left: 12, bottom: 12, right: 12), child: node(50, 20))
            .layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 100, height: 100)))
        XCTAssertEqual(layout.sublayouts.first?.frame, CGRect(x: 12, y: 68, width: 50, height: 20))
        // The range's minimum, less the insets, is the child's minimum: it stretches.
        let exact = ASInsetLayoutSpec(insets: UIEdgeInsets(top: .infinity, left: 12, bottom: 12, right: 12), child: node(50, 20))
            .layoutThatFits(ASSizeRangeMake(CGSize(width: 100, height: 100)))
        XCTAssertEqual(exact.sublayouts.first?.frame, CGRect(x: 12, y: 68, width: 76, height: 20))
    }

    /// Sizes round up to the pixel grid of the screen scale (ASCeilPixelValue).
    func testSizesRoundUpToThePixelGrid() {
        let leaf = node(10.1, 10.6)
        XCTAssertEqual(leaf.layoutThatFits(ASSizeRangeUnconstrained).size, CGSize(width: 10.5, height: 11))
    }
}
