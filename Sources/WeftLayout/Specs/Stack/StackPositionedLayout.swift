/// The second phase of a stack layout (Texture's ASStackPositionedLayout): places the lines
/// across the stack axis (alignContent, lineSpacing) and the items along each line
/// (justifyContent, spacing, spacingBefore/After) and across it (alignItems / alignSelf).
enum StackPositionedLayout {
    /// Sets every layout's position and returns the stack's size: its lines' extent clamped
    /// into the range.
    static func compute(
        _ unpositioned: inout StackUnpositionedLayout, children: [StackChild],
        style: StackLayoutStyle, sizeRange: SizeRange, context: LayoutContext
    ) -> Size {
        let direction = style.direction
        let crossViolation = StackUnpositionedLayout.crossViolation(
            unpositioned.crossDimensionSum, style: style, sizeRange: sizeRange)
        let (linesOffset, linesSpacing) = offsetAndSpacing(
            count: unpositioned.lines.count, violation: crossViolation, distribution: Distribution(style.alignContent))

        var cross = linesOffset
        for (lineIndex, line) in unpositioned.lines.enumerated() {
            if lineIndex > 0 { cross += linesSpacing + style.lineSpacing }
            let stackViolation = StackUnpositionedLayout.stackViolation(
                line.stackDimensionSum, style: style, sizeRange: sizeRange)
            let (stackOffset, stackSpacing) = offsetAndSpacing(
                count: line.items.count, violation: stackViolation, distribution: Distribution(style.justifyContent))
            context.trace?.stackJustified(
                lineIndex, violation: stackViolation, offset: stackOffset, spacing: stackSpacing,
                justify: "\(style.justifyContent)")
            var stack = stackOffset
            for index in line.items {
                let child = children[index]
                stack += child.spacingBefore
                if index != line.items.lowerBound { stack += style.spacing + stackSpacing }
                let size = unpositioned.layouts[index].size
                let itemCross = crossOffset(for: child, itemCross: direction.cross(size), line: line, context: context)
                unpositioned.layouts[index].position = direction.point(stack: stack, cross: cross + itemCross)
                context.trace?.stackPlaced(
                    index, stack: stack, cross: cross + itemCross, crossOffset: itemCross,
                    alignment: child.alignment, spacingBefore: child.spacingBefore,
                    previousSpacingAfter: index == line.items.lowerBound ? 0 : children[index - 1].spacingAfter,
                    gap: index == line.items.lowerBound ? stackOffset : style.spacing + stackSpacing,
                    direction: direction)
                stack += direction.stack(size) + child.spacingAfter
            }
            cross += line.crossSize
        }
        let size = sizeRange.clamp(
            direction.size(
                stack: unpositioned.stackDimensionSum,
                cross: unpositioned.crossDimensionSum))
        context.trace?.stackSized(
            stack: unpositioned.stackDimensionSum, cross: unpositioned.crossDimensionSum,
            range: sizeRange, size: size)
        return size
    }

    /// Where an item sits across its line: end -> line - item; center -> floorPixel of half
    /// the difference; baseline -> line baseline - item baseline; start and stretch -> 0.
    private static func crossOffset(
        for child: StackChild, itemCross: Double, line: StackUnpositionedLayout.Line,
        context: LayoutContext
    ) -> Double {
        switch child.alignment {
        case .end: return line.crossSize - itemCross
        case .center: return context.floorPixel((line.crossSize - itemCross) / 2)
        case .baselineFirst, .baselineLast: return line.baseline - child.baseline(crossSize: itemCross)
        case .start, .stretch: return 0
        }
    }

    /// justifyContent and alignContent share one distribution rule.
    private enum Distribution {
        case start, center, end, spaceBetween, spaceAround

        init(_ justify: StackLayoutJustifyContent) {
            switch justify {
            case .start: self = .start
            case .center: self = .center
            case .end: self = .end
            case .spaceBetween: self = .spaceBetween
            case .spaceAround: self = .spaceAround
            }
        }

        init(_ alignContent: StackLayoutAlignContent) {
            switch alignContent {
            case .start, .stretch: self = .start
            case .center: self = .center
            case .end: self = .end
            case .spaceBetween: self = .spaceBetween
            case .spaceAround: self = .spaceAround
            }
        }
    }

    /// The offset before the first of `count` things and the extra gap between them for a
    /// remaining `violation`. spaceBetween falls back to start and spaceAround to center when
    /// the violation is below 0.01 or there is only one thing; a negative violation (overflow)
    /// gives negative offsets.
    private static func offsetAndSpacing(
        count: Int, violation: Double,
        distribution: Distribution
    ) -> (offset: Double, spacing: Double) {
        var distribution = distribution
        if distribution == .spaceBetween && (violation < violationEpsilon || count == 1) {
            distribution = .start
        } else if distribution == .spaceAround && (violation < violationEpsilon || count == 1) {
            distribution = .center
        }
        switch distribution {
        case .start: return (0, 0)
        case .center: return (violation / 2, 0)
        case .end: return (violation, 0)
        case .spaceBetween: return (0, violation / Double(count - 1))
        case .spaceAround:
            let unit = violation / Double(count * 2)
            return (unit, unit * 2)
        }
    }
}
