/// The sentences of a stack's decisions (`LayoutTrace`). The stack code calls these only in a
/// traced pass; every number comes from the engine's own variables at the point of decision.
extension LayoutTrace {
    /// Why a stack child got its cross range: `[0, max]`, or stretched to the stack's min
    /// unless its own min or max (resolved against no parent) takes over.
    static func stackCrossReason(
        _ child: StackChild, crossMin: Double, crossMax: Double,
        direction: StackLayoutDirection
    ) -> String {
        let axis = direction == .horizontal ? "height" : "width"
        guard child.alignment == .stretch else {
            return "across, [0, " + traceNumber(crossMax) + "] (" + alignmentName(child.alignment) + " does not stretch)"
        }
        var reason = "across, the stack's " + axis + " range " + traceSpan(crossMin, crossMax) + " (stretch)"
        if !child.sizeIsAuto {
            let own = child.style.size.resolve(parentSize: .undefined)
            let ownMin = direction.cross(own.min)
            let ownMax = direction.cross(own.max)
            if ownMin != 0 { reason += ", its own min " + axis + " " + traceNumber(ownMin) + " replacing the stack's min" }
            if ownMax != .infinity {
                reason += ", its own max " + axis + " " + traceNumber(ownMax) + " replacing the stack's max"
            }
        }
        return reason
    }

    static func alignmentName(_ alignment: StackLayoutAlignItems) -> String {
        switch alignment {
        case .start: "start"
        case .end: "end"
        case .center: "center"
        case .stretch: "stretch"
        case .baselineFirst: "baselineFirst"
        case .baselineLast: "baselineLast"
        }
    }

    @inline(never)
    func stackMeasured(
        _ index: Int, child: StackChild, stackMin: Double, stackMax: Double, crossMin: Double,
        crossMax: Double, size: Size, direction: StackLayoutDirection
    ) {
        let along = direction == .horizontal ? "width" : "height"
        let basis =
            "flex basis " + StyleRangeExplanation.text(child.flexBasis) + ": " + along + " "
            + traceSpan(stackMin, stackMax)
        noteChild(
            "stack.measure", child: index,
            [
                .init("stackMin", stackMin), .init("stackMax", stackMax), .init("width", size.width),
                .init("height", size.height),
            ],
            "measured with its " + basis + "; "
                + Self.stackCrossReason(child, crossMin: crossMin, crossMax: crossMax, direction: direction)
                + " -> " + traceSize(size))
    }

    @inline(never)
    func stackLineBreak(_ index: Int, line: Int, candidate: Double, stackMax: Double) {
        note(
            "stack.wrap", child: index, [.init("line", Double(line)), .init("needed", candidate), .init("max", stackMax)],
            "starts line \(line + 1): the line would need " + traceNumber(candidate) + " with it, more than the stack's "
                + traceNumber(stackMax))
    }

    @inline(never)
    func stackLine(
        _ line: Int, items: Range<Int>, sum: Double, min: Double, max: Double, violation: Double,
        factorSum: Double, growing: Bool, direction: StackLayoutDirection
    ) {
        let state: String
        if violation > 0 {
            state = traceNumber(violation) + " free (below the min " + traceNumber(min) + ")"
        } else if violation < 0 {
            state = "overflowing by " + traceNumber(-violation) + " (above the max " + traceNumber(max) + ")"
        } else {
            state = "within " + traceSpan(min, max) + ": nothing to flex"
        }
        var sentence =
            "line \(line + 1) (children \(items.lowerBound)...\(items.upperBound - 1)) measures "
            + traceNumber(sum) + " along the stack: " + state
        if abs(violation) >= violationEpsilon {
            sentence +=
                factorSum == 0
                ? "; no child has a flex" + (growing ? "Grow" : "Shrink") + ", so nothing changes"
                : "; total flex" + (growing ? "Grow " : "Shrink ") + traceNumber(factorSum)
        }
        note(
            "stack.line",
            [
                .init("line", Double(line)), .init("first", Double(items.lowerBound)),
                .init("count", Double(items.count)), .init("sum", sum), .init("min", min), .init("max", max),
                .init("violation", violation), .init("factorSum", factorSum),
                .init("horizontal", direction == .horizontal ? 1 : 0),
            ], sentence)
    }

    @inline(never)
    func stackFlexed(
        _ index: Int, growing: Bool, factor: Double, factorSum: Double, violation: Double, share: Double,
        remainder: Double, before: Double, after: Double, direction: StackLayoutDirection
    ) {
        let along = direction == .horizontal ? "width" : "height"
        var sentence: String
        if growing {
            sentence =
                "grows: flexGrow " + traceNumber(factor) + " / " + traceNumber(factorSum) + " of "
                + traceNumber(violation) + " free = " + traceNumber(violation * factor / factorSum)
                + ", rounded down to " + traceNumber(share)
        } else {
            sentence =
                "shrinks by " + traceNumber(-share) + ": its share of the overflow " + traceNumber(-violation)
                + " weighted by size x flexShrink (" + traceNumber(before) + " x " + traceNumber(factor) + ")"
        }
        if remainder != 0 {
            sentence += ", plus the rounding remainder " + traceNumber(remainder) + " (the first flexible child takes it)"
        }
        sentence +=
            "; laid out again with exactly " + along + " " + traceNumber(after)
            + (before + share + remainder < 0 ? " (a size cannot go below 0)" : "")
        noteChild(
            growing ? "stack.flex.grow" : "stack.flex.shrink", child: index,
            [
                .init("factor", factor), .init("factorSum", factorSum), .init("violation", violation),
                .init("share", share), .init("remainder", remainder), .init("before", before), .init("after", after),
            ],
            sentence)
    }

    @inline(never)
    func stackCross(
        _ line: Int, crossSize: Double, contentCross: Double, maxItemCross: Double, maxAscent: Double,
        maxDescent: Double, crossMin: Double, crossMax: Double
    ) {
        var reason = "its tallest child needs " + traceNumber(maxItemCross)
        if maxAscent + maxDescent > 0 {
            reason +=
                ", its baseline-aligned children " + traceNumber(maxAscent) + " above the baseline + "
                + traceNumber(maxDescent) + " below = " + traceNumber(maxAscent + maxDescent)
        }
        if crossSize != contentCross {
            reason += "; clamped into the stack's cross range " + traceSpan(crossMin, crossMax)
        }
        stackCross(line, crossSize: crossSize, baseline: maxAscent, reason: reason)
    }

    @inline(never)
    func stackCross(_ line: Int, crossSize: Double, baseline: Double, reason: String) {
        note(
            "stack.cross", [.init("line", Double(line)), .init("crossSize", crossSize), .init("baseline", baseline)],
            "line \(line + 1) is " + traceNumber(crossSize) + " across: " + reason)
    }

    @inline(never)
    func stackStretched(
        _ index: Int, child: StackChild, lineCross: Double, before: Double, after: Size,
        direction: StackLayoutDirection
    ) {
        let axis = direction == .horizontal ? "height" : "width"
        let result = direction.cross(after)
        var sentence =
            "stretched (" + (child.style.alignSelf == .stretch ? "alignSelf" : "alignItems")
            + " stretch): " + traceNumber(before) + " is less than the line's " + traceNumber(lineCross)
            + ", so it is laid out again with exactly " + axis + " " + traceNumber(lineCross)
        if result != lineCross { sentence += "; its own size rules made it " + traceNumber(result) }
        noteChild(
            "stack.stretch", child: index,
            [.init("before", before), .init("lineCross", lineCross), .init("after", result)], sentence)
    }

    @inline(never)
    func stackPlaced(
        _ index: Int, stack: Double, cross: Double, crossOffset: Double, alignment: StackLayoutAlignItems,
        spacingBefore: Double, previousSpacingAfter: Double, gap: Double, direction: StackLayoutDirection
    ) {
        var sentence = "placed at " + traceNumber(stack) + " along the stack"
        if previousSpacingAfter != 0 {
            sentence += " (after the previous child's spacingAfter " + traceNumber(previousSpacingAfter) + ")"
        }
        if spacingBefore != 0 { sentence += " (spacingBefore " + traceNumber(spacingBefore) + ")" }
        if gap != 0 { sentence += " after a gap of " + traceNumber(gap) }
        sentence += ", " + traceNumber(cross) + " across (" + Self.alignmentName(alignment)
        if crossOffset != 0 { sentence += ": " + traceNumber(crossOffset) + " into its line" }
        sentence += ")"
        note(
            "stack.position", child: index,
            [.init("stack", stack), .init("cross", cross), .init("crossOffset", crossOffset), .init("gap", gap)], sentence)
    }

    @inline(never)
    func stackJustified(_ line: Int, violation: Double, offset: Double, spacing: Double, justify: String) {
        guard violation != 0 || offset != 0 || spacing != 0 else { return }
        note(
            "stack.justify",
            [
                .init("line", Double(line)), .init("violation", violation), .init("offset", offset),
                .init("spacing", spacing),
            ],
            "line \(line + 1) has " + traceNumber(violation) + " left along the stack; justifyContent " + justify
                + " puts " + traceNumber(offset) + " before the first child and " + traceNumber(spacing)
                + " more between children")
    }

    @inline(never)
    func stackSized(stack: Double, cross: Double, range: SizeRange, size: Size) {
        computed(size)
        let unclamped = traceNumber(stack) + " along x " + traceNumber(cross) + " across"
        note(
            "stack.size",
            [
                .init("stackSum", stack), .init("crossSum", cross), .init("width", size.width),
                .init("height", size.height),
            ],
            "its lines take " + unclamped + "; in its range (" + traceRange(range) + ") that is " + traceSize(size))
    }
}
