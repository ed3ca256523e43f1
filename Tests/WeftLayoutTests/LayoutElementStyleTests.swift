import Testing

@testable import WeftLayout

/// LayoutElementStyle conveniences and description: docs/texture-semantics.md section 1.
@Suite struct LayoutElementStyleTests {
    @Test func conveniencesWriteTheSizeDimensions() {
        let style = LayoutElementStyle()
        style.preferredSize = Size(width: 20, height: 30)
        #expect(style.width == .points(20) && style.height == .points(30))
        style.setMinSize(Size(width: 1, height: 2))
        style.setMaxSize(Size(width: 3, height: 4))
        #expect(
            style.size
                == LayoutElementSize(
                    width: .points(20), height: .points(30),
                    minWidth: .points(1), minHeight: .points(2),
                    maxWidth: .points(3), maxHeight: .points(4)))
        style.preferredLayoutSize = LayoutSize(width: .fraction(0.5), height: .auto)
        #expect(style.width == .fraction(0.5))
        // A fractional preferred size cannot be read as points: Texture returns zero.
        #expect(style.preferredSize == .zero)
        style.minLayoutSize = LayoutSize(width: .auto, height: .fraction(1))
        #expect(style.minWidth == .auto && style.minHeight == .fraction(1))
        style.maxLayoutSize = LayoutSize(width: .points(9), height: .auto)
        #expect(style.maxWidth == .points(9) && style.maxHeight == .auto)
    }

    @Test func hasDefaultValuesUntilAnyPropertyLeavesItsDefault() {
        let style = LayoutElementStyle()
        #expect(style.hasDefaultValues)
        // Each property on its own makes the style non-default, and setting it back restores it.
        let changes: [(LayoutElementStyle) -> Void] = [
            { $0.width = .points(1) }, { $0.maxHeight = .fraction(0.5) }, { $0.flexBasis = .points(3) },
            { $0.flexGrow = 1 }, { $0.flexShrink = 1 }, { $0.alignSelf = .center }, { $0.ascender = 12 },
            { $0.descender = -3 }, { $0.spacingBefore = 2 }, { $0.spacingAfter = 2 },
            { $0.layoutPosition = Point(x: 1, y: 0) },
        ]
        for change in changes {
            let changed = LayoutElementStyle()
            change(changed)
            #expect(!changed.hasDefaultValues)
            // A copy has the same values, so the same answer.
            #expect(!changed.copy().hasDefaultValues)
        }
        style.flexGrow = 2
        style.flexGrow = 0
        #expect(style.hasDefaultValues)
        #expect(style.copy().hasDefaultValues)
    }

    @Test func defaultStyleDescribesNothing() {
        #expect(LayoutElementStyle().description == "<ASLayoutElementStyle>")
    }

    @Test func descriptionListsSetEntriesInTexturesOrder() {
        // The example of docs/texture-semantics.md section 1.
        let style = LayoutElementStyle()
        style.maxLayoutSize = LayoutSize(width: .points(414), height: .points(414))
        style.preferredLayoutSize = LayoutSize(width: .fraction(0.2), height: .fraction(0.5))
        style.minLayoutSize = LayoutSize(width: .points(414), height: .points(414))
        #expect(
            style.description
                == "<ASLayoutElementStyle: minLayoutSize = {414pt, 414pt}; preferredSize = {20%, 50%}; maxLayoutSize = {414pt, 414pt}>"
        )
    }

    @Test func descriptionOfEveryOtherEntry() {
        // Order: alignSelf, ascender, descender, flexBasis, flexGrow, flexShrink, spacingAfter,
        // spacingBefore, layoutPosition (set here in a different order on purpose).
        let style = LayoutElementStyle()
        style.layoutPosition = Point(x: 10, y: 20)
        style.spacingBefore = 2
        style.spacingAfter = 3
        style.flexShrink = 1
        style.flexGrow = 0.5
        style.flexBasis = .fraction(0.3)
        style.descender = -4
        style.ascender = 12
        style.alignSelf = .center
        #expect(
            style.description == "<ASLayoutElementStyle: alignSelf = ASStackLayoutAlignSelfCenter; "
                + "ascender = 12; descender = -4; flexBasis = 30%; flexGrow = 0.5; flexShrink = 1; "
                + "spacingAfter = 3; spacingBefore = 2; layoutPosition = NSPoint: {10, 20}>")
    }
}
