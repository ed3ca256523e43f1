/// Lays children out in a row or a column with flexbox-like rules, exactly as Texture's
/// ASStackLayoutSpec does (docs/texture-semantics.md section 3): Texture's defaults (flexShrink 0,
/// alignItems stretch), one flex pass, optional wrapping into lines, baseline alignment.
///
/// ```swift
/// let row = StackLayoutSpec(direction: .horizontal, spacing: 8, alignItems: .center,
///                           children: [avatar, text])
/// ```
public final class StackLayoutSpec: LayoutSpec {
    /// The axis children are laid along. Changing it re-applies horizontal/verticalAlignment.
    public var direction: StackLayoutDirection {
        didSet {
            if direction != oldValue {
                resolveHorizontalAlignment()
                resolveVerticalAlignment()
            }
        }
    }
    /// Space between adjacent children on the stack axis.
    public var spacing: Double
    /// Distribution along the stack axis.
    public var justifyContent: StackLayoutJustifyContent
    /// Alignment across the stack axis (children may override with alignSelf).
    public var alignItems: StackLayoutAlignItems
    /// Whether children wrap into several lines.
    public var flexWrap: StackLayoutFlexWrap
    /// Distribution of the lines across the stack axis (wrapping stacks).
    public var alignContent: StackLayoutAlignContent
    /// Space between lines (wrapping stacks).
    public var lineSpacing: Double
    /// Screen-x alignment: sets justifyContent (horizontal stack) or alignItems (vertical).
    public var horizontalAlignment: HorizontalAlignment = .none {
        didSet { if horizontalAlignment != oldValue { resolveHorizontalAlignment() } }
    }
    /// Screen-y alignment: sets alignItems (horizontal stack) or justifyContent (vertical).
    public var verticalAlignment: VerticalAlignment = .none {
        didSet { if verticalAlignment != oldValue { resolveVerticalAlignment() } }
    }

    /// A stack with Texture's defaults: horizontal, no spacing, start, stretch, no wrapping.
    public init(
        direction: StackLayoutDirection = .horizontal, spacing: Double = 0,
        justifyContent: StackLayoutJustifyContent = .start, alignItems: StackLayoutAlignItems = .stretch,
        flexWrap: StackLayoutFlexWrap = .noWrap, alignContent: StackLayoutAlignContent = .start,
        lineSpacing: Double = 0, children: [any LayoutElement] = []
    ) {
        self.direction = direction
        self.spacing = spacing
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.flexWrap = flexWrap
        self.alignContent = alignContent
        self.lineSpacing = lineSpacing
        super.init(children: children)
    }

    /// A vertical stack with Texture's defaults.
    public static func vertical(children: [any LayoutElement] = []) -> StackLayoutSpec {
        StackLayoutSpec(direction: .vertical, children: children)
    }

    /// A horizontal stack with Texture's defaults.
    public static func horizontal(children: [any LayoutElement] = []) -> StackLayoutSpec {
        StackLayoutSpec(direction: .horizontal, children: children)
    }

    /// `ASStackLayoutSpec`.
    public override var textureClassName: String { LayoutSpecType.stack.textureClassName }

    /// A box in the stack's own direction.
    public override var asciiArtString: String {
        AsciiArt.box(name: asciiArtName, children: children.map(\.asciiArtString), direction: direction)
    }

    /// No children: the range's minimum. Otherwise the unpositioned phase (measure, lines,
    /// flex, stretch) and the positioned phase. A vertical stack then takes its first child's
    /// ascender and its last child's descender as its own.
    public override func calculateLayoutThatFits(_ constrainedSize: SizeRange, context: LayoutContext) -> Layout {
        // This local copy keeps the children alive for the pass even if layout code replaces
        // `self.children` meanwhile (StackChild does not retain its element).
        let children = self.children
        if children.isEmpty {
            return Layout(element: self, size: constrainedSize.min, context: context)
        }
        let style = StackLayoutStyle(
            direction: direction, spacing: spacing, justifyContent: justifyContent,
            alignItems: alignItems, flexWrap: flexWrap, alignContent: alignContent,
            lineSpacing: lineSpacing)
        let alignItems = self.alignItems
        let stackChildren = children.map { StackChild($0, alignItems: alignItems) }
        var unpositioned = StackUnpositionedLayout.compute(
            children: stackChildren, style: style,
            sizeRange: constrainedSize, context: context)
        let size = StackPositionedLayout.compute(
            &unpositioned, children: stackChildren, style: style,
            sizeRange: constrainedSize, context: context)
        if direction == .vertical {
            self.style.ascender = stackChildren[0].style.ascender
            self.style.descender = stackChildren[stackChildren.count - 1].style.descender
        }
        let layout = Layout(element: self, size: size, sublayouts: unpositioned.layouts, context: context)
        withExtendedLifetime(children) {}
        return layout
    }

    private func resolveHorizontalAlignment() {
        if direction == .horizontal {
            justifyContent = horizontalAlignment.justifyContent ?? justifyContent
        } else {
            alignItems = horizontalAlignment.alignItems ?? alignItems
        }
    }

    private func resolveVerticalAlignment() {
        if direction == .horizontal {
            alignItems = verticalAlignment.alignItems ?? alignItems
        } else {
            justifyContent = verticalAlignment.justifyContent ?? justifyContent
        }
    }
}

extension HorizontalAlignment {
    /// left -> start, middle -> center, right -> end; none keeps the current value.
    var justifyContent: StackLayoutJustifyContent? {
        switch self {
        case .none: return nil
        case .left: return .start
        case .middle: return .center
        case .right: return .end
        }
    }

    var alignItems: StackLayoutAlignItems? {
        switch self {
        case .none: return nil
        case .left: return .start
        case .middle: return .center
        case .right: return .end
        }
    }
}

extension VerticalAlignment {
    /// top -> start, center -> center, bottom -> end; none keeps the current value.
    var justifyContent: StackLayoutJustifyContent? {
        switch self {
        case .none: return nil
        case .top: return .start
        case .center: return .center
        case .bottom: return .end
        }
    }

    var alignItems: StackLayoutAlignItems? {
        switch self {
        case .none: return nil
        case .top: return .start
        case .center: return .center
        case .bottom: return .end
        }
    }
}
