import Testing

@testable import WeftLayout

/// ASInsetLayoutSpec, docs/texture-semantics.md section 4.
@Suite struct InsetLayoutSpecTests {
    @Test func insetsShrinkTheChildsRangeAndPlaceIt() {
        // Insets top 10, left 20, bottom 30, right 40 (x 60, y 40) in {0,0}-{200,200}: the
        // child gets {0,0}-{140,160} and keeps 50x50; the spec is 50 + 60 by 50 + 40.
        let inset = InsetLayoutSpec(insets: EdgeInsets(top: 10, left: 20, bottom: 30, right: 40), child: box(50, 50))
        let result = layout(inset, range(0, 0, 200, 200))
        #expect(result.size == size(110, 90))
        #expect(result.childFrames == [rect(20, 10, 50, 50)])
    }

    @Test func exactRangeForcesTheChild() {
        // Exactly 200x200: the child's range is exactly 140x160.
        let inset = InsetLayoutSpec(insets: EdgeInsets(top: 10, left: 20, bottom: 30, right: 40), child: box(50, 50))
        let result = layout(inset, range(200, 200, 200, 200))
        #expect(result.size == size(200, 200))
        #expect(result.childFrames == [rect(20, 10, 140, 160)])
    }

    @Test func infiniteLeftAlignsRight() {
        // Left infinite, right 10 in exactly 100x100: child min width 0, max 100 - 10 = 90 ->
        // 30 wide (height forced to 100). Width: 30 + inf + 10 is infinite -> max 100.
        // x = 100 - (10 + 30) = 60.
        let inset = InsetLayoutSpec(insets: EdgeInsets(top: 0, left: .infinity, bottom: 0, right: 10), child: box(30, 30))
        let result = layout(inset, range(100, 100, 100, 100))
        #expect(result.size == size(100, 100))
        #expect(result.childFrames == [rect(60, 0, 30, 100)])
    }

    @Test func bothInfiniteCentresWithPixelRounding() {
        // Left and right infinite: x = 100 - (round((100 - 31) / 2) + 31). At scale 2
        // round(34.5 x 2) / 2 = 34.5 -> x 34.5; at scale 1 round(34.5) = 35 -> x 34.
        let insets = EdgeInsets(top: 0, left: .infinity, bottom: 0, right: .infinity)
        #expect(
            layout(InsetLayoutSpec(insets: insets, child: box(31, 10)), range(100, 100, 100, 100))
                .childFrames[0].minX == 34.5)
        #expect(
            layout(InsetLayoutSpec(insets: insets, child: box(31, 10)), range(100, 100, 100, 100), scale: 1)
                .childFrames[0].minX == 34)
    }

    @Test func infiniteTopAlignsBottom() {
        // Top infinite, bottom 5, max height 100: y = 100 - (5 + 20) = 75; the spec's height is
        // the max (the sum is infinite).
        let inset = InsetLayoutSpec(insets: EdgeInsets(top: .infinity, left: 0, bottom: 5, right: 0), child: box(30, 20))
        let result = layout(inset, range(0, 0, 100, 100))
        #expect(result.childFrames == [rect(0, 75, 30, 20)])
        #expect(result.size == size(30, 100))
    }

    @Test func ignoresItsOwnStyleSize() {
        let inset = InsetLayoutSpec(insets: EdgeInsets(all: 8), child: box(32, 32))
        inset.style.width = .points(10)
        #expect(layout(inset, range(0, 0, 375, .infinity)).size == size(48, 48))
    }
}

/// ASOverlayLayoutSpec and ASBackgroundLayoutSpec, docs/texture-semantics.md section 4.
@Suite struct OverlayAndBackgroundTests {
    @Test func overlayGetsExactlyTheChildsSize() {
        let child = box(50, 40)
        let overlay = box(10, 10)
        let result = layout(OverlayLayoutSpec(child: child, overlay: overlay), range(0, 0, 100, 100))
        #expect(result.size == size(50, 40))
        #expect(result.sublayouts.map { ObjectIdentifier($0.element) } == [ObjectIdentifier(child), ObjectIdentifier(overlay)])
        #expect(result.childFrames == [rect(0, 0, 50, 40), rect(0, 0, 50, 40)])
    }

    @Test func backgroundGoesFirstWithTheChildsSize() {
        let child = box(50, 40)
        let background = box(10, 10)
        let result = layout(BackgroundLayoutSpec(child: child, background: background), range(0, 0, 100, 100))
        #expect(result.size == size(50, 40))
        #expect(
            result.sublayouts.map { ObjectIdentifier($0.element) } == [ObjectIdentifier(background), ObjectIdentifier(child)])
        #expect(result.childFrames == [rect(0, 0, 50, 40), rect(0, 0, 50, 40)])
    }

    @Test func bothIgnoreTheirOwnStyleSize() {
        let overlay = OverlayLayoutSpec(child: box(50, 40), overlay: box(1, 1))
        overlay.style.preferredSize = size(10, 10)
        let background = BackgroundLayoutSpec(child: box(50, 40), background: box(1, 1))
        background.style.preferredSize = size(10, 10)
        #expect(layout(overlay, range(0, 0, 100, 100)).size == size(50, 40))
        #expect(layout(background, range(0, 0, 100, 100)).size == size(50, 40))
    }
}
