import Testing
import WeftSynthetic

@testable import WeftLayout

/// Over random trees of every spec: a traced pass lays out exactly as an untraced one, and the
/// explanation of every element agrees with the final layout: each link's frame and range are
/// the layout's, each step's size and position the element's, and each spec's computed size,
/// on the pixel grid, its final size. An explanation can never disagree with the layout.
@Suite struct LayoutExplanationPropertyTests {
    @Test func explanationsAgreeWithTheLayout() throws {
        var random = SeededGenerator(seed: 30)
        for _ in 0..<60 {
            let root = randomElement(&random, depth: 0)
            let maxWidth = random.pick([100, 375, .infinity])
            let sizeRange =
                random.bool()
                ? range(maxWidth.isFinite ? maxWidth : 0, 0, maxWidth, .infinity)
                : range(0, 0, maxWidth, random.pick([200, .infinity]))
            let scale = random.pick([1.0, 2, 3])
            let plain = root.layoutThatFits(sizeRange, context: LayoutContext(scale: scale))
            let trace = LayoutTrace()
            let traced = trace.run(context: LayoutContext(scale: scale)) { root.layoutThatFits(sizeRange, context: $0) }
            #expect(frames(plain) == frames(traced))
            try check(traced, path: [traced], trace: trace)
        }
    }

    private func check(_ root: Layout, path: [Layout], trace: LayoutTrace) throws {
        let layout = path.last!
        let explanation = try #require(LayoutExplanation(of: layout.element, in: root, trace: trace))
        #expect(explanation.links.count == path.count)
        for (link, expected) in zip(explanation.links, path) {
            #expect(link.element === expected.element)
            #expect("\(link.frame)" == "\(expected.frame)")
            #expect(
                frames(Layout(element: link.element, exactSize: .zero).recording(constrainedSize: link.constrainedSize))
                    == frames(
                        Layout(element: link.element, exactSize: .zero).recording(constrainedSize: expected.constrainedSize)))
            guard let call = link.call else {
                // A stack's placeholder for its one flexible child, which no flex pass replaced.
                #expect(expected.size == .zero && expected.sublayouts.isEmpty)
                #expect(link.fromParent.contains { $0.rule == "stack.placeholder" })
                continue
            }
            #expect(trace.calls[call].size == expected.size)
            checkSteps(link, call: trace.calls[call], frame: expected.frame, position: expected.position, trace: trace)
        }
        for sublayout in layout.sublayouts { try check(root, path: path + [sublayout], trace: trace) }
    }

    private func checkSteps(
        _ link: LayoutExplanation.Link, call: LayoutTrace.Call, frame: Rect, position: Point, trace: LayoutTrace
    ) {
        if let resolved = link.resolvedSize {
            for step in link.style {
                let isWidth =
                    step.sentence.hasPrefix("style width") || step.sentence.hasPrefix("style minWidth")
                    || step.sentence.hasPrefix("style maxWidth")
                #expect(same(step.value("min"), isWidth ? resolved.min.width : resolved.min.height))
                #expect(same(step.value("max"), isWidth ? resolved.max.width : resolved.max.height))
            }
        }
        // The parent's steps about the kept layout: its size and position.
        for step in link.fromParent where step.call == link.call {
            if ["stack.measure", "ratio.child", "overlay.child", "background.child", "node.spec"].contains(step.rule) {
                #expect(same(step.value("width"), frame.width) && same(step.value("height"), frame.height), "\(step.rule)")
            }
        }
        // The ranges the parent's steps name are the ones the engine passed to the kept call.
        let given = call.constrainedSize
        for step in link.fromParent where step.call == link.call {
            switch step.rule {
            case "inset.childRange":
                #expect(
                    same(step.value("minWidth"), given.min.width) && same(step.value("maxWidth"), given.max.width)
                        && same(step.value("minHeight"), given.min.height) && same(step.value("maxHeight"), given.max.height))
            case "stack.flex.grow", "stack.flex.shrink":
                let after = step.value("after")!
                #expect(
                    (same(after, given.min.width) && same(after, given.max.width))
                        || (same(after, given.min.height) && same(after, given.max.height)), "\(step.sentence)")
            case "stack.measure":
                let (low, high) = (step.value("stackMin")!, step.value("stackMax")!)
                #expect(
                    (same(low, given.min.width) && same(high, given.max.width))
                        || (same(low, given.min.height) && same(high, given.max.height)))
            default: break
            }
        }
        for step in link.fromParent {
            switch step.rule {
            case "inset.position", "relative.position", "absolute.child", "corner.child", "corner.corner":
                #expect(same(step.value("x"), position.x) && same(step.value("y"), position.y), "\(step.rule)")
            case "stack.position":
                let stack = step.value("stack")!
                let cross = step.value("cross")!
                #expect(
                    (same(stack, position.x) && same(cross, position.y)) || (same(stack, position.y) && same(cross, position.x)))
            default: break
            }
        }
        // A position that is not finite is said to become 0 in the frame, and only then.
        let notFinite = link.fromParent.contains { $0.rule == "position.notFinite" }
        #expect(notFinite == !(position.x.isFinite && position.y.isFinite))
        #expect(frame.minX == (position.x.isFinite ? position.x : 0) && frame.minY == (position.y.isFinite ? position.y : 0))
        // The size the element computed, on the pixel grid, is its size.
        if let computed = call.computedSize {
            let context = LayoutContext(scale: trace.scale)
            #expect(
                Size(width: context.ceilPixel(computed.width), height: context.ceilPixel(computed.height)) == frame.size
                    || !computed.isValidForLayout)
            for step in link.own
            where ["stack.size", "inset.size", "relative.size", "corner.size", "leaf.measure"].contains(step.rule) {
                #expect(same(step.value("width"), computed.width) && same(step.value("height"), computed.height), "\(step.rule)")
            }
            #expect((link.rounding != nil) == !(same(computed.width, frame.width) && same(computed.height, frame.height)))
        }
    }

    private func randomElement(_ random: inout SeededGenerator, depth: Int) -> any LayoutElement {
        let leaf = depth >= 3 || random.int(4) == 0
        let element: any LayoutElement
        if leaf {
            element = BoxNode(
                intrinsicSize: random.bool()
                    ? Size(width: random.pick([0, 10, 33.3, 120]), height: random.pick([0, 8, 20.25, 64])) : nil)
        } else {
            func children(_ count: Int) -> [any LayoutElement] {
                var result: [any LayoutElement] = []
                for _ in 0..<count { result.append(randomElement(&random, depth: depth + 1)) }
                return result
            }
            switch random.int(10) {
            case 0, 1, 2:
                element = StackLayoutSpec(
                    direction: random.bool() ? .horizontal : .vertical, spacing: random.pick([0, 4, 7.5]),
                    justifyContent: random.pick(StackLayoutJustifyContent.allCases),
                    alignItems: random.pick(StackLayoutAlignItems.allCases),
                    flexWrap: random.pick(StackLayoutFlexWrap.allCases),
                    alignContent: random.pick(StackLayoutAlignContent.allCases),
                    lineSpacing: random.pick([0, 3]), children: children(1 + random.int(4)))
            case 3:
                element = InsetLayoutSpec(
                    insets: EdgeInsets(
                        top: random.pick([0, 5, .infinity]), left: random.pick([0, 8, .infinity]),
                        bottom: random.pick([0, 5, .infinity]), right: random.pick([3, .infinity])),
                    child: children(1)[0])
            case 4:
                let pair = children(2)
                element =
                    random.bool()
                    ? OverlayLayoutSpec(child: pair[0], overlay: pair[1])
                    : BackgroundLayoutSpec(child: pair[0], background: pair[1])
            case 5:
                element = RatioLayoutSpec(ratio: random.pick([0.5, 1, 1.25]), child: children(1)[0])
            case 6:
                element =
                    random.bool()
                    ? CenterLayoutSpec(
                        centeringOptions: random.pick([.x, .y, .xy, []]),
                        sizingOptions: random.pick([[], .minimumX, .minimumXY]), child: children(1)[0])
                    : RelativeLayoutSpec(
                        horizontalPosition: random.pick(RelativeLayoutSpecPosition.allCases),
                        verticalPosition: random.pick(RelativeLayoutSpecPosition.allCases), child: children(1)[0])
            case 7:
                element = AbsoluteLayoutSpec(
                    sizing: random.pick(AbsoluteLayoutSpecSizing.allCases), children: children(1 + random.int(2)))
            case 8:
                let pair = children(2)
                element = CornerLayoutSpec(
                    child: pair[0], corner: pair[1], location: random.pick(CornerLayoutLocation.allCases),
                    offset: Point(x: random.pick([0, 2]), y: random.pick([0, -3])), wrapsCorner: random.bool())
            default:
                element = WrapperLayoutSpec(children: children(1 + random.int(2)))
            }
        }
        let style = element.style
        if random.int(3) == 0 { style.flexGrow = random.pick([1, 2]) }
        if random.int(3) == 0 { style.flexShrink = random.pick([1, 0.5]) }
        if random.int(4) == 0 { style.flexBasis = random.pick([.points(30), .fraction(0.25)]) }
        if random.int(4) == 0 { style.width = random.pick([.points(50), .fraction(0.5)]) }
        if random.int(5) == 0 { style.maxHeight = .points(40) }
        if random.int(5) == 0 { style.minWidth = .points(60) }
        if random.int(5) == 0 { style.alignSelf = random.pick(StackLayoutAlignSelf.allCases) }
        if random.int(5) == 0 {
            style.ascender = 6
            style.descender = -2
        }
        if random.int(6) == 0 { style.spacingBefore = 3 }
        if random.int(6) == 0 { style.layoutPosition = Point(x: 5, y: 7) }
        return element
    }
}

/// Equal, or both NaN (an unknown size is recorded as NaN).
func same(_ a: Double?, _ b: Double) -> Bool {
    guard let a else { return false }
    return a == b || (a.isNaN && b.isNaN)
}

extension SeededGenerator {
    /// A whole number below `bound` (the raw draw's remainder, so a seed keeps its trees).
    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func bool() -> Bool { int(2) == 0 }
    mutating func pick<T>(_ values: [T]) -> T { values[int(values.count)] }
}
