/// The stack spec's own settings, copied once per layout pass so the algorithm reads plain
/// values (Texture's ASStackLayoutSpecStyle).
struct StackLayoutStyle {
    var direction: StackLayoutDirection
    var spacing: Double
    var justifyContent: StackLayoutJustifyContent
    var alignItems: StackLayoutAlignItems
    var flexWrap: StackLayoutFlexWrap
    var alignContent: StackLayoutAlignContent
    var lineSpacing: Double
}

/// Differences smaller than this are no violation (Texture's kViolationEpsilon).
let violationEpsilon = 0.01

/// One stack child and the style values the algorithm needs, read once from its style
/// (Texture's ASStackLayoutSpecChild). Ascender and descender are read live from the style:
/// a child vertical stack sets them while it is laid out, after this snapshot is taken.
///
/// The element is unowned(unsafe) (Texture's __unsafe_unretained): the stack keeps the
/// children array it lays out alive for the whole pass. Not retaining it spares an atomic
/// reference count update per child per pass, which showed up in large layouts (each one
/// touches the child object's memory). The style stays a strong reference: an element may
/// compute its `style`, and nothing else would keep such an object alive.
struct StackChild {
    unowned(unsafe) let element: any LayoutElement
    let style: LayoutElementStyle
    /// The style's six size dimensions are all auto (the common case: nothing to resolve).
    let sizeIsAuto: Bool
    let flexGrow: Double
    let flexShrink: Double
    let flexBasis: Dimension
    let alignment: StackLayoutAlignItems
    let spacingBefore: Double
    let spacingAfter: Double

    @inlinable
    init(_ element: any LayoutElement, alignItems: StackLayoutAlignItems) {
        let style = element.style
        let values = style.values
        self.element = element
        self.style = style
        sizeIsAuto = values.size.isAuto
        flexGrow = values.flexGrow
        flexShrink = values.flexShrink
        flexBasis = values.flexBasis
        alignment = StackChild.effectiveAlignment(values.alignSelf, alignItems)
        spacingBefore = values.spacingBefore
        spacingAfter = values.spacingAfter
    }

    /// alignSelf when set, else the stack's alignItems.
    @inlinable
    static func effectiveAlignment(
        _ alignSelf: StackLayoutAlignSelf,
        _ alignItems: StackLayoutAlignItems
    ) -> StackLayoutAlignItems {
        switch alignSelf {
        case .auto: return alignItems
        case .start: return .start
        case .end: return .end
        case .center: return .center
        case .stretch: return .stretch
        }
    }

    /// Grows and shrinks: the one-flexible-child optimisation looks for exactly one such child.
    @inlinable
    var isFlexibleInBothDirections: Bool { flexGrow > 0 && flexShrink > 0 }

    @inlinable
    var isBaselineAligned: Bool { alignment == .baselineFirst || alignment == .baselineLast }

    /// The distance from the cross start to this item's baseline: the ascender for
    /// baselineFirst, cross size + descender for baselineLast, else 0.
    @inlinable
    func baseline(crossSize: Double) -> Double {
        switch alignment {
        case .baselineFirst: return style.ascender
        case .baselineLast: return crossSize + style.descender
        default: return 0
        }
    }
}
