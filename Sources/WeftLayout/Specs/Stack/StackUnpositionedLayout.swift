/// The first phase of a stack layout (Texture's ASStackUnpositionedLayout): every child is
/// measured, broken into lines, flexed along the stack axis and stretched across it. Nothing
/// is positioned yet; `StackPositionedLayout` does that.
struct StackUnpositionedLayout {
    /// One line of a stack: a run of consecutive items (all items when the stack does not wrap).
    struct Line {
        var items: Range<Int>
        /// Sum of the items' stack sizes, their spacingBefore/After and the spacing between them.
        var stackDimensionSum = 0.0
        /// The line's extent across the stack axis.
        var crossSize = 0.0
        /// The largest distance from the line's cross start to a baseline-aligned item's baseline.
        var baseline = 0.0
    }

    /// The children's layouts, in child order (sizes final, positions not yet set).
    var layouts: [Layout]
    var lines: [Line]
    /// The longest line.
    var stackDimensionSum: Double
    /// All lines' cross sizes plus the line spacing between them.
    var crossDimensionSum: Double

    static func compute(
        children: [StackChild], style: StackLayoutStyle, sizeRange: SizeRange,
        context: LayoutContext
    ) -> StackUnpositionedLayout {
        let direction = style.direction
        // A definite size on an axis is passed to children so they can resolve percentages.
        let parentSize = Size(
            width: sizeRange.min.width == sizeRange.max.width ? sizeRange.min.width : .nan,
            height: sizeRange.min.height == sizeRange.max.height ? sizeRange.min.height : .nan)
        let crossMin = direction.cross(sizeRange.min)
        let crossMax = direction.cross(sizeRange.max)

        // With exactly one child that both grows and shrinks and an exact stack-axis size, that
        // child is only ever laid out by the flex (or stretch) pass: it gets a 0x0 placeholder.
        var flexibleCount = 0
        for child in children where child.isFlexibleInBothDirections { flexibleCount += 1 }
        let optimizedFlexing =
            flexibleCount == 1
            && direction.stack(sizeRange.min) == direction.stack(sizeRange.max)

        // First pass: each child with the stack-axis range of its flex basis ([0, inf] when auto).
        let parentStack = direction.stack(parentSize)
        var layouts: [Layout] = []
        layouts.reserveCapacity(children.count)
        for (index, child) in children.enumerated() {
            if optimizedFlexing && child.isFlexibleInBothDirections {
                layouts.append(Layout(element: child.element, exactSize: .zero))
                context.trace?.note(
                    "stack.placeholder", child: index, [],
                    "the only child that both grows and shrinks in an exact-length stack: not measured first, the flex pass sizes it"
                )
            } else {
                let stackMin = child.flexBasis.resolve(autoSize: 0, parentSize: parentStack)
                let stackMax = child.flexBasis.resolve(autoSize: .infinity, parentSize: parentStack)
                layouts.append(
                    child.layout(
                        stackMin: stackMin, stackMax: stackMax, crossMin: crossMin, crossMax: crossMax,
                        direction: direction, parentSize: parentSize, context: context))
                context.trace?.stackMeasured(
                    index, child: child, stackMin: stackMin, stackMax: stackMax,
                    crossMin: crossMin, crossMax: crossMax, size: layouts[index].size,
                    direction: direction)
            }
        }

        var result = StackUnpositionedLayout(
            layouts: layouts,
            lines: collectLines(
                children: children, layouts: layouts, style: style, sizeRange: sizeRange,
                trace: context.trace),
            stackDimensionSum: 0, crossDimensionSum: 0)
        for index in result.lines.indices {
            result.flexLine(
                index, children: children, style: style, sizeRange: sizeRange,
                parentSize: parentSize, optimizedFlexing: optimizedFlexing, context: context)
        }
        result.computeLinesCrossSizeAndBaseline(
            children: children, style: style, sizeRange: sizeRange,
            trace: context.trace)
        result.stretchLines(
            children: children, style: style, sizeRange: sizeRange,
            parentSize: parentSize, context: context)
        for index in result.lines.indices {
            let sum = stackDimensionSum(
                of: result.lines[index].items, children: children,
                layouts: result.layouts, style: style)
            result.lines[index].stackDimensionSum = sum
            result.stackDimensionSum = foundationMax(sum, result.stackDimensionSum)
        }
        result.crossDimensionSum = result.linesCrossDimensionSum(style: style)
        return result
    }

    // MARK: Lines

    /// noWrap: one line. wrap: a new line starts when adding the next item (with its
    /// spacingBefore/After and the stack spacing) would overflow the stack-axis max, unless
    /// the current line is empty.
    private static func collectLines(
        children: [StackChild], layouts: [Layout], style: StackLayoutStyle,
        sizeRange: SizeRange, trace: LayoutTrace?
    ) -> [Line] {
        if style.flexWrap == .noWrap || children.isEmpty { return [Line(items: 0..<children.count)] }
        let stackMax = style.direction.stack(sizeRange.max)
        var lines: [Line] = []
        var lineStart = 0
        var lineSum = 0.0
        for index in children.indices {
            let child = children[index]
            let extent = child.spacingBefore + style.direction.stack(layouts[index].size) + child.spacingAfter
            let lineIsEmpty = index == lineStart
            let candidate = lineIsEmpty ? extent : lineSum + style.spacing + extent
            if candidate > stackMax && !lineIsEmpty {
                trace?.stackLineBreak(index, line: lines.count + 1, candidate: candidate, stackMax: stackMax)
                lines.append(Line(items: lineStart..<index))
                lineStart = index
                lineSum = extent
            } else {
                lineSum = candidate
            }
        }
        lines.append(Line(items: lineStart..<children.count))
        return lines
    }

    /// Spacing between the items, their spacingBefore/After and their stack sizes.
    static func stackDimensionSum(
        of items: Range<Int>, children: [StackChild], layouts: [Layout],
        style: StackLayoutStyle
    ) -> Double {
        var sum = items.isEmpty ? 0 : style.spacing * Double(items.count - 1)
        for index in items { sum += children[index].spacingBefore + children[index].spacingAfter }
        for index in items { sum += style.direction.stack(layouts[index].size) }
        return sum
    }

    /// How far `sum` is from the range on the stack axis: positive below min, negative above max.
    static func stackViolation(_ sum: Double, style: StackLayoutStyle, sizeRange: SizeRange) -> Double {
        violation(sum, min: style.direction.stack(sizeRange.min), max: style.direction.stack(sizeRange.max))
    }

    /// How far `sum` is from the range on the cross axis.
    static func crossViolation(_ sum: Double, style: StackLayoutStyle, sizeRange: SizeRange) -> Double {
        violation(sum, min: style.direction.cross(sizeRange.min), max: style.direction.cross(sizeRange.max))
    }

    private static func violation(_ sum: Double, min: Double, max: Double) -> Double {
        if sum < min { return min - sum }
        if sum > max { return max - sum }
        return 0
    }

    func linesCrossDimensionSum(style: StackLayoutStyle) -> Double {
        var sum = style.lineSpacing * Double(max(0, lines.count - 1))
        for line in lines { sum += line.crossSize }
        return sum
    }

    // MARK: Flex

    /// Resolves a line's stack-axis violation in one pass (no CSS freeze loop). Growing: each
    /// item gets floor(v x grow / totalGrow). Shrinking: each gets -|v x size x shrink /
    /// sum(size x shrink)|. The rounding remainder goes to the first adjusted item when it grows.
    private mutating func flexLine(
        _ lineIndex: Int, children: [StackChild], style: StackLayoutStyle,
        sizeRange: SizeRange, parentSize: Size, optimizedFlexing: Bool,
        context: LayoutContext
    ) {
        let items = lines[lineIndex].items
        let direction = style.direction
        let violation = Self.stackViolation(
            Self.stackDimensionSum(of: items, children: children, layouts: layouts, style: style),
            style: style, sizeRange: sizeRange)
        let growing = violation > 0
        var factorSum = 0.0
        if abs(violation) >= violationEpsilon {
            for index in items { factorSum += growing ? children[index].flexGrow : children[index].flexShrink }
        }
        let crossMin = direction.cross(sizeRange.min)
        let crossMax = direction.cross(sizeRange.max)
        context.trace?.stackLine(
            lineIndex, items: items,
            sum: Self.stackDimensionSum(of: items, children: children, layouts: layouts, style: style),
            min: direction.stack(sizeRange.min), max: direction.stack(sizeRange.max),
            violation: violation, factorSum: factorSum, growing: growing, direction: direction)
        if factorSum == 0 {
            // Nothing can flex; the optimised child still needs a real layout, at zero length.
            if optimizedFlexing {
                for index in items where children[index].isFlexibleInBothDirections {
                    layouts[index] = children[index].layout(
                        stackMin: 0, stackMax: 0, crossMin: crossMin, crossMax: crossMax,
                        direction: direction, parentSize: parentSize, context: context)
                    context.trace?.noteChild(
                        "stack.flex.zero", child: index, [],
                        "nothing flexes on its line, so it is laid out at length 0 -> "
                            + traceSize(layouts[index].size))
                }
            }
            return
        }

        var scaledShrinkSum = 0.0
        if !growing {
            for index in items {
                scaledShrinkSum += direction.stack(layouts[index].size) * (children[index].flexShrink / factorSum)
            }
        }
        func adjustment(_ index: Int) -> Double {
            let child = children[index]
            if growing { return (violation * (child.flexGrow / factorSum)).rounded(.down) }
            if scaledShrinkSum == 0 { return 0 }
            let scaled = direction.stack(layouts[index].size) * (child.flexShrink / factorSum)
            return -abs(scaled / scaledShrinkSum * violation)
        }

        var remainingViolation = violation
        var firstFlexItem: Int?
        for index in items {
            let amount = adjustment(index)
            remainingViolation -= amount
            if firstFlexItem == nil && amount != 0 { firstFlexItem = index }
        }
        guard let firstFlexItem else { return }

        for index in items {
            let amount = adjustment(index)
            guard amount != 0 else { continue }
            let child = children[index]
            let remainder = index == firstFlexItem && child.flexGrow > 0 ? remainingViolation : 0
            let before = direction.stack(layouts[index].size)
            let flexed = max(before + amount + remainder, 0)
            layouts[index] = child.layout(
                stackMin: flexed, stackMax: flexed, crossMin: crossMin, crossMax: crossMax,
                direction: direction, parentSize: parentSize, context: context)
            context.trace?.stackFlexed(
                index, growing: growing, factor: growing ? child.flexGrow : child.flexShrink,
                factorSum: factorSum, violation: violation, share: amount, remainder: remainder,
                before: before, after: flexed, direction: direction)
        }
    }

    // MARK: Cross axis

    /// A single line with a definite cross size takes it. Otherwise a line is as tall as its
    /// baseline-aligned items need (max ascent + max descent) or its tallest other item, and a
    /// single line is clamped to the cross range.
    private mutating func computeLinesCrossSizeAndBaseline(
        children: [StackChild], style: StackLayoutStyle,
        sizeRange: SizeRange, trace: LayoutTrace?
    ) {
        let direction = style.direction
        let crossMin = direction.cross(sizeRange.min)
        let crossMax = direction.cross(sizeRange.max)
        let isSingleLine = lines.count == 1
        if isSingleLine && crossMin == crossMax {
            lines[0].crossSize = crossMin
            for index in lines[0].items where children[index].isBaselineAligned {
                let baseline = children[index].baseline(crossSize: direction.cross(layouts[index].size))
                lines[0].baseline = foundationMax(lines[0].baseline, baseline)
            }
            trace?.stackCross(
                0, crossSize: crossMin, baseline: lines[0].baseline,
                reason: "the stack's one line takes its exact cross size")
            return
        }
        for lineIndex in lines.indices {
            var maxAscent = 0.0
            var maxDescent = 0.0
            var maxItemCross = 0.0
            for index in lines[lineIndex].items {
                let cross = direction.cross(layouts[index].size)
                if children[index].isBaselineAligned {
                    let baseline = children[index].baseline(crossSize: cross)
                    maxAscent = foundationMax(maxAscent, baseline)
                    maxDescent = foundationMax(maxDescent, cross - baseline)
                } else {
                    maxItemCross = foundationMax(maxItemCross, cross)
                }
            }
            let contentCross = foundationMax(maxAscent + maxDescent, maxItemCross)
            var crossSize = contentCross
            if isSingleLine { crossSize = foundationMin(foundationMax(crossMin, crossSize), crossMax) }
            lines[lineIndex].crossSize = crossSize
            lines[lineIndex].baseline = maxAscent
            trace?.stackCross(
                lineIndex, crossSize: crossSize, contentCross: contentCross, maxItemCross: maxItemCross,
                maxAscent: maxAscent, maxDescent: maxDescent, crossMin: crossMin, crossMax: crossMax)
        }
    }

    /// alignContent stretch grows each of several lines by an equal share of a positive cross
    /// violation; then stretch-aligned items shorter than their line are laid out again with
    /// their stack size and exactly the line's cross size.
    private mutating func stretchLines(
        children: [StackChild], style: StackLayoutStyle, sizeRange: SizeRange,
        parentSize: Size, context: LayoutContext
    ) {
        let direction = style.direction
        let violation = Self.crossViolation(linesCrossDimensionSum(style: style), style: style, sizeRange: sizeRange)
        let stretchLines = lines.count > 1 && style.alignContent == .stretch && violation > violationEpsilon
        let extraPerLine = violation / Double(lines.count)
        for lineIndex in lines.indices {
            if stretchLines {
                lines[lineIndex].crossSize += extraPerLine
                context.trace?.note(
                    "stack.alignContent.stretch", [.init("line", Double(lineIndex)), .init("extra", extraPerLine)],
                    "alignContent stretch gives line \(lineIndex + 1) an equal share of the free cross space: +"
                        + traceNumber(extraPerLine))
            }
            let lineCross = lines[lineIndex].crossSize
            for index in lines[lineIndex].items where children[index].alignment == .stretch {
                let size = layouts[index].size
                if lineCross - direction.cross(size) > violationEpsilon {
                    let stack = direction.stack(size)
                    layouts[index] = children[index].layout(
                        stackMin: stack, stackMax: stack, crossMin: lineCross, crossMax: lineCross,
                        direction: direction, parentSize: parentSize, context: context)
                    context.trace?.stackStretched(
                        index, child: children[index], lineCross: lineCross,
                        before: direction.cross(size), after: layouts[index].size,
                        direction: direction)
                }
            }
        }
    }
}
