import Testing

@testable import WeftLayout

/// ASStackLayoutSpec, docs/texture-semantics.md section 3. Boxes are leaf nodes with an intrinsic
/// size; every expectation is derived by hand in the comment above it.
@Suite struct StackLayoutSpecTests {
    // MARK: Defaults and stretch

    @Test func defaultsStretchChildrenToTheTallest() {
        // Horizontal, alignItems stretch, range {0,0}-{300,100}. First pass: 10x20, 20x30, 30x10.
        // The line is as tall as the tallest (30, within [0, 100]); stretch children shorter
        // than 30 are laid out again with their width and height exactly 30.
        let stack = StackLayoutSpec(children: [box(10, 20), box(20, 30), box(30, 10)])
        let result = layout(stack, range(0, 0, 300, 100))
        #expect(result.size == size(60, 30))
        #expect(result.childFrames == [rect(0, 0, 10, 30), rect(10, 0, 20, 30), rect(30, 0, 30, 30)])
    }

    @Test func noChildrenTakesTheMinimum() {
        #expect(layout(StackLayoutSpec(), range(12, 7, 100, 100)).size == size(12, 7))
    }

    @Test func verticalStackStacksDownwards() {
        // Vertical, alignItems start: children keep their width; y = 0, 10 + spacing 5 = 15.
        let stack = StackLayoutSpec(
            direction: .vertical, spacing: 5, alignItems: .start,
            children: [box(40, 10), box(20, 30)])
        let result = layout(stack, range(0, 0, 100, .infinity))
        #expect(result.childFrames == [rect(0, 0, 40, 10), rect(0, 15, 20, 30)])
        // Width: the widest child (40); height: 10 + 5 + 30.
        #expect(result.size == size(40, 45))
    }

    // MARK: justifyContent

    /// Width exactly 100, spacing 10, children 20 and 30 wide: sum 60, violation 40.
    private func justified(_ justify: StackLayoutJustifyContent, _ widths: [Double] = [20, 30]) -> [Double] {
        let stack = StackLayoutSpec(
            spacing: 10, justifyContent: justify, alignItems: .start,
            children: widths.map { box($0, 10) })
        return layout(stack, range(100, 0, 100, .infinity)).childFrames.map(\.minX)
    }

    @Test func justifyStartCenterEnd() {
        #expect(justified(.start) == [0, 30])
        // center: offset 40 / 2 = 20, then 20 + 20 + 10.
        #expect(justified(.center) == [20, 50])
        // end: offset 40, then 40 + 20 + 10.
        #expect(justified(.end) == [40, 70])
    }

    @Test func justifySpaceBetweenAndAround() {
        // spaceBetween: gap 40 / (2 - 1) = 40 on top of the spacing: 0, 20 + 10 + 40.
        #expect(justified(.spaceBetween) == [0, 70])
        // spaceAround: unit 40 / 4 = 10, offset 10, gap 20: 10, 10 + 20 + 10 + 20.
        #expect(justified(.spaceAround) == [10, 60])
    }

    @Test func justifyFallsBackWithOneItem() {
        // One item: spaceBetween -> start, spaceAround -> center ((100 - 20) / 2 = 40).
        #expect(justified(.spaceBetween, [20]) == [0])
        #expect(justified(.spaceAround, [20]) == [40])
    }

    @Test func overflowGivesNegativeOffsets() {
        // 80 + 10 + 50 = 140 in exactly 100: violation -40, nobody shrinks (flexShrink 0).
        // center: -20, then 80 + 10 further; spaceBetween falls back to start.
        #expect(justified(.center, [80, 50]) == [-20, 70])
        #expect(justified(.spaceBetween, [80, 50]) == [0, 90])
        #expect(justified(.end, [80, 50]) == [-40, 50])
    }

    // MARK: Flex

    @Test func growDistributesFlooredSharesAndTheRemainderToTheFirst() {
        // Exactly 100 wide; A 20 (grow 1), B 30 (grow 2): violation 50.
        // A floor(50 x 1/3) = 16, B floor(50 x 2/3) = 33, remainder 1 to A: 37 and 63.
        let stack = StackLayoutSpec(children: [box(20, 10) { $0.flexGrow = 1 }, box(30, 10) { $0.flexGrow = 2 }])
        let result = layout(stack, range(100, 10, 100, 10))
        #expect(result.childFrames == [rect(0, 0, 37, 10), rect(37, 0, 63, 10)])
    }

    @Test func growSharesThatAllFloorToZeroDoNotGrow() {
        // Violation 1 between two growers: floor(0.5) = 0 each, so nobody grows.
        let stack = StackLayoutSpec(children: [box(49, 10) { $0.flexGrow = 1 }, box(50, 10) { $0.flexGrow = 1 }])
        #expect(layout(stack, range(100, 10, 100, 10)).childFrames.map(\.width) == [49, 50])
    }

    @Test func shrinkIsWeightedBySizeAndRoundsToPixels() {
        // 80 + 70 = 150 in exactly 100: violation -50, shrink 1 each. Scaled factors 80/2 = 40
        // and 70/2 = 35 (sum 75): A -50 x 40/75 = -26.67 -> 53.33, B -23.33 -> 46.67.
        // Layout sizes round up to the pixel grid at scale 2: 53.5 and 47.
        let stack = StackLayoutSpec(children: [box(80, 10) { $0.flexShrink = 1 }, box(70, 10) { $0.flexShrink = 1 }])
        let result = layout(stack, range(100, 10, 100, 10))
        #expect(result.childFrames == [rect(0, 0, 53.5, 10), rect(53.5, 0, 47, 10)])
        #expect(result.size == size(100, 10))
    }

    @Test func shrinkOnlyTheShrinkableChild() {
        // A 80 (shrink 0), B 70 (shrink 1): B takes the whole violation of -50 -> 20.
        let stack = StackLayoutSpec(children: [box(80, 10), box(70, 10) { $0.flexShrink = 1 }])
        #expect(layout(stack, range(100, 10, 100, 10)).childFrames == [rect(0, 0, 80, 10), rect(80, 0, 20, 10)])
    }

    @Test func flexBasisInPointsAndFractions() {
        // Exactly 200 wide, so fractions resolve against 200. A basis 50pt -> [50, 50] -> 50;
        // B basis 50% -> 100. Violation 50, grow 1 each: +25 each -> 75 and 125.
        let stack = StackLayoutSpec(children: [
            box(10, 10) {
                $0.flexBasis = .points(50)
                $0.flexGrow = 1
            },
            box(10, 10) {
                $0.flexBasis = .fraction(0.5)
                $0.flexGrow = 1
            },
        ])
        #expect(layout(stack, range(200, 10, 200, 10)).childFrames == [rect(0, 0, 75, 10), rect(75, 0, 125, 10)])
    }

    @Test func flexBasisWithoutGrowStaysAtTheBasis() {
        // Width range [0, 300]: the parent width is undefined but a points basis still applies:
        // A [40, 40] -> 40 although its intrinsic width is 10. Stack = 40 + 20.
        let stack = StackLayoutSpec(children: [box(10, 10) { $0.flexBasis = .points(40) }, box(20, 10)])
        let result = layout(stack, range(0, 0, 300, 100))
        #expect(result.childFrames.map(\.width) == [40, 20])
        #expect(result.size == size(60, 10))
    }

    @Test func oneFlexibleChildIsLaidOutOnlyByTheFlexPass() {
        // Exactly 100 wide; A 30 fixed; B grows and shrinks (the optimisation: a 0x0 placeholder
        // in the first pass). Sum 30 + 0 = 30, violation 70 -> B exactly 70.
        let stack = StackLayoutSpec(children: [
            box(30, 10),
            box(500, 10) {
                $0.flexGrow = 1
                $0.flexShrink = 1
            },
        ])
        #expect(layout(stack, range(100, 10, 100, 10)).childFrames == [rect(0, 0, 30, 10), rect(30, 0, 70, 10)])
    }

    @Test func oneFlexibleChildWithNothingToFlexIsLaidOutAtZeroLength() {
        // Exactly 30 wide; A 30 fixed; B flexible: sum 30 + 0 = 30, no violation, so B is laid
        // out with a stack range of [0, 0] and stretched across: 0 x 10.
        let stack = StackLayoutSpec(children: [
            box(30, 10),
            box(500, 10) {
                $0.flexGrow = 1
                $0.flexShrink = 1
            },
        ])
        let result = layout(stack, range(30, 10, 30, 10))
        #expect(result.childFrames == [rect(0, 0, 30, 10), rect(30, 0, 0, 10)])
        #expect(result.sublayouts[1].element === stack.children[1])
    }

    // MARK: Spacing before and after

    @Test func spacingBeforeAndAfter() {
        // A 10 (spacingAfter 5), B 10 (spacingBefore 3), spacing 2: A at 0; p = 10 + 5 = 15;
        // B: + 3 + 2 = 20. Width = 2 + 5 + 3 + 10 + 10 = 30.
        let stack = StackLayoutSpec(
            spacing: 2,
            children: [
                box(10, 10) { $0.spacingAfter = 5 },
                box(10, 10) { $0.spacingBefore = 3 },
            ])
        let result = layout(stack, range(0, 0, 100, 100))
        #expect(result.childFrames.map(\.minX) == [0, 20])
        #expect(result.size.width == 30)
    }

    // MARK: Cross alignment

    @Test func alignSelfOverridesAlignItems() {
        // Height exactly 50 (a single line with a definite cross size: the line is 50).
        // end: 50 - 10 = 40; center: floorPixel(20) = 20; 11 tall centred: floorPixel(19.5) =
        // 19.5 at scale 2; stretch (the stack's alignItems): 50 tall at 0.
        let stack = StackLayoutSpec(children: [
            box(10, 10) { $0.alignSelf = .end },
            box(10, 10) { $0.alignSelf = .center },
            box(10, 11) { $0.alignSelf = .center },
            box(10, 10),
        ])
        let result = layout(stack, range(0, 50, 300, 50))
        #expect(
            result.childFrames == [
                rect(0, 40, 10, 10), rect(10, 20, 10, 10), rect(20, 19.5, 10, 11),
                rect(30, 0, 10, 50),
            ])
    }

    @Test func centerFloorsToThePixelGridOfTheScale() {
        // (50 - 11) / 2 = 19.5: floor at scale 1 = 19.
        let stack = StackLayoutSpec(alignItems: .center, children: [box(10, 11)])
        #expect(layout(stack, range(0, 50, 300, 50), scale: 1).childFrames == [rect(0, 19, 10, 11)])
    }

    @Test func stretchedChildKeepsItsOwnLargerMinimum() {
        // The line is 40 (the tallest, not definite). A has minHeight 60: its stretch range is
        // [own min 60, line 40] and the min wins, so A is 60 tall. The line stays 40.
        let stack = StackLayoutSpec(children: [box(10, 10) { $0.minHeight = .points(60) }, box(10, 40)])
        let result = layout(stack, range(0, 0, 300, 100))
        #expect(result.childFrames[0].height == 60)
    }

    // MARK: Baselines

    @Test func baselineFirstAlignsAscenders() {
        // A 20x30 ascender 20; B 20x20 ascender 10. Line: max ascent 20 + max descent
        // max(30 - 20, 20 - 10) = 10 -> 30. A at 20 - 20 = 0, B at 20 - 10 = 10.
        let stack = StackLayoutSpec(
            alignItems: .baselineFirst,
            children: [
                box(20, 30) { $0.ascender = 20 }, box(20, 20) { $0.ascender = 10 },
            ])
        let result = layout(stack, range(0, 0, .infinity, .infinity))
        #expect(result.childFrames == [rect(0, 0, 20, 30), rect(20, 10, 20, 20)])
        #expect(result.size == size(40, 30))
    }

    @Test func baselineLastAlignsDescenders() {
        // A 20x30 descender -5: baseline 25; B 20x20 descender -2: baseline 18.
        // Line: 25 + max(30 - 25, 20 - 18) = 30. A at 0, B at 25 - 18 = 7.
        let stack = StackLayoutSpec(
            alignItems: .baselineLast,
            children: [
                box(20, 30) { $0.descender = -5 }, box(20, 20) { $0.descender = -2 },
            ])
        let result = layout(stack, range(0, 0, .infinity, .infinity))
        #expect(result.childFrames == [rect(0, 0, 20, 30), rect(20, 7, 20, 20)])
    }

    @Test func verticalStackTakesFirstAscenderAndLastDescender() {
        let stack = StackLayoutSpec.vertical(children: [
            box(10, 10) {
                $0.ascender = 12
                $0.descender = -3
            },
            box(10, 10) {
                $0.ascender = 5
                $0.descender = -4
            },
        ])
        stack.style.ascender = 99
        _ = layout(stack, range(0, 0, 100, 100))
        #expect(stack.style.ascender == 12)
        #expect(stack.style.descender == -4)
    }

    @Test func baselineUsesTheAscenderANestedVerticalStackJustTook() {
        // The nested vertical stack gets ascender 8 from its first child while it is laid out;
        // the outer baseline pass reads it afterwards. Line: ascent max(8, 4) = 8; descent
        // max(20 - 8, 10 - 4) = 12 -> 20. Nested at 0, box at 8 - 4 = 4.
        let nested = StackLayoutSpec.vertical(children: [box(10, 10) { $0.ascender = 8 }, box(10, 10)])
        let stack = StackLayoutSpec(alignItems: .baselineFirst, children: [nested, box(10, 10) { $0.ascender = 4 }])
        let result = layout(stack, range(0, 0, .infinity, .infinity))
        #expect(result.childFrames.map(\.minY) == [0, 4])
        #expect(result.size.height == 20)
    }

    // MARK: Wrapping

    /// Boxes 40x10, 40x20, 40x10, spacing 10, lineSpacing 5, alignItems start.
    private func wrapping(_ alignContent: StackLayoutAlignContent = .start) -> StackLayoutSpec {
        StackLayoutSpec(
            spacing: 10, alignItems: .start, flexWrap: .wrap, alignContent: alignContent,
            lineSpacing: 5, children: [box(40, 10), box(40, 20), box(40, 10)])
    }

    @Test func wrapBreaksLinesAtTheMaximum() {
        // Max width 100: 40, 40 + 10 + 40 = 90 fits, 90 + 10 + 40 = 140 does not -> lines
        // [A, B] (cross 20) and [C] (cross 10). Height 20 + 5 + 10 = 35; width the longest line 90.
        let result = layout(wrapping(), range(0, 0, 100, .infinity))
        #expect(result.childFrames == [rect(0, 0, 40, 10), rect(50, 0, 40, 20), rect(0, 25, 40, 10)])
        #expect(result.size == size(90, 35))
    }

    @Test func wrapCountsSpacingBeforeAndAfter() {
        // B has spacingAfter 20: line 1 would be 40 + 10 + 40 + 20 = 110 > 100, so B wraps.
        let stack = StackLayoutSpec(
            spacing: 10, alignItems: .start, flexWrap: .wrap,
            children: [box(40, 10), box(40, 10) { $0.spacingAfter = 20 }])
        #expect(
            layout(stack, range(0, 0, 100, .infinity)).childFrames.map(\.origin)
                == [Point(x: 0, y: 0), Point(x: 0, y: 10)])
    }

    /// In a 100 x 100 stack the lines take 20 + 5 + 10 = 35: a cross violation of 65.
    private func lineOrigins(_ alignContent: StackLayoutAlignContent) -> [Double] {
        layout(wrapping(alignContent), range(100, 100, 100, 100)).childFrames.map(\.minY)
    }

    @Test func alignContentDistributesLines() {
        #expect(lineOrigins(.start) == [0, 0, 25])
        // end: 65, second line at 65 + 20 + 5.
        #expect(lineOrigins(.end) == [65, 65, 90])
        // center: 32.5 and 32.5 + 25.
        #expect(lineOrigins(.center) == [32.5, 32.5, 57.5])
        // spaceBetween: gap 65: 0 and 20 + 65 + 5.
        #expect(lineOrigins(.spaceBetween) == [0, 0, 90])
        // spaceAround: unit 65 / 4 = 16.25, gap 32.5: 16.25 and 16.25 + 20 + 32.5 + 5.
        #expect(lineOrigins(.spaceAround) == [16.25, 16.25, 73.75])
    }

    @Test func alignContentStretchGrowsLines() {
        // Each of 2 lines grows by 65 / 2 = 32.5: line 1 is 52.5, so line 2 starts at 57.5.
        #expect(lineOrigins(.stretch) == [0, 0, 57.5])
        // With alignItems stretch the first pass already gives every child the stack's cross
        // min (100) as its cross min, so each child is 100 tall, each line 100 (overflowing
        // 100 + 5 + 100 > 100: nothing left to stretch), the second line at 105.
        let stack = StackLayoutSpec(
            spacing: 10, flexWrap: .wrap, alignContent: .stretch, lineSpacing: 5,
            children: [box(40, 10), box(40, 20), box(40, 10)])
        let result = layout(stack, range(100, 100, 100, 100))
        #expect(result.childFrames.map(\.height) == [100, 100, 100])
        #expect(result.childFrames.map(\.minY) == [0, 0, 105])
    }

    // MARK: Min and max of the stack itself

    @Test func stackStyleMinimumAndMaximumClampItsSize() {
        // The stack's own minWidth 200 narrows its range to [200, inf]: two 20-wide children,
        // justify start, and the size clamps up to 200.
        let stack = StackLayoutSpec(children: [box(20, 10), box(20, 10)])
        stack.style.minWidth = .points(200)
        let result = layout(stack, range(0, 0, 375, .infinity))
        #expect(result.size == size(200, 10))
        #expect(result.childFrames.map(\.minX) == [0, 20])
        // maxHeight 5: the single line is clamped to [0, 5] and the stack to 20x5 (the 10-tall
        // child keeps its height: stretching only ever grows a child).
        let capped = StackLayoutSpec(children: [box(20, 10)])
        capped.style.maxHeight = .points(5)
        #expect(layout(capped, range(0, 0, 375, .infinity)).size == size(20, 5))
    }

    // MARK: Alignment conveniences

    @Test func horizontalAndVerticalAlignmentMapByDirection() {
        let stack = StackLayoutSpec()
        stack.horizontalAlignment = .right
        stack.verticalAlignment = .center
        #expect(stack.justifyContent == .end)
        #expect(stack.alignItems == .center)
        // Switching direction re-resolves: in a vertical stack x is the cross axis.
        stack.direction = .vertical
        #expect(stack.alignItems == .end)
        #expect(stack.justifyContent == .center)
    }

    @Test func asciiArtFollowsTheDirection() {
        let stack = StackLayoutSpec.vertical(children: [box(1, 1), box(1, 1)])
        #expect(
            stack.asciiArtString
                == AsciiArt.box(
                    name: "ASStackLayoutSpec", children: ["ASDisplayNode", "ASDisplayNode"],
                    direction: .vertical))
    }
}
