import WeftLayout

/// A text leaf, Texture's `ASTextNode` (a control, so it can take taps with a target): one font,
/// word wrapping, `maximumNumberOfLines` with tail truncation. Measured with the pluggable
/// `measurer` (DejaVu Sans / Sans Bold metrics by default), so a text measures the same on every
/// machine.
open class TextNode: ControlNode {
    /// `ASTextNode`, the class name snapshots and ASCII art print.
    open override var textureClassName: String { "ASTextNode" }

    /// A text node with `text` in `font` (default the 17-point system font).
    public init(_ text: String = "", font: Font = .system(17)) {
        storedText = text
        storedFont = font
        super.init()
        updateBaselineStyle()
    }

    // Stored unchecked for exclusivity, as DisplayNode's state: a capture reads them.
    /// The text; a change measures the node again.
    public var text: String {
        get { storedText }
        set {
            let oldValue = storedText
            storedText = newValue
            if newValue != oldValue { contentDidChange() }
        }
    }
    @exclusivity(unchecked) private var storedText: String
    /// The font every character is measured in.
    public var font: Font {
        get { storedFont }
        set {
            let oldValue = storedFont
            storedFont = newValue
            if newValue != oldValue { contentDidChange() }
        }
    }
    @exclusivity(unchecked) private var storedFont: Font
    /// The text's colour (default black; it does not change the size).
    public var textColor: Color = .black { didSet { if textColor != oldValue { noteChange() } } }
    /// 0 means unlimited.
    public var maximumNumberOfLines = 0 { didSet { if maximumNumberOfLines != oldValue { contentDidChange() } } }
    /// What ends a truncated last line (default `…`).
    public var truncationToken = "\u{2026}" { didSet { if truncationToken != oldValue { contentDidChange() } } }
    /// Measures the text (default DejaVu Sans and Sans Bold metrics, the same on every machine).
    public var measurer: any TextMeasurer = FontTableMeasurer.dejaVu { didSet { contentDidChange() } }

    /// The last layout and the width it was made for.
    private var cachedLayout: (maxWidth: Double, layout: TextLayout)?

    private var breaker: TextLineBreaker {
        TextLineBreaker(
            measurer: measurer, font: font, maximumNumberOfLines: maximumNumberOfLines, truncationToken: truncationToken)
    }

    /// The text broken into lines for `width`. The last layout, when not truncated, serves
    /// every width from its own width up to the width it was made for: greedy breaking moves
    /// no break for a narrower width that still holds every line (and a wider one could fit
    /// more). So the lines read in the node's bounds (its measured width, rounded up) reuse the
    /// layout measured in the constrained width. (A truncated last line was cut from a longer
    /// one, which a narrower width may break earlier.)
    public func textLayout(forWidth width: Double) -> TextLayout {
        if let cachedLayout {
            let (maxWidth, layout) = cachedLayout
            if maxWidth == width || (maxWidth.isNaN && width.isNaN)
                || (!layout.isTruncated && layout.width <= width && width <= maxWidth)
            {
                return layout
            }
        }
        let layout = breaker.layout(text, maxWidth: width)
        cachedLayout = (width, layout)
        return layout
    }

    /// The lines as drawn in the node's current bounds (before the first layout: unconstrained).
    public var lines: [TextLine] {
        textLayout(forWidth: frame.size.width > 0 ? frame.size.width : .infinity).lines
    }

    /// Whether the text is cut short in the node's current bounds.
    public var isTruncated: Bool {
        textLayout(forWidth: frame.size.width > 0 ? frame.size.width : .infinity).isTruncated
    }

    /// The widest line's width and all lines' height for the text broken at the maximum width.
    open override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        let layout = textLayout(forWidth: constrainedSize.width)
        return Size(width: layout.width, height: layout.height)
    }

    /// The lines the text broke into at the maximum width, for a layout explanation.
    open override func measurementSource(_ maxSize: Size) -> String {
        let layout = textLayout(forWidth: maxSize.width)
        let count = layout.lines.count
        return "its text broken for the max width \(LayoutTrace.format(maxSize.width)): \(count) line\(count == 1 ? "" : "s")"
            + (layout.isTruncated ? ", truncated" : "")
    }

    private func contentDidChange() {
        cachedLayout = nil
        updateBaselineStyle()
        setNeedsLayout()
    }

    /// Baseline alignment in stacks reads the first line's ascender and the last line's
    /// descender (negative, below the baseline) from the style, as ASTextNode sets them.
    private func updateBaselineStyle() {
        let metrics = measurer.lineMetrics(for: font)
        style.ascender = metrics.ascent
        style.descender = -metrics.descent
    }
}
