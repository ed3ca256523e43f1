import AsyncDisplayKit
import XCTest

/// Nodes through the facade: Texture's overridable methods, the flattened ASLayout, class names.
final class NodeLayoutTests: XCTestCase {
    final class BadgeNode: ASDisplayNode {
        override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize { CGSize(width: 20, height: 20) }
    }

    final class CardNode: ASDisplayNode {
        let photo = ASDisplayNode()
        let badge = BadgeNode()
        var layoutCalls = 0

        override init() {
            super.init()
            automaticallyManagesSubnodes = true
            photo.debugName = "photo"
        }

        override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
            photo.style.preferredSize = CGSize(width: constrainedSize.max.width, height: 100)
            let corner = ASCornerLayoutSpec(child: photo, corner: badge, location: .bottomRight)
            return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8), child: corner)
        }

        override func layout() {
            super.layout()
            layoutCalls += 1
        }
    }

    func testANodesLayoutIsFlattenedToItsNodesAsTextureReturnsIt() {
        let card = CardNode()
        let layout = card.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 200, height: 400)))
        XCTAssertTrue(layout.layoutElement === card)
        XCTAssertEqual(layout.type, .displayNode)
        XCTAssertEqual(layout.size, CGSize(width: 200, height: 116))
        // The specs between dissolve: the sublayouts are the two nodes, in the card's coordinates.
        XCTAssertEqual(layout.sublayouts.count, 2)
        XCTAssertTrue(layout.sublayouts[0].layoutElement === card.photo)
        XCTAssertEqual(layout.sublayouts[0].frame, CGRect(x: 8, y: 8, width: 184, height: 100))
        XCTAssertTrue(layout.sublayouts[1].layoutElement === card.badge)
        XCTAssertEqual(layout.sublayouts[1].frame, CGRect(x: 182, y: 98, width: 20, height: 20))
        XCTAssertTrue(layout.sublayouts.allSatisfy { $0.sublayouts.isEmpty })
    }

    func testFramesApplyAndLayoutIsCalled() {
        let card = CardNode()
        card.frame = CGRect(x: 0, y: 0, width: 200, height: 116)
        card.layoutIfNeeded()
        XCTAssertEqual(card.subnodes.count, 2)
        XCTAssertEqual(card.photo.frame, CGRect(x: 8, y: 8, width: 184, height: 100))
        XCTAssertEqual(card.calculatedSize, CGSize(width: 200, height: 116))
        XCTAssertEqual(card.layoutCalls, 1)
        XCTAssertTrue(card.badge.supernode === card)
        card.badge.removeFromSupernode()
        XCTAssertNil(card.badge.supernode)
    }

    func testSubclassesShowUnderTheirOwnClassNames() {
        let card = CardNode()
        XCTAssertEqual(card.textureClassName, "CardNode")
        XCTAssertEqual(ASDisplayNode().textureClassName, "ASDisplayNode")
        XCTAssertEqual(ASTextNode().textureClassName, "ASTextNode")
        XCTAssertEqual(ASCellNode().textureClassName, "ASCellNode")
        let spec = ASStackLayoutSpec.vertical()
        spec.children = [card, card.badge]
        XCTAssertEqual(
            spec.asciiArtString(),
            """
            -----ASStackLayoutSpec-----
            |         CardNode        |
            |        BadgeNode        |
            ---------------------------
            """)
    }

    func testLayoutSpecBlockComesFirstAndLeavesMeasureThemselves() {
        let node = ASDisplayNode()
        XCTAssertEqual(
            node.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 50, height: 60))).size, CGSize(width: 50, height: 60))
        let child = BadgeNode()
        node.automaticallyManagesSubnodes = true
        node.layoutSpecBlock = { _, _ in
            ASInsetLayoutSpec(insets: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4), child: child)
        }
        XCTAssertEqual(node.layoutThatFits(ASSizeRangeUnconstrained).size, CGSize(width: 26, height: 24))
    }
}

/// A `layoutSpecBlock` written with Texture's parameter types.
final class TypedLayoutSpecBlockTests: XCTestCase {
    func testATypedBlockLaysOutAsAnUntypedOne() {
        let child = ASDisplayNode()
        child.style.preferredSize = CGSize(width: 10, height: 10)
        let node = ASDisplayNode()
        node.automaticallyManagesSubnodes = true
        node.layoutSpecBlock = { (_: ASDisplayNode, constrainedSize: ASSizeRange) -> ASLayoutSpec in
            ASInsetLayoutSpec(insets: UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5), child: child)
        }
        XCTAssertEqual(node.layoutThatFits(ASSizeRangeUnconstrained).size, CGSize(width: 20, height: 20))
        let typed: ASLayoutSpecBlock? = node.layoutSpecBlock
        XCTAssertEqual(
            typed?(node, ASSizeRangeUnconstrained).layoutThatFits(ASSizeRangeUnconstrained).size, CGSize(width: 20, height: 20))
    }
}
