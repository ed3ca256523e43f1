import AsyncDisplayKit
import WeftLayout
import WeftNodes
import XCTest

/// Every spec and style property, set through AsyncDisplayKit on facade nodes and through
/// WeftLayout on BoxNodes: the same tree must give the same frames, node for node.
final class FacadeEquivalenceTests: XCTestCase {
    /// A Texture leaf with a content size (the `calculateSizeThatFits(_: CGSize)` override path).
    final class ContentNode: ASDisplayNode {
        let contentSize: CGSize
        init(_ width: CGFloat, _ height: CGFloat) {
            contentSize = CGSize(width: width, height: height)
            super.init()
        }
        override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize { contentSize }
    }

    /// One tree built twice: `texture` returns the facade's spec, `weft` WeftLayout's.
    struct Case {
        let name: String
        let range: (min: Size, max: Size)
        let texture: () -> ASLayoutElement
        let weft: () -> any LayoutElement
    }

    private func leaf(_ width: Double, _ height: Double) -> BoxNode { BoxNode(intrinsicSize: Size(width: width, height: height)) }

    private var cases: [Case] {
        let wide = (min: Size.zero, max: Size(width: 320, height: 480))
        let exact = (min: Size(width: 320, height: 200), max: Size(width: 320, height: 200))
        return [
            Case(
                name: "stack spaceBetween center", range: wide,
                texture: {
                    ASStackLayoutSpec(
                        direction: .horizontal, spacing: 8, justifyContent: .spaceBetween, alignItems: .center,
                        children: [ContentNode(50, 20), ContentNode(60, 40), ContentNode(30, 10)])
                },
                weft: {
                    StackLayoutSpec(
                        direction: .horizontal, spacing: 8, justifyContent: .spaceBetween, alignItems: .center,
                        children: [self.leaf(50, 20), self.leaf(60, 40), self.leaf(30, 10)])
                }),
            Case(
                name: "stack wrap", range: wide,
                texture: {
                    let stack = ASStackLayoutSpec(
                        direction: .horizontal, spacing: 10, justifyContent: .start, alignItems: .start,
                        flexWrap: .wrap, alignContent: .spaceBetween, children: (0..<7).map { _ in ContentNode(90, 30) })
                    stack.lineSpacing = 5
                    return stack
                },
                weft: {
                    StackLayoutSpec(
                        direction: .horizontal, spacing: 10, justifyContent: .start, alignItems: .start, flexWrap: .wrap,
                        alignContent: .spaceBetween, lineSpacing: 5, children: (0..<7).map { _ in self.leaf(90, 30) })
                }),
            Case(
                name: "stack flexGrow flexShrink flexBasis alignSelf spacing", range: exact,
                texture: {
                    let a = ContentNode(100, 20)
                    let b = ContentNode(100, 20)
                    let c = ContentNode(200, 20)
                    a.style.flexGrow = 1
                    b.style.flexGrow = 2
                    b.style.alignSelf = .end
                    b.style.spacingBefore = 6
                    c.style.flexShrink = 1
                    c.style.flexBasis = ASDimensionMake("40%")
                    c.style.spacingAfter = 4
                    return ASStackLayoutSpec(
                        direction: .horizontal, spacing: 0, justifyContent: .start, alignItems: .start, children: [a, b, c])
                },
                weft: {
                    let a = self.leaf(100, 20)
                    let b = self.leaf(100, 20)
                    let c = self.leaf(200, 20)
                    a.style.flexGrow = 1
                    b.style.flexGrow = 2
                    b.style.alignSelf = .end
                    b.style.spacingBefore = 6
                    c.style.flexShrink = 1
                    c.style.flexBasis = .fraction(0.4)
                    c.style.spacingAfter = 4
                    return StackLayoutSpec(direction: .horizontal, alignItems: .start, children: [a, b, c])
                }),
            Case(
                name: "stack baselines", range: wide,
                texture: {
                    let a = ContentNode(40, 30)
                    let b = ContentNode(40, 20)
                    a.style.ascender = 24
                    a.style.descender = -6
                    b.style.ascender = 12
                    b.style.descender = -8
                    return ASStackLayoutSpec(
                        direction: .horizontal, spacing: 4, justifyContent: .start, alignItems: .baselineFirst, children: [a, b])
                },
                weft: {
                    let a = self.leaf(40, 30)
                    let b = self.leaf(40, 20)
                    a.style.ascender = 24
                    a.style.descender = -6
                    b.style.ascender = 12
                    b.style.descender = -8
                    return StackLayoutSpec(direction: .horizontal, spacing: 4, alignItems: .baselineFirst, children: [a, b])
                }),
            Case(
                name: "sizes: preferred, min, max, dimensions", range: wide,
                texture: {
                    let a = ASDisplayNode()
                    let b = ASDisplayNode()
                    let c = ASDisplayNode()
                    let d = ContentNode(500, 10)
                    a.style.preferredSize = CGSize(width: 80, height: 30)
                    b.style.preferredLayoutSize = ASLayoutSizeMake(ASDimensionMake("50%"), ASDimensionMake(25))
                    c.style.width = ASDimensionMakeWithFraction(0.25)
                    c.style.height = ASDimensionMakeWithPoints(15)
                    c.style.minSize = CGSize(width: 100, height: 20)
                    d.style.maxSize = CGSize(width: 200, height: 40)
                    d.style.minHeight = ASDimensionMake("12pt")
                    return ASStackLayoutSpec(
                        direction: .vertical, spacing: 2, justifyContent: .start, alignItems: .start, children: [a, b, c, d])
                },
                weft: {
                    let a = BoxNode()
                    let b = BoxNode()
                    let c = BoxNode()
                    let d = self.leaf(500, 10)
                    a.style.preferredSize = Size(width: 80, height: 30)
                    b.style.preferredLayoutSize = LayoutSize(width: .fraction(0.5), height: .points(25))
                    c.style.width = .fraction(0.25)
                    c.style.height = .points(15)
                    c.style.setMinSize(Size(width: 100, height: 20))
                    d.style.setMaxSize(Size(width: 200, height: 40))
                    d.style.minHeight = .points(12)
                    return StackLayoutSpec(direction: .vertical, spacing: 2, alignItems: .start, children: [a, b, c, d])
                }),
            Case(
                name: "inset with an infinite edge", range: exact,
                texture: {
                    ASInsetLayoutSpec(
                        insets: UIEdgeInsets(top: .infinity, left: 12, bottom: 12, right: 12), child: ContentNode(50, 20))
                },
                weft: {
                    InsetLayoutSpec(insets: EdgeInsets(top: .infinity, left: 12, bottom: 12, right: 12), child: self.leaf(50, 20))
                }),
            Case(
                name: "overlay and background", range: wide,
                texture: {
                    let photo = ASDisplayNode()
                    photo.style.preferredSize = CGSize(width: 100, height: 100)
                    let overlay = ASInsetLayoutSpec(insets: UIEdgeInsetsMake(5, 5, 5, 5), child: ContentNode(40, 10))
                    return ASBackgroundLayoutSpec(
                        child: ASOverlayLayoutSpec(child: photo, overlay: overlay), background: ASDisplayNode())
                },
                weft: {
                    let photo = BoxNode()
                    photo.style.preferredSize = Size(width: 100, height: 100)
                    let overlay = InsetLayoutSpec(insets: EdgeInsets(all: 5), child: self.leaf(40, 10))
                    return BackgroundLayoutSpec(child: OverlayLayoutSpec(child: photo, overlay: overlay), background: BoxNode())
                }),
            Case(
                name: "center", range: exact,
                texture: {
                    ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: .minimumY, child: ContentNode(70, 30))
                },
                weft: {
                    CenterLayoutSpec(centeringOptions: .xy, sizingOptions: .minimumY, child: self.leaf(70, 30))
                }),
            Case(
                name: "ratio", range: wide,
                texture: {
                    ASRatioLayoutSpec(ratio: 1 / 1.5, child: ContentNode(320, 10))
                },
                weft: {
                    RatioLayoutSpec(ratio: 1 / 1.5, child: self.leaf(320, 10))
                }),
            Case(
                name: "relative", range: exact,
                texture: {
                    ASRelativeLayoutSpec(
                        horizontalPosition: .end, verticalPosition: .center, sizingOption: [], child: ContentNode(33, 17))
                },
                weft: {
                    RelativeLayoutSpec(horizontalPosition: .end, verticalPosition: .center, child: self.leaf(33, 17))
                }),
            Case(
                name: "absolute with layoutPosition", range: wide,
                texture: {
                    let a = ASDisplayNode()
                    let b = ASDisplayNode()
                    a.style.preferredSize = CGSize(width: 150, height: 150)
                    a.style.layoutPosition = CGPoint(x: 20, y: 20)
                    b.style.preferredSize = CGSize(width: 40, height: 40)
                    b.style.layoutPosition = CGPoint(x: 150, y: 0)
                    return ASAbsoluteLayoutSpec(sizing: .sizeToFit, children: [a, b])
                },
                weft: {
                    let a = BoxNode()
                    let b = BoxNode()
                    a.style.preferredSize = Size(width: 150, height: 150)
                    a.style.layoutPosition = Point(x: 20, y: 20)
                    b.style.preferredSize = Size(width: 40, height: 40)
                    b.style.layoutPosition = Point(x: 150, y: 0)
                    return AbsoluteLayoutSpec(sizing: .sizeToFit, children: [a, b])
                }),
            Case(
                name: "corner with offset", range: wide,
                texture: {
                    let badge = ContentNode(20, 20)
                    let corner = ASCornerLayoutSpec(child: ContentNode(100, 60), corner: badge, location: .topRight)
                    corner.offset = CGPoint(x: -3, y: 3)
                    corner.wrapsCorner = true
                    return corner
                },
                weft: {
                    CornerLayoutSpec(
                        child: self.leaf(100, 60), corner: self.leaf(20, 20), location: .topRight,
                        offset: Point(x: -3, y: 3), wrapsCorner: true)
                }),
            Case(
                name: "wrapper and spacer", range: exact,
                texture: {
                    let spacer = ASLayoutSpec()
                    spacer.style.flexGrow = 1
                    return ASWrapperLayoutSpec(
                        layoutElement: ASStackLayoutSpec(
                            direction: .horizontal, spacing: 0, justifyContent: .start, alignItems: .center,
                            children: [ContentNode(30, 30), spacer, ContentNode(40, 20)]))
                },
                weft: {
                    let spacer = LayoutSpec()
                    spacer.style.flexGrow = 1
                    return WrapperLayoutSpec(
                        child: StackLayoutSpec(
                            direction: .horizontal, alignItems: .center,
                            children: [self.leaf(30, 30), spacer, self.leaf(40, 20)]))
                }),
        ]
    }

    func testEverySpecAndStylePropertyGivesWeftLayoutsFrames() {
        for testCase in cases {
            let texture = testCase.texture().layoutThatFits(
                ASSizeRangeMake(CGSize(testCase.range.min), CGSize(testCase.range.max)))
            let context = LayoutContext(scale: 2)
            let weft = testCase.weft().layoutThatFits(
                SizeRange(min: testCase.range.min, max: testCase.range.max), context: context)
            XCTAssertEqual(texture.size, CGSize(weft.size), testCase.name)
            let textureFrames = Self.nodeFrames(texture.weftLayout.flattenedFrames(context: context))
            let weftFrames = Self.nodeFrames(weft.flattenedFrames(context: context))
            XCTAssertFalse(weftFrames.isEmpty, testCase.name)
            XCTAssertEqual(textureFrames, weftFrames, testCase.name)
        }
    }

    private static func nodeFrames(_ frames: [Layout.ElementFrame]) -> [Rect] {
        frames.filter { $0.element.layoutElementType == .displayNode }.map(\.frame)
    }
}

extension CGSize {
    init(_ size: Size) { self.init(width: size.width, height: size.height) }
}
