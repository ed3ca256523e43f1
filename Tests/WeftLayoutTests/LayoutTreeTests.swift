import Testing

@testable import WeftLayout

/// The Layout result tree: pixel rounding of sizes and flattening into node frames
/// (docs/texture-semantics.md section 4).
@Suite struct LayoutTreeTests {
    @Test func sizesRoundUpToThePixelGrid() {
        // "a computed 190.3-pt size becomes 191 at scale 1 and 190.5 at scale 2".
        let box = BoxNode()
        let atScale1 = Layout(element: box, size: Size(width: 190.3, height: 10), context: LayoutContext(scale: 1))
        let atScale2 = Layout(element: box, size: Size(width: 190.3, height: 10), context: LayoutContext(scale: 2))
        #expect(atScale1.size == Size(width: 191, height: 10))
        #expect(atScale2.size == Size(width: 190.5, height: 10))
        // At scale 3, 10.2 -> ceil(30.6) / 3 = 31 / 3.
        #expect(
            Layout(element: box, size: Size(width: 10.2, height: 0), context: LayoutContext(scale: 3)).size.width
                == 31.0 / 3.0)
        // FLT_EPSILON is subtracted first: a hair above the grid stays on it.
        #expect(Layout(element: box, size: Size(width: 20.00000001, height: 0), context: .default).size.width == 20)
    }

    @Test func invalidSizesBecomeZero() {
        let box = BoxNode()
        for bad in [
            Size(width: .nan, height: 1), Size(width: 1, height: .infinity),
            Size(width: -1, height: 1), Size(width: 1, height: 1e7),
        ] {
            #expect(Layout(element: box, size: bad, context: .default).size == .zero)
        }
    }

    @Test func pixelRoundingHelpers() {
        // ceil((v - eps) x s) / s; floor((v + eps) x s) / s; round(v x s) / s.
        #expect(PixelRounding.ceil(10.1, scale: 2) == 10.5)
        #expect(PixelRounding.floor(10.4, scale: 2) == 10)
        #expect(PixelRounding.floor(10.4999999999, scale: 2) == 10.5)
        #expect(PixelRounding.round(10.25, scale: 2) == 10.5)
        #expect(PixelRounding.round(10.2, scale: 2) == 10)
    }

    /// node(root) > spec at (0.25, 0) > node A at (0.5, 0.25) > spec at (0.1, 0.1) > node B at (0, 0).
    private func nestedTree() -> (Layout, BoxNode, BoxNode) {
        let root = BoxNode()
        let a = BoxNode()
        let b = BoxNode()
        let context = LayoutContext.default
        let innerSpec = Layout(
            element: LayoutSpec(), size: Size(width: 4, height: 4), position: Point(x: 0.1, y: 0.1),
            sublayouts: [Layout(element: b, size: Size(width: 4, height: 4), context: context)],
            context: context)
        let nodeA = Layout(
            element: a, size: Size(width: 10, height: 10), position: Point(x: 0.5, y: 0.25),
            sublayouts: [innerSpec], context: context)
        let outerSpec = Layout(
            element: LayoutSpec(), size: Size(width: 20, height: 20), position: Point(x: 0.25, y: 0),
            sublayouts: [nodeA], context: context)
        return (Layout(element: root, size: Size(width: 20, height: 20), sublayouts: [outerSpec], context: context), a, b)
    }

    @Test func flatteningCeilsEachNodeRelativeToItsNearestNodeAncestor() {
        let (tree, a, b) = nestedTree()
        let frames = tree.flattenedFrames(context: .default)
        #expect(frames.count == 5)
        // A: offset from root = (0.25 + 0.5, 0 + 0.25) = (0.75, 0.25) -> ceil at scale 2 = (1, 0.5).
        let frameA = frames.first { $0.element === a }!.frame
        #expect(frameA == Rect(x: 1, y: 0.5, width: 10, height: 10))
        // B: offset from A = (0.1, 0.1) -> (0.5, 0.5), so (1.5, 1), not the plain sum (0.85, 0.35).
        let frameB = frames.first { $0.element === b }!.frame
        #expect(frameB == Rect(x: 1.5, y: 1, width: 4, height: 4))
        // The inner spec is not rounded: A's origin + (0.1, 0.1).
        #expect(frames[3].frame.origin == Point(x: 1.1, y: 0.6))
        #expect(frames.map(\.depth) == [0, 1, 2, 3, 4])
    }

    @Test func flattenedToNodesDissolvesSpecs() {
        let (tree, a, _) = nestedTree()
        let flat = tree.flattenedToNodes(context: .default)
        #expect(flat.sublayouts.count == 1)
        #expect(flat.sublayouts[0].element === a)
        #expect(flat.sublayouts[0].position == Point(x: 1, y: 0.5))
    }
}
