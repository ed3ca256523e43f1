import Testing

@testable import WeftLayout

/// ASCenterLayoutSpec and ASRelativeLayoutSpec, docs/texture-semantics.md section 4.
@Suite struct RelativeAndCenterTests {
    @Test func centerTakesTheMaxAndCentresTheChild() {
        // Size starts as the valid max 100x100; the child (min 0 on centred axes) keeps 20x30;
        // origin round((100 - 20) x 0.5) = 40, round(70 x 0.5) = 35.
        let result = layout(CenterLayoutSpec(centeringOptions: .xy, child: box(20, 30)), range(0, 0, 100, 100))
        #expect(result.size == size(100, 100))
        #expect(result.childFrames == [rect(40, 35, 20, 30)])
    }

    @Test func centerRoundsToThePixelGrid() {
        // (100 - 21) x 0.5 = 39.5: 39.5 at scale 2, round(39.5) = 40 at scale 1.
        let spec = CenterLayoutSpec(centeringOptions: .x, child: box(21, 10))
        #expect(layout(spec, range(0, 0, 100, 100)).childFrames[0].minX == 39.5)
        #expect(layout(spec, range(0, 0, 100, 100), scale: 1).childFrames[0].minX == 40)
    }

    @Test func minimumSizingShrinksToTheChild() {
        let spec = CenterLayoutSpec(centeringOptions: .xy, sizingOptions: .minimumXY, child: box(20, 30))
        let result = layout(spec, range(0, 0, 100, 100))
        #expect(result.size == size(20, 30))
        #expect(result.childFrames == [rect(0, 0, 20, 30)])
        // minimumX only: width 20, height stays 100, child centred vertically at 35.
        let onlyX = CenterLayoutSpec(centeringOptions: .xy, sizingOptions: .minimumX, child: box(20, 30))
        #expect(layout(onlyX, range(0, 0, 100, 100)).childFrames == [rect(0, 35, 20, 30)])
    }

    @Test func uncentredAxisPassesTheMinimumToTheChild() {
        // Centering x only in {0,50}-{100,100}: the child's min height is the spec's 50, its
        // y stays 0 (position none).
        let result = layout(CenterLayoutSpec(centeringOptions: .x, child: box(20, 30)), range(0, 50, 100, 100))
        #expect(result.childFrames == [rect(40, 0, 20, 50)])
    }

    @Test func unboundedAxesTakeTheChildsSize() {
        let result = layout(
            CenterLayoutSpec(centeringOptions: .xy, child: box(20, 30)),
            range(0, 0, .infinity, .infinity))
        #expect(result.size == size(20, 30))
        #expect(result.childFrames == [rect(0, 0, 20, 30)])
    }

    @Test func relativeEndAndStart() {
        // End horizontally: round((100 - 20) x 1) = 80; start vertically: 0.
        let spec = RelativeLayoutSpec(horizontalPosition: .end, verticalPosition: .start, child: box(20, 30))
        #expect(layout(spec, range(0, 0, 100, 100)).childFrames == [rect(80, 0, 20, 30)])
        // minimumWidth: the width shrinks to 20, so end is 0 too.
        spec.sizingOption = .minimumWidth
        let shrunk = layout(spec, range(0, 0, 100, 100))
        #expect(shrunk.size == size(20, 100))
        #expect(shrunk.childFrames == [rect(0, 0, 20, 30)])
    }

    @Test func centerIsARelativeSpecNamedForTexture() {
        #expect(CenterLayoutSpec(child: box(1, 1)).asciiArtName == "ASCenterLayoutSpec")
        #expect(
            RelativeLayoutSpec(horizontalPosition: .none, verticalPosition: .none, child: box(1, 1))
                .asciiArtName == "ASRelativeLayoutSpec")
    }
}
