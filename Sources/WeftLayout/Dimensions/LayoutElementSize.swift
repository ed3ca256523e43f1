/// The six size dimensions of a layout style (Texture's ASLayoutElementSize): an exact width
/// and height plus minimum and maximum per axis, all auto by default.
public struct LayoutElementSize: Hashable, Sendable, CustomStringConvertible {
    /// The exact width (style.width).
    public var width: Dimension = .auto
    /// The exact height (style.height).
    public var height: Dimension = .auto
    /// The smallest width (style.minWidth).
    public var minWidth: Dimension = .auto
    /// The smallest height (style.minHeight).
    public var minHeight: Dimension = .auto
    /// The largest width (style.maxWidth).
    public var maxWidth: Dimension = .auto
    /// The largest height (style.maxHeight).
    public var maxHeight: Dimension = .auto

    /// A size whose dimensions not given are auto.
    @inlinable
    public init(
        width: Dimension = .auto, height: Dimension = .auto,
        minWidth: Dimension = .auto, minHeight: Dimension = .auto,
        maxWidth: Dimension = .auto, maxHeight: Dimension = .auto
    ) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.minHeight = minHeight
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
    }

    /// True when every dimension is auto: the style does not restrict the size at all, and
    /// resolving it would give the whole auto range.
    @inlinable
    public var isAuto: Bool {
        width.unit == .auto && height.unit == .auto && minWidth.unit == .auto
            && minHeight.unit == .auto && maxWidth.unit == .auto && maxHeight.unit == .auto
    }

    /// The size range this style allows inside a parent of `parentSize`
    /// (ASLayoutElementSizeResolveAutoSize). Per axis: exact = resolve(width, auto NaN),
    /// min = resolve(min, auto autoRange.min), max = resolve(max, auto autoRange.max); then
    /// max <= min -> [min, min]; no exact -> [min, max]; exact > max -> [max, max];
    /// exact < min -> [min, min]; else [exact, exact].
    @inlinable
    public func resolve(parentSize: Size, autoRange: SizeRange = .unconstrained) -> SizeRange {
        let (minW, maxW) = LayoutElementSize.resolveAxis(
            exact: width, min: minWidth, max: maxWidth, parent: parentSize.width,
            autoMin: autoRange.min.width, autoMax: autoRange.max.width)
        let (minH, maxH) = LayoutElementSize.resolveAxis(
            exact: height, min: minHeight, max: maxHeight, parent: parentSize.height,
            autoMin: autoRange.min.height, autoMax: autoRange.max.height)
        return SizeRange(min: Size(width: minW, height: minH), max: Size(width: maxW, height: maxH))
    }

    @inlinable
    static func resolveAxis(
        exact: Dimension, min: Dimension, max: Dimension, parent: Double,
        autoMin: Double, autoMax: Double
    ) -> (Double, Double) {
        let exactValue = exact.resolve(autoSize: .nan, parentSize: parent)
        let minValue = min.resolve(autoSize: autoMin, parentSize: parent)
        let maxValue = max.resolve(autoSize: autoMax, parentSize: parent)
        if maxValue <= minValue { return (minValue, minValue) }
        if exactValue.isNaN { return (minValue, maxValue) }
        if exactValue > maxValue { return (maxValue, maxValue) }
        if exactValue < minValue { return (minValue, minValue) }
        return (exactValue, exactValue)
    }

    /// `<ASLayoutElementSize: exact={25%, Auto}, min={Auto, 50%}, max={200pt, Auto}>`.
    public var description: String {
        "<ASLayoutElementSize: exact=\(LayoutSize(width: width, height: height)), "
            + "min=\(LayoutSize(width: minWidth, height: minHeight)), "
            + "max=\(LayoutSize(width: maxWidth, height: maxHeight))>"
    }
}
