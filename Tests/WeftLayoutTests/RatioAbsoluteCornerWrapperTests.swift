import Testing

@testable import WeftLayout

/// ASRatioLayoutSpec, docs/texture-semantics.md section 4.
@Suite struct RatioLayoutSpecTests {
    @Test func widthBasedCandidate() {
        // Ratio 0.5 (height / width), max {100, inf}: only the width candidate,
        // clamp({100, floorPixel(50)}) = 100x50; the child is forced to it.
        let result = layout(RatioLayoutSpec(ratio: 0.5, child: box(10, 10)), range(0, 0, 100, .infinity))
        #expect(result.size == size(100, 50))
        #expect(result.childFrames == [rect(0, 0, 100, 50)])
    }

    @Test func closestCandidateWins() {
        // Ratio 2 in max {100, 100}: width candidate clamp({100, 200}) = 100x100 (h/w 1, off by
        // 1); height candidate {floorPixel(100 / 2), 100} = 50x100 (exactly 2): the height one.
        #expect(layout(RatioLayoutSpec(ratio: 2, child: box(10, 10)), range(0, 0, 100, 100)).size == size(50, 100))
    }

    @Test func floorsToThePixelGrid() {
        // Ratio 0.333 x 100 = 33.3: floorPixel at scale 2 = 33.
        #expect(
            layout(RatioLayoutSpec(ratio: 0.333, child: box(10, 10)), range(0, 0, 100, .infinity)).size
                == size(100, 33))
    }

    @Test func noCandidatePassesTheRangeThrough() {
        #expect(
            layout(RatioLayoutSpec(ratio: 2, child: box(10, 10)), range(0, 0, .infinity, .infinity)).size
                == size(10, 10))
    }

    @Test func asciiNameShowsTheRatioNotTheDebugName() {
        let spec = RatioLayoutSpec(ratio: 0.5, child: box(1, 1))
        spec.debugName = "photo"
        #expect(spec.asciiArtName == "ASRatioLayoutSpec (0.5)")
    }
}

/// ASAbsoluteLayoutSpec, docs/texture-semantics.md section 4.
@Suite struct AbsoluteLayoutSpecTests {
    private func children() -> [any LayoutElement] {
        [box(20, 20) { $0.layoutPosition = Point(x: 10, y: 5) }, box(30, 10) { $0.layoutPosition = Point(x: 50, y: 40) }]
    }

    @Test func placesChildrenAtTheirPositions() {
        // Default sizing with a valid max: the spec is the max, 200x100.
        let result = layout(AbsoluteLayoutSpec(children: children()), range(0, 0, 200, 100))
        #expect(result.size == size(200, 100))
        #expect(result.childFrames == [rect(10, 5, 20, 20), rect(50, 40, 30, 10)])
    }

    @Test func sizeToFitWrapsTheChildren() {
        // Width max(0, 10 + 20, 50 + 30) = 80; height max(0, 5 + 20, 40 + 10) = 50.
        #expect(
            layout(AbsoluteLayoutSpec(sizing: .sizeToFit, children: children()), range(0, 0, 200, 100)).size
                == size(80, 50))
    }

    @Test func unboundedAxisFitsTheChildren() {
        // Max width infinite: fit width 80; height stays the max 100.
        #expect(layout(AbsoluteLayoutSpec(children: children()), range(0, 0, .infinity, 100)).size == size(80, 100))
    }

    @Test func childPercentagesResolveAgainstTheSpec() {
        // Width 50% of the 200-wide spec = 100, within the auto range [0, 200 - 10].
        let child = box(20, 20) {
            $0.width = .fraction(0.5)
            $0.layoutPosition = Point(x: 10, y: 0)
        }
        #expect(layout(AbsoluteLayoutSpec(children: [child]), range(0, 0, 200, 100)).childFrames == [rect(10, 0, 100, 20)])
    }
}

/// ASCornerLayoutSpec, docs/texture-semantics.md section 4.
@Suite struct CornerLayoutSpecTests {
    @Test func cornerIsCentredOnTheCorner() {
        // Child 50x50, badge 10x10 at top right: (50 - 5, 0 - 5); the spec keeps the child's size.
        let result = layout(
            CornerLayoutSpec(child: box(50, 50), corner: box(10, 10), location: .topRight),
            range(0, 0, 100, 100))
        #expect(result.size == size(50, 50))
        #expect(result.childFrames == [rect(0, 0, 50, 50), rect(45, -5, 10, 10)])
    }

    @Test func offsetMovesTheCorner() {
        let spec = CornerLayoutSpec(
            child: box(50, 50), corner: box(10, 10), location: .bottomRight,
            offset: Point(x: -2, y: 3))
        // (50 - 5 - 2, 50 - 5 + 3).
        #expect(layout(spec, range(0, 0, 100, 100)).childFrames[1] == rect(43, 48, 10, 10))
    }

    @Test func wrapsCornerGrowsAndShifts() {
        // Union of (0,0,50,50) and (45,-5,10,10) = (0,-5,55,55): both shift down by 5.
        let topRight = CornerLayoutSpec(child: box(50, 50), corner: box(10, 10), location: .topRight, wrapsCorner: true)
        let result = layout(topRight, range(0, 0, 100, 100))
        #expect(result.size == size(55, 55))
        #expect(result.childFrames == [rect(0, 5, 50, 50), rect(45, 0, 10, 10)])
        // Bottom left: corner at (-5, 45); union (-5, 0, 55, 55): both shift right by 5.
        let bottomLeft = CornerLayoutSpec(child: box(50, 50), corner: box(10, 10), location: .bottomLeft, wrapsCorner: true)
        #expect(layout(bottomLeft, range(0, 0, 100, 100)).childFrames == [rect(5, 0, 50, 50), rect(0, 45, 10, 10)])
    }
}

/// ASWrapperLayoutSpec, the base ASLayoutSpec, plain nodes and style sizes (section 4).
@Suite struct WrapperAndBaseTests {
    @Test func wrapperTakesTheLargestChild() {
        // max(min 5, 20, 40) x max(5, 30, 10); every child at (0, 0).
        let result = layout(WrapperLayoutSpec(children: [box(20, 30), box(40, 10)]), range(5, 5, 100, 100))
        #expect(result.size == size(40, 30))
        #expect(result.childFrames == [rect(0, 0, 20, 30), rect(0, 0, 40, 10)])
    }

    @Test func baseSpecTakesTheMinimum() {
        #expect(layout(LayoutSpec(children: [box(50, 50)]), range(7, 9, 100, 100)).size == size(7, 9))
    }

    @Test func plainNodeTakesTheMaxWhenBounded() {
        #expect(layout(BoxNode(), range(0, 0, 80, 60)).size == size(80, 60))
        // Unbounded: 0x0, clamped up to the min.
        #expect(layout(BoxNode(), range(10, 0, .infinity, 60)).size == size(10, 0))
    }

    @Test func specsApplyTheirOwnStyleSize() {
        // The wrapper's preferred size 60x40 narrows its range to exactly 60x40.
        let wrapper = WrapperLayoutSpec(child: box(10, 10))
        wrapper.style.preferredSize = size(60, 40)
        #expect(layout(wrapper, range(0, 0, 200, 200)).size == size(60, 40))
        // 50% of the root's parent size (the range's max, 200) = 100.
        let half = WrapperLayoutSpec(child: box(10, 10))
        half.style.width = .fraction(0.5)
        #expect(layout(half, range(0, 0, 200, 200)).size == size(100, 10))
    }

    @Test func parentsExactSizeWinsOverTheChildsMaximum() {
        // ASSizeRangeIntersect(constrained, style): an exact 100 from the parent and a style
        // max of 30 do not overlap; the constrained range lies above, so its min (100) wins.
        let child = box(10, 10) { $0.maxWidth = .points(30) }
        #expect(layout(child, range(100, 10, 100, 10)).size == size(100, 10))
    }
}
