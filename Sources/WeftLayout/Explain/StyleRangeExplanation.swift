/// How an element's own style size turned the range its parent gave it into the range it laid
/// out in (`resolvedSizeRange`: the given range intersected with the style's resolved range),
/// per axis, including the case a user most often trips on: a style size that has no effect
/// because the parent's range is exact on that axis.
enum StyleRangeExplanation {
    static func steps(_ call: LayoutTrace.Call) -> [LayoutTrace.Step] {
        let size = call.styleSize
        guard let resolved = call.resolvedSize else {
            if size.isAuto { return [] }
            return [
                LayoutTrace.Step(
                    rule: "style.ignored", child: nil, call: nil, values: [],
                    sentence: "its style size (" + describe(size)
                        + ") is ignored: inset, overlay and background specs lay out in the range they are given, as Texture's do"
                )
            ]
        }
        if size.isAuto { return [] }
        let style = size.resolve(parentSize: call.parentSize)
        var steps: [LayoutTrace.Step] = []
        for axis in [Axis.width, .height] {
            let dimensions = axis.dimensions(size)
            guard dimensions.contains(where: { $0.1.unit != .auto }) else { continue }
            steps.append(
                step(
                    axis, dimensions: dimensions, parent: axis.of(call.parentSize),
                    given: (axis.of(call.constrainedSize.min), axis.of(call.constrainedSize.max)),
                    style: (axis.of(style.min), axis.of(style.max)),
                    resolved: (axis.of(resolved.min), axis.of(resolved.max))))
        }
        return steps
    }

    enum Axis {
        case width, height

        func of(_ size: Size) -> Double { self == .width ? size.width : size.height }

        func dimensions(_ size: LayoutElementSize) -> [(String, Dimension)] {
            self == .width
                ? [("width", size.width), ("minWidth", size.minWidth), ("maxWidth", size.maxWidth)]
                : [("height", size.height), ("minHeight", size.minHeight), ("maxHeight", size.maxHeight)]
        }
    }

    private static func step(
        _ axis: Axis, dimensions: [(String, Dimension)], parent: Double,
        given: (Double, Double), style: (Double, Double),
        resolved: (Double, Double)
    ) -> LayoutTrace.Step {
        let name = axis == .width ? "width" : "height"
        let set = dimensions.filter { $0.1.unit != .auto }.map { describe($0.0, $0.1, parent: parent) }
            .joined(separator: ", ")
        let values: [LayoutTrace.Value] = [
            .init("givenMin", given.0), .init("givenMax", given.1), .init("styleMin", style.0), .init("styleMax", style.1),
            .init("min", resolved.0), .init("max", resolved.1), .init("parent", parent),
        ]
        let overlap = Swift.max(given.0, style.0) <= Swift.min(given.1, style.1)
        let rule: String
        let verdict: String
        if resolved == given && style != given && style.0 <= given.0 && style.1 >= given.1 {
            rule = "style.noEffect"
            verdict = "allows all of the given " + name + " " + traceSpan(given.0, given.1) + ": no effect"
        } else if resolved == given && style != given && given.0 == given.1 {
            rule = "style.overridden"
            verdict =
                "has no effect: the parent gave an exact " + name + " of " + traceNumber(given.0)
                + ", and a range the parent fixed wins over the element's own style (the style asks for "
                + traceSpan(style.0, style.1) + "; where they do not overlap the parent's value is kept)"
        } else if !overlap {
            rule = "style.outside"
            verdict =
                "asks for " + traceSpan(style.0, style.1) + ", outside the given " + traceSpan(given.0, given.1)
                + ": the given range wins with its nearest value, " + traceNumber(resolved.0)
        } else if resolved == style {
            rule = "style.won"
            verdict =
                "sets the " + name + ": " + traceSpan(resolved.0, resolved.1) + " (within the given "
                + traceSpan(given.0, given.1) + ")"
        } else {
            rule = "style.narrowed"
            verdict = "narrows the given " + traceSpan(given.0, given.1) + " to " + traceSpan(resolved.0, resolved.1)
        }
        return LayoutTrace.Step(
            rule: rule, child: nil, call: nil, values: values,
            sentence: "style " + set + " " + verdict)
    }

    /// `width 50% of 375 = 187.5`, `minWidth 100`, `width 50% of an unknown parent size (ignored)`.
    private static func describe(_ name: String, _ dimension: Dimension, parent: Double) -> String {
        switch dimension.unit {
        case .auto: return name + " auto"
        case .points: return name + " " + traceNumber(dimension.value)
        case .fraction:
            let percent = text(dimension)
            if parent.isNaN { return name + " " + percent + " of an unknown parent size (undefined, so ignored)" }
            return name + " " + percent + " of " + traceNumber(parent) + " = " + traceNumber(dimension.value * parent)
        }
    }

    private static func describe(_ size: LayoutElementSize) -> String {
        let all = Axis.width.dimensions(size) + Axis.height.dimensions(size)
        return all.filter { $0.1.unit != .auto }.map { $0.0 + " " + text($0.1) }.joined(separator: ", ")
    }

    /// A dimension in layout-json's vocabulary: `10`, `50%`, `auto`.
    static func text(_ dimension: Dimension) -> String {
        switch dimension.unit {
        case .auto: return "auto"
        case .points: return traceNumber(dimension.value)
        case .fraction: return traceNumber(dimension.value * 100) + "%"
        }
    }
}
