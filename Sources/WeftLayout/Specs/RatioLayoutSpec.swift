import Foundation

/// Gives its child a size with height / width = `ratio` within the range (Texture's
/// ASRatioLayoutSpec).
public final class RatioLayoutSpec: LayoutSpec {
    /// Height divided by width (0.5 is twice as wide as tall).
    public var ratio: Double

    /// A spec giving `child` a height of `ratio` times its width.
    public init(ratio: Double, child: any LayoutElement) {
        self.ratio = ratio
        super.init(children: [child])
    }

    /// `ASRatioLayoutSpec`.
    public override var textureClassName: String { LayoutSpecType.ratio.textureClassName }

    /// `ASRatioLayoutSpec (0.5)`: the ratio, not the debugName.
    public override var asciiArtName: String { textureClassName + String(format: " (%.1f)", ratio) }

    /// Candidates: from a valid max width, clamp({max.w, floorPixel(ratio x max.w)}); from a
    /// valid max height, clamp({floorPixel(max.h / ratio), max.h}). The candidate whose h/w is
    /// closest to the ratio wins (ties: the width-based one); the child gets the range
    /// narrowed to it (the whole range without candidates) and the spec takes the child's size.
    public override func calculateLayoutThatFits(_ constrainedSize: SizeRange, context: LayoutContext) -> Layout {
        guard let child else { return super.calculateLayoutThatFits(constrainedSize, context: context) }
        let max = constrainedSize.max
        var best: Size?
        if Size.isValidDimension(max.width) {
            best = constrainedSize.clamp(Size(width: max.width, height: context.floorPixel(ratio * max.width)))
        }
        if Size.isValidDimension(max.height) {
            let candidate = constrainedSize.clamp(Size(width: context.floorPixel(max.height / ratio), height: max.height))
            if let current = best {
                if distance(current) > distance(candidate) { best = candidate }
            } else {
                best = candidate
            }
        }
        let childRange = best.map { constrainedSize.intersect(SizeRange(exactly: $0)) } ?? constrainedSize
        if let trace = context.trace { noteCandidates(trace, constrainedSize, best: best, context: context) }
        var sublayout = child.layoutThatFits(childRange, parentSize: best ?? .undefined, context: context)
        context.trace?.noteChild(
            "ratio.child", child: 0, [.init("width", sublayout.size.width), .init("height", sublayout.size.height)],
            "the child is laid out in " + traceRange(childRange) + " -> " + traceSize(sublayout.size)
                + "; the spec takes its size")
        sublayout.position = .zero
        return Layout(element: self, size: sublayout.size, sublayouts: [sublayout], context: context)
    }

    private func distance(_ size: Size) -> Double { abs(size.height / size.width - ratio) }

    /// The two candidates (from the max width and from the max height) and the one kept.
    private func noteCandidates(_ trace: LayoutTrace, _ range: SizeRange, best: Size?, context: LayoutContext) {
        let max = range.max
        if Size.isValidDimension(max.width) {
            let candidate = range.clamp(Size(width: max.width, height: context.floorPixel(ratio * max.width)))
            trace.note(
                "ratio.candidate",
                [
                    .init("width", candidate.width), .init("height", candidate.height),
                    .init("distance", distance(candidate)),
                ],
                "from the max width " + traceNumber(max.width) + ": height " + traceNumber(ratio) + " x "
                    + traceNumber(max.width) + " (floored to the pixel grid), in the range: " + traceSize(candidate)
                    + ", " + traceNumber(distance(candidate)) + " off the ratio")
        }
        if Size.isValidDimension(max.height) {
            let candidate = range.clamp(Size(width: context.floorPixel(max.height / ratio), height: max.height))
            trace.note(
                "ratio.candidate",
                [
                    .init("width", candidate.width), .init("height", candidate.height),
                    .init("distance", distance(candidate)),
                ],
                "from the max height " + traceNumber(max.height) + ": width " + traceNumber(max.height) + " / "
                    + traceNumber(ratio) + " (floored to the pixel grid), in the range: " + traceSize(candidate)
                    + ", " + traceNumber(distance(candidate)) + " off the ratio")
        }
        if let best {
            trace.note(
                "ratio.choice", [.init("width", best.width), .init("height", best.height)],
                "keeps " + traceSize(best) + " (the first candidate unless the second is strictly closer to the ratio)")
        } else {
            trace.note("ratio.choice", [], "no bounded max on either axis: the child gets the spec's range unchanged")
        }
    }
}
