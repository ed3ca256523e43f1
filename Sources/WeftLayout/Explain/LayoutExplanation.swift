/// Why one element has its frame: the chain of layout calls from the pass's root down to it,
/// each with the range its parent gave it, how its own style narrowed that range, what its
/// parent decided about it (measure, flex, stretch, position), its own decisions and the pixel
/// rounding, all taken from a `LayoutTrace` of the pass that produced `layout`.
public struct LayoutExplanation {
    /// One element of the chain.
    public struct Link {
        /// The element.
        public let element: any LayoutElement
        /// Its index in its parent spec's `children` (nil for the root and a node's spec).
        public let childIndex: Int?
        /// The trace's call that produced its layout in the final tree; nil for a stack's 0 x 0
        /// placeholder that no pass replaced (the layout was never computed).
        public let call: Int?
        /// The range its parent passed.
        public let constrainedSize: SizeRange
        /// The size its fractions resolve against (NaN: unknown).
        public let parentSize: Size
        /// Its range after its own style size (nil: a spec that ignores its style size).
        public let resolvedSize: SizeRange?
        /// Its final size and its position inside its parent's layout.
        public let frame: Rect
        /// What the parent decided about this element, in order (measured, flexed, stretched,
        /// placed ...).
        public let fromParent: [LayoutTrace.Step]
        /// How its own style size turned `constrainedSize` into `resolvedSize`.
        public let style: [LayoutTrace.Step]
        /// Its own decisions: a leaf's measurement, a spec's lines, candidates, size ...
        public let own: [LayoutTrace.Step]
        /// The pixel rounding, when it changed the computed size.
        public let rounding: LayoutTrace.Step?

        /// Every step in reading order.
        public var steps: [LayoutTrace.Step] { fromParent + style + own + (rounding.map { [$0] } ?? []) }
    }

    /// The chain, root first, the explained element last.
    public let links: [Link]
    /// The screen scale of the pass.
    public let scale: Double

    /// The explanation of `element` in `layout` (the pass traced in `trace`, whose root call is
    /// the root of `layout`); nil when `layout` does not contain the element.
    public init?(of element: any LayoutElement, in layout: Layout, trace: LayoutTrace) {
        guard let path = layout.path(to: element), !trace.calls.isEmpty else { return nil }
        var links: [Link] = []
        var call = 0
        var parentCall: Int?
        var parentElement: (any LayoutElement)?
        for sublayout in path {
            let childIndex = (parentElement as? LayoutSpec)?.children.firstIndex { $0 === sublayout.element }
            if let parentCall {
                guard let kept = trace.keptCall(of: sublayout.element, in: parentCall) else {
                    links.append(Self.placeholder(sublayout, childIndex: childIndex, parentCall: parentCall, trace: trace))
                    break
                }
                call = kept
            }
            links.append(Self.link(sublayout, call: call, childIndex: childIndex, parentCall: parentCall, trace: trace))
            parentCall = call
            parentElement = sublayout.element
        }
        self.links = links
        self.scale = trace.scale
    }

    private static func steps(about childIndex: Int?, call index: Int?, in parent: Int?, trace: LayoutTrace) -> [LayoutTrace.Step]
    {
        guard let parent else { return [] }
        return trace.calls[parent].steps.filter { step in
            (index != nil && step.call == index) || (childIndex != nil && step.child == childIndex)
        }
    }

    /// A stack child that kept the stack's 0 x 0 placeholder (texture-semantics.md: the one child
    /// that both grows and shrinks in an exact-length stack is measured only by the flex pass;
    /// when its share rounds to nothing, no pass lays it out).
    private static func placeholder(_ layout: Layout, childIndex: Int?, parentCall: Int, trace: LayoutTrace) -> Link {
        let kept = LayoutTrace.Step(
            rule: "stack.placeholderKept", child: childIndex, call: nil, values: [],
            sentence: "no flex pass laid it out (its share was 0), so it keeps the 0 x 0 placeholder and was never measured")
        return Link(
            element: layout.element, childIndex: childIndex, call: nil, constrainedSize: layout.constrainedSize,
            parentSize: .undefined, resolvedSize: nil, frame: layout.frame,
            fromParent: steps(about: childIndex, call: nil, in: parentCall, trace: trace) + [kept] + positionSteps(layout),
            style: [], own: [], rounding: nil)
    }

    /// A position the parent computed that is not finite (an infinite inset in an unbounded
    /// range) is 0 in the frame, as Texture's -[ASLayout frame] gives it.
    private static func positionSteps(_ layout: Layout) -> [LayoutTrace.Step] {
        guard !layout.hasFinitePosition else { return [] }
        return [
            LayoutTrace.Step(
                rule: "position.notFinite", child: nil, call: nil,
                values: [.init("x", layout.position.x), .init("y", layout.position.y)],
                sentence: "its position (" + traceNumber(layout.position.x) + ", " + traceNumber(layout.position.y)
                    + ") is not finite, so its frame puts it at 0 on that axis, as Texture's -[ASLayout frame] does")
        ]
    }

    private static func link(
        _ layout: Layout, call index: Int, childIndex: Int?, parentCall: Int?,
        trace: LayoutTrace
    ) -> Link {
        let call = trace.calls[index]
        let fromParent = steps(about: childIndex, call: index, in: parentCall, trace: trace) + positionSteps(layout)
        var rounding: LayoutTrace.Step?
        if let computed = call.computedSize, !computed.isValidForLayout {
            rounding = LayoutTrace.Step(
                rule: "size.invalid", child: nil, call: nil,
                values: [.init("computedWidth", computed.width), .init("computedHeight", computed.height)],
                sentence: "its computed size " + traceSize(computed)
                    + " is not a valid layout size (undefined, infinite, negative or 1e7 and more), so it becomes 0 x 0, as in Texture"
            )
        } else if let computed = call.computedSize, computed != call.size {
            rounding = LayoutTrace.Step(
                rule: "pixel.round", child: nil, call: nil,
                values: [
                    .init("computedWidth", computed.width), .init("computedHeight", computed.height),
                    .init("width", call.size.width), .init("height", call.size.height), .init("scale", trace.scale),
                ],
                sentence: "rounded up to the pixel grid (1/" + traceNumber(trace.scale) + " point): " + traceSize(computed)
                    + " -> " + traceSize(call.size))
        }
        return Link(
            element: layout.element, childIndex: childIndex, call: index, constrainedSize: call.constrainedSize,
            parentSize: call.parentSize, resolvedSize: call.resolvedSize,
            frame: layout.frame, fromParent: fromParent,
            style: StyleRangeExplanation.steps(call), own: call.steps.filter { $0.child == nil }, rounding: rounding)
    }
}

extension Layout {
    /// The layouts from this one down to the one of `element`, or nil when the tree does not
    /// hold it.
    public func path(to element: any LayoutElement) -> [Layout]? {
        if self.element === element { return [self] }
        for sublayout in sublayouts {
            if let rest = sublayout.path(to: element) { return [self] + rest }
        }
        return nil
    }
}

extension LayoutExplanation.Link {
    /// `ASStackLayoutSpec (debugName)`: the element's ASCII-art name.
    public var name: String { element.asciiArtName }
}

extension LayoutExplanation {
    /// The chain as text: one paragraph per link, root first.
    public var text: String {
        var lines: [String] = []
        for (depth, link) in links.enumerated() {
            let place =
                depth == 0 ? "the root" : (link.childIndex.map { "child \($0) of " } ?? "the layout of ") + links[depth - 1].name
            lines.append(
                "\(depth). " + link.name + " (" + place + "): " + traceSize(link.frame.size) + " at ("
                    + traceNumber(link.frame.minX) + ", " + traceNumber(link.frame.minY) + ")")
            for step in link.fromParent { lines.append("   < " + step.sentence) }
            lines.append(
                "   given " + traceRange(link.constrainedSize)
                    + (link.parentSize.width.isNaN && link.parentSize.height.isNaN
                        ? "" : "; parent size " + traceSize(link.parentSize)))
            for step in link.style + link.own + (link.rounding.map { [$0] } ?? []) { lines.append("   - " + step.sentence) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
