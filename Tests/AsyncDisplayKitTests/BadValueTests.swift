import AsyncDisplayKit
import XCTest

/// Values Texture refuses: a layout of a negative, NaN or infinite size is 0 x 0 (ASLayout's
/// validity check), a negative range clamps, a dimension string it cannot read is auto.
final class BadValueTests: XCTestCase {
    func testNegativeNaNAndInfiniteSizesLayOutAsTexture() {
        let cases: [(CGSize, CGSize)] = [
            (CGSize(width: -10, height: 20), CGSize(width: 0, height: 20)),
            (CGSize(width: 20, height: CGFloat.nan), CGSize(width: 20, height: 0)),
            (CGSize(width: CGFloat.infinity, height: 5), .zero),
        ]
        for (preferred, expected) in cases {
            let node = ASDisplayNode()
            node.style.preferredSize = preferred
            XCTAssertEqual(node.layoutThatFits(ASSizeRangeUnconstrained).size, expected, "\(preferred)")
        }
    }

    func testANaNRangeStillLaysOutWithoutCrashing() {
        let stack = ASStackLayoutSpec(
            direction: .vertical, spacing: .nan, justifyContent: .start, alignItems: .start,
            children: [ASDisplayNode()])
        let layout = stack.layoutThatFits(ASSizeRangeMake(CGSize(width: CGFloat.nan, height: 0), CGSize(width: 100, height: 100)))
        XCTAssertTrue(layout.size.width.isFinite && layout.size.height.isFinite)
    }

    func testUnreadableDimensionStringsAreAuto() {
        XCTAssertEqual(ASDimensionMake("fifty"), ASDimensionAuto)
        XCTAssertEqual(ASDimensionMake(""), ASDimensionAuto)
        XCTAssertEqual(ASDimensionMake("xpt"), ASDimensionMakeWithPoints(0))
    }

    func testAFractionalPreferredSizeReadsAsZero() {
        let node = ASDisplayNode()
        node.style.width = ASDimensionMake("50%")
        XCTAssertEqual(node.style.preferredSize as CGSize, .zero)
    }
}
