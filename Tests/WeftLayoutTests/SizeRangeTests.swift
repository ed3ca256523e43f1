import Testing

@testable import WeftLayout

/// SizeRange intersection, clamping and descriptions: docs/texture-semantics.md section 1.
@Suite struct SizeRangeTests {
    @Test func intersectionOfOverlappingRanges() {
        // [max(mins), min(maxes)] per axis: w [10, 100] & [50, 200] = [50, 100].
        let a = SizeRange(min: Size(width: 10, height: 0), max: Size(width: 100, height: 50))
        let b = SizeRange(min: Size(width: 50, height: 20), max: Size(width: 200, height: .infinity))
        #expect(a.intersect(b) == SizeRange(min: Size(width: 50, height: 20), max: Size(width: 100, height: 50)))
    }

    @Test func disjointRangesCollapseToTheReceiversNearestValue() {
        // w: [10, 20] lies below [30, 40] -> this range's max 20.
        // h: [50, 60] lies above [30, 40] -> this range's min 50.
        let a = SizeRange(min: Size(width: 10, height: 50), max: Size(width: 20, height: 60))
        let b = SizeRange(min: Size(width: 30, height: 30), max: Size(width: 40, height: 40))
        #expect(a.intersect(b) == SizeRange(exactly: Size(width: 20, height: 50)))
        // And the other way round: b wins with its min 30 on w and its max 40 on h.
        #expect(b.intersect(a) == SizeRange(exactly: Size(width: 30, height: 40)))
    }

    @Test func clampKeepsSizesInside() {
        let range = SizeRange(min: Size(width: 10, height: 10), max: Size(width: 100, height: .infinity))
        #expect(range.clamp(Size(width: 5, height: 500)) == Size(width: 10, height: 500))
        #expect(range.clamp(Size(width: 150, height: 50)) == Size(width: 100, height: 50))
    }

    @Test func descriptionPrintsPercentSeventeenG() {
        #expect(SizeRange(exactly: Size(width: 375, height: 48)).description == "{{375, 48}}")
        #expect(
            SizeRange(min: .zero, max: Size(width: 375, height: .infinity)).description
                == "{{0, 0}, {375, inf}}")
        // %.17g shows the binary value of 0.1 in full.
        #expect(SizeRange(exactly: Size(width: 0.1, height: 1)).description == "{{0.10000000000000001, 1}}")
    }
}
