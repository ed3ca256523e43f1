import Testing

@testable import WeftLayout

/// Explanations of Texture's own cases, every number derived by hand in the comment above it.
@Suite struct LayoutExplanationTests {
    /// Lays `root` out in a traced pass and explains `element`.
    func explain(
        _ element: any LayoutElement, in root: any LayoutElement, _ sizeRange: SizeRange,
        scale: Double = 2
    ) throws -> LayoutExplanation {
        let trace = LayoutTrace()
        let result = trace.run(context: LayoutContext(scale: scale)) { root.layoutThatFits(sizeRange, context: $0) }
        return try #require(LayoutExplanation(of: element, in: result, trace: trace))
    }

    func step(_ steps: [LayoutTrace.Step], _ rule: String) throws -> LayoutTrace.Step {
        try #require(steps.first { $0.rule == rule }, "no \(rule) in \(steps.map(\.rule))")
    }

    @Test func growSharesAreFlooredAndTheFirstTakesTheRemainder() throws {
        // Row exactly 100 wide; three 10-wide children with flexGrow 1: 100 - 30 = 70 free,
        // 70 / 3 = 23.33 floored to 23 each, 70 - 69 = 1 left, which the first child takes: 34, 33, 33.
        let children = (0..<3).map { _ in box(10, 10) { $0.flexGrow = 1 } }
        let row = StackLayoutSpec(children: children)
        let first = try explain(children[0], in: row, range(100, 0, 100, 50))
        let line = try step(first.links[0].own, "stack.line")
        #expect(line.value("sum") == 30 && line.value("violation") == 70 && line.value("factorSum") == 3)
        let grow = try step(first.links[1].fromParent, "stack.flex.grow")
        #expect(grow.value("share") == 23 && grow.value("remainder") == 1 && grow.value("after") == 34)
        #expect(grow.sentence.contains("rounded down to 23") && grow.sentence.contains("remainder 1"))
        #expect(first.links[1].frame == rect(0, 0, 34, 10))
        let second = try explain(children[1], in: row, range(100, 0, 100, 50))
        let secondGrow = try step(second.links[1].fromParent, "stack.flex.grow")
        #expect(secondGrow.value("share") == 23 && secondGrow.value("remainder") == 0 && secondGrow.value("after") == 33)
        #expect(second.links[1].frame == rect(34, 0, 33, 10))
    }

    @Test func shrinkSharesAreWeightedBySizeAndRoundedToPixels() throws {
        // Row exactly 100 wide; children 60 and 80 wide, flexShrink 1: overflow 40. Each share
        // is size x shrink / sum(size x shrink) of it: 60/140 x 40 = 17.142857, 80/140 x 40 =
        // 22.857143. 42.857143 and 57.142857 go up to the half-pixel grid: 43 and 57.5.
        let a = box(60, 10) { $0.flexShrink = 1 }
        let b = box(80, 10) { $0.flexShrink = 1 }
        let row = StackLayoutSpec(children: [a, b])
        let explanation = try explain(a, in: row, range(100, 0, 100, 50))
        let line = try step(explanation.links[0].own, "stack.line")
        #expect(line.value("violation") == -40)
        #expect(line.sentence.contains("overflowing by 40"))
        let shrink = try step(explanation.links[1].fromParent, "stack.flex.shrink")
        #expect(abs(shrink.value("share")! + 120.0 / 7) < 1e-9)
        #expect(abs(shrink.value("after")! - 300.0 / 7) < 1e-9)
        let rounding = try #require(explanation.links[1].rounding)
        #expect(rounding.value("width") == 43 && abs(rounding.value("computedWidth")! - 300.0 / 7) < 1e-9)
        #expect(rounding.sentence.contains("42.86 x 10 -> 43 x 10"))
        let other = try explain(b, in: row, range(100, 0, 100, 50))
        #expect(other.links[1].frame == rect(43, 0, 57.5, 10))
    }

    @Test func theStretchMinimumBeatsAChildsMax() throws {
        // Column exactly 200 wide, alignItems stretch; the child has maxWidth 100. Its cross range
        // is [200 (the stack's min), 100 (its own max)]; intersected with its style [0, 100] the
        // ranges do not overlap and the given one wins with its min: 200.
        let child = box(50, 20) { $0.maxWidth = .points(100) }
        let column = StackLayoutSpec(direction: .vertical, children: [child])
        let explanation = try explain(child, in: column, range(200, 0, 200, .infinity))
        let link = explanation.links[1]
        #expect(link.constrainedSize == range(200, 0, 100, .infinity))
        #expect(link.resolvedSize == range(200, 0, 200, .infinity))
        let measure = try step(link.fromParent, "stack.measure")
        #expect(measure.sentence.contains("its own max width 100 replacing the stack's max"))
        let style = try step(link.style, "style.outside")
        #expect(style.value("styleMax") == 100 && style.value("min") == 200 && style.value("max") == 200)
        #expect(style.sentence.contains("the given range wins with its nearest value, 200"))
        #expect(link.frame.size == size(200, 20))
    }

    @Test func infiniteInsetsCentreTheChild() throws {
        // Exactly 100 x 100, every inset infinite: the child's minimum is 0, its max the whole
        // 100 x 100; the spec takes the range's max; x = 100 - (round((100 - 20) / 2) + 20) = 40,
        // y = 100 - (round((100 - 10) / 2) + 10) = 45.
        let child = box(20, 10)
        let inset = InsetLayoutSpec(
            insets: EdgeInsets(top: .infinity, left: .infinity, bottom: .infinity, right: .infinity),
            child: child)
        let explanation = try explain(child, in: inset, range(100, 100, 100, 100))
        let childRange = try step(explanation.links[1].fromParent, "inset.childRange")
        #expect(childRange.value("minWidth") == 0 && childRange.value("maxWidth") == 100)
        #expect(childRange.sentence.contains("an infinite inset centres the child"))
        let position = try step(explanation.links[1].fromParent, "inset.position")
        #expect(position.value("x") == 40 && position.value("y") == 45)
        #expect(explanation.links[1].frame == rect(40, 45, 20, 10))
        #expect(try step(explanation.links[0].own, "inset.size").value("width") == 100)
    }

    @Test func ratioCandidatesAndTheCloserOne() throws {
        // Ratio 0.5 in [0, 0]-[100, 40]. From the width: 100 x floor(50) = 100 x 50, clamped to
        // 100 x 40, off by |40/100 - 0.5| = 0.1. From the height: floor(40 / 0.5) = 80 x 40, off
        // by 0: strictly closer, so the child gets exactly 80 x 40.
        let child = box(10, 10)
        let ratio = RatioLayoutSpec(ratio: 0.5, child: child)
        let explanation = try explain(child, in: ratio, range(0, 0, 100, 40))
        let candidates = explanation.links[0].own.filter { $0.rule == "ratio.candidate" }
        #expect(candidates.count == 2)
        #expect(candidates[0].value("width") == 100 && candidates[0].value("height") == 40)
        #expect(abs(candidates[0].value("distance")! - 0.1) < 1e-12)
        #expect(candidates[1].value("width") == 80 && candidates[1].value("distance") == 0)
        let choice = try step(explanation.links[0].own, "ratio.choice")
        #expect(choice.value("width") == 80 && choice.value("height") == 40)
        #expect(explanation.links[1].constrainedSize == range(80, 40, 80, 40))
    }

    @Test func wrappingStartsALineWhenTheNextChildOverflows() throws {
        // Wrap, max width 100, spacing 10, three 40-wide children: 40 + 10 + 40 = 90 fits,
        // + 10 + 40 = 140 does not: the third starts line 2 at (0, 10).
        let children = (0..<3).map { _ in box(40, 10) }
        let row = StackLayoutSpec(spacing: 10, flexWrap: .wrap, children: children)
        let explanation = try explain(children[2], in: row, range(0, 0, 100, 100))
        let wrap = try step(explanation.links[1].fromParent, "stack.wrap")
        #expect(wrap.value("line") == 1 && wrap.value("needed") == 140 && wrap.value("max") == 100)
        #expect(wrap.sentence == "starts line 2: the line would need 140 with it, more than the stack's 100")
        #expect(explanation.links[1].frame == rect(0, 10, 40, 10))
        #expect(explanation.links[0].own.filter { $0.rule == "stack.cross" }.count == 2)
    }

    @Test func baselineAlignmentUsesTheLargestAscent() throws {
        // baselineFirst: A is 30 tall with ascender 25, B 10 tall with ascender 8. The line is
        // 25 above the baseline + max(30 - 25, 10 - 8) = 5 below: 30; B sits 25 - 8 = 17 down.
        let a = box(20, 30) { $0.ascender = 25 }
        let b = box(20, 10) { $0.ascender = 8 }
        let row = StackLayoutSpec(alignItems: .baselineFirst, children: [a, b])
        let explanation = try explain(b, in: row, range(0, 0, 200, 200))
        let cross = try step(explanation.links[0].own, "stack.cross")
        #expect(cross.value("crossSize") == 30 && cross.value("baseline") == 25)
        #expect(cross.sentence.contains("25 above the baseline + 5 below = 30"))
        let position = try step(explanation.links[1].fromParent, "stack.position")
        #expect(position.value("crossOffset") == 17)
        #expect(explanation.links[1].frame == rect(20, 17, 20, 10))
    }

    @Test func aStyleWidthUnderAnExactRangeHasNoEffect() throws {
        // The README's edit: width 50% on a child a vertical stack stretches to exactly 375.
        // 50% of 375 = 187.5 does not overlap [375, 375]: the parent's value is kept.
        let child = box(10, 44) { $0.width = .fraction(0.5) }
        let column = StackLayoutSpec(direction: .vertical, children: [child])
        let explanation = try explain(child, in: column, range(375, 0, 375, .infinity))
        let style = try step(explanation.links[1].style, "style.overridden")
        #expect(style.value("styleMin") == 187.5 && style.value("min") == 375)
        #expect(style.sentence.contains("width 50% of 375 = 187.5 has no effect: the parent gave an exact width of 375"))
        #expect(explanation.links[1].frame.size == size(375, 44))
    }

    @Test func anUntracedPassIsUnchangedAndTheTextReadsRootFirst() throws {
        let child = box(10, 10)
        let root = InsetLayoutSpec(insets: EdgeInsets(all: 8), child: StackLayoutSpec(children: [child]))
        let plain = layout(root, range(0, 0, 100, 100))
        let trace = LayoutTrace()
        let traced = trace.run(context: LayoutContext(scale: 2)) { root.layoutThatFits(range(0, 0, 100, 100), context: $0) }
        #expect(frames(plain) == frames(traced))
        let text = try #require(LayoutExplanation(of: child, in: traced, trace: trace)).text
        #expect(text.hasPrefix("0. ASInsetLayoutSpec (the root): 26 x 26 at (0, 0)\n"))
        #expect(text.contains("2. ASDisplayNode (child 0 of ASStackLayoutSpec): 10 x 10 at (0, 0)"))
        #expect(LayoutExplanation(of: box(1, 1), in: traced, trace: trace) == nil)
    }
}

/// Every frame and recorded range of a layout tree, depth first.
func frames(_ layout: Layout) -> [String] {
    ["\(layout.frame) \(layout.constrainedSize)"] + layout.sublayouts.flatMap(frames)
}
