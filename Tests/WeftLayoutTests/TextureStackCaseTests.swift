import Testing

@testable import WeftLayout

/// Cases from Texture's own ASStackLayoutSpecSnapshotTests (there checked as images), with the
/// frames derived by hand from docs/texture-semantics.md section 3. Texture's test nodes are plain
/// display nodes with style.width/height set (ASDisplayNodeWithBackgroundColor(color, size)).
@Suite struct TextureStackCaseTests {
    /// A plain node whose style width and height are `width` x `height` points.
    private func node(_ width: Double, _ height: Double, flex: Double = 0) -> BoxNode {
        let node = BoxNode()
        node.style.preferredSize = size(width, height)
        node.style.flexGrow = flex
        node.style.flexShrink = flex
        return node
    }

    @Test func overflowRemainsWhenTheShrinkableChildReachesZero() {
        // testOverflowBehaviorsWhenAllFlexShrinkChildrenHaveBeenClampedToZeroButViolationStillExists:
        // three 50x50, the middle one shrinks, width exactly 75: violation -75, all of it on the
        // middle child: 50 - 75 -> max(-25, 0) = 0. The remaining -25 stays (no second pass);
        // justify start; the stack clamps to 75.
        let middle = node(50, 50)
        middle.style.flexShrink = 1
        let stack = StackLayoutSpec(children: [node(50, 50), middle, node(50, 50)])
        let result = layout(stack, range(75, 0, 75, 150))
        #expect(result.childFrames == [rect(0, 0, 50, 50), rect(50, 0, 0, 50), rect(50, 0, 50, 50)])
        #expect(result.size == size(75, 50))
    }

    @Test func flexWithUnequalIntrinsicSizesUnderflow() {
        // testFlexWithUnequalIntrinsicSizes, width exactly 300: 50 + 150 + 50 = 250, violation 50,
        // three grow-1 children (no one-child optimisation): floor(50 / 3) = 16 each, remainder
        // 2 to the first: 68, 166, 66. Heights: the line is 150 (the tallest); the others are
        // stretched but their own exact height 50 is their cross min and max, so they stay 50.
        let stack = StackLayoutSpec(children: [node(50, 50, flex: 1), node(150, 150, flex: 1), node(50, 50, flex: 1)])
        let result = layout(stack, range(300, 0, 300, 150))
        #expect(result.childFrames == [rect(0, 0, 68, 50), rect(68, 0, 166, 150), rect(234, 0, 66, 50)])
        #expect(result.size == size(300, 150))
    }

    @Test func flexWithUnequalIntrinsicSizesOverflow() {
        // Width exactly 200: violation -50, shrink weighted by size: 50, 150, 50 of 250 ->
        // -10, -30, -10: 40, 120, 40.
        let stack = StackLayoutSpec(children: [node(50, 50, flex: 1), node(150, 150, flex: 1), node(50, 50, flex: 1)])
        let result = layout(stack, range(200, 0, 200, 150))
        #expect(result.childFrames == [rect(0, 0, 40, 50), rect(40, 0, 120, 150), rect(160, 0, 40, 50)])
    }

    @Test func crossAxisSizeBehaviors() {
        // testCrossAxisSizeBehaviors: vertical, 50x50, 100x50, 150x50. Width 0-300, height 300:
        // the line is as wide as the widest (150); stretching leaves each at its own exact width.
        // Height clamps up to 300.
        let variable = StackLayoutSpec.vertical(children: [node(50, 50), node(100, 50), node(150, 50)])
        let result = layout(variable, range(0, 300, 300, 300))
        #expect(result.childFrames == [rect(0, 0, 50, 50), rect(0, 50, 100, 50), rect(0, 100, 150, 50)])
        #expect(result.size == size(150, 300))
        // Width exactly 300: the line is 300, the children keep their widths.
        let fixed = StackLayoutSpec.vertical(children: [node(50, 50), node(100, 50), node(150, 50)])
        #expect(layout(fixed, range(300, 300, 300, 300)).size == size(300, 300))
    }

    @Test func childSpacing() {
        // testChildSpacing: vertical, any size, 50x50, 100x70, 150x90.
        // spacingBefore 10 and 20: y 0, 50 + 10, 60 + 70 + 20; height 210 + 30.
        let before = StackLayoutSpec.vertical(children: [node(50, 50), node(100, 70), node(150, 90)])
        before.children[1].style.spacingBefore = 10
        before.children[2].style.spacingBefore = 20
        let beforeResult = layout(before, range(0, 0, .infinity, .infinity))
        #expect(beforeResult.childFrames.map(\.minY) == [0, 60, 150])
        #expect(beforeResult.size == size(150, 240))
        // spacingAfter 10 and 20: y 0, 50, 50 + 70 + 10; height 240.
        let after = StackLayoutSpec.vertical(children: [node(50, 50), node(100, 70), node(150, 90)])
        after.children[1].style.spacingAfter = 10
        after.children[2].style.spacingAfter = 20
        #expect(layout(after, range(0, 0, .infinity, .infinity)).childFrames.map(\.minY) == [0, 50, 130])
        // spacing 10 balanced out by -10 before and after the middle child: y 0, 50 - 10 + 10,
        // 50 + 70 - 10 + 10; height 10 x 2 - 20 + 210.
        let balanced = StackLayoutSpec(
            direction: .vertical, spacing: 10,
            children: [node(50, 50), node(100, 70), node(150, 90)])
        balanced.children[1].style.spacingBefore = -10
        balanced.children[1].style.spacingAfter = -10
        let balancedResult = layout(balanced, range(0, 0, .infinity, .infinity))
        #expect(balancedResult.childFrames.map(\.minY) == [0, 50, 120])
        #expect(balancedResult.size.height == 210)
    }

    @Test func justifiedCenterWithChildSpacing() {
        // testJustifiedCenterWithChildSpacing: vertical, justify center, height 300, spacingBefore
        // 0, 20, 30: sum 210 + 50 = 260, offset 40 / 2 = 20: y 20, 20 + 50 + 20, 90 + 70 + 30.
        let stack = StackLayoutSpec(
            direction: .vertical, justifyContent: .center,
            children: [node(50, 50), node(100, 70), node(150, 90)])
        stack.children[1].style.spacingBefore = 20
        stack.children[2].style.spacingBefore = 30
        #expect(layout(stack, range(0, 300, 300, 300)).childFrames.map(\.minY) == [20, 90, 190])
    }

    @Test func emptyStackInsideABackgroundTakesNoHeight() {
        // testStackSpacingWithChildrenHavingNilObjects: an inset of 10 around a background around
        // an empty vertical stack, width 300, height 0-300: the stack takes its minimum
        // {280, 0}, so the whole spec is 300 x 20.
        let stack = StackLayoutSpec(direction: .vertical, spacing: 10)
        let spec = InsetLayoutSpec(insets: EdgeInsets(all: 10), child: BackgroundLayoutSpec(child: stack, background: BoxNode()))
        let result = layout(spec, range(300, 0, 300, 300))
        #expect(result.size == size(300, 20))
        #expect(result.sublayouts[0].frame == rect(10, 10, 280, 0))
    }
}
