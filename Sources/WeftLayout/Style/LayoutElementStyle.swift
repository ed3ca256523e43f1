/// Told when a property of a style changes (Texture's ASLayoutElementStyleDelegate): a node
/// owning the style invalidates its layout, as a new size or flex value changes it.
public protocol LayoutElementStyleDelegate: AnyObject {
    /// `style` took a value different from the one it had.
    func styleDidChange(_ style: LayoutElementStyle)
}

/// The layout style of one element (Texture's ASLayoutElementStyle): its size dimensions,
/// how it flexes and aligns inside a stack, its baseline metrics and its absolute position.
///
/// A class, like Texture's: an element owns one style and code sets properties on it in place
/// (`node.style.flexGrow = 1`). A style belongs to one layout tree and is not shared across
/// threads.
///
/// Setting a property to a different value tells the `delegate` (a node's style has its node);
/// setting the value it already has does nothing, so code that sets the same values on every
/// layout pass (a stack spec's ascender and descender, a spec block sizing its subnodes) causes
/// no invalidation.
public final class LayoutElementStyle {
    /// Every value in one struct, so the layout code reads a child's whole style with a single
    /// access to the class, and a capture reads a style's values in one access.
    public struct Values: Equatable, Sendable {
        /// The width, height and their minimums and maximums (all `.auto` by default).
        public internal(set) var size = LayoutElementSize()
        /// The share of a stack's free space the element grows by (default 0).
        public internal(set) var flexGrow: Double = 0
        /// The share of a stack's overflow the element shrinks by (default 0).
        public internal(set) var flexShrink: Double = 0
        /// The element's size along the stack before growing or shrinking (default `.auto`: its measured size).
        public internal(set) var flexBasis: Dimension = .auto
        /// Overrides the stack's `alignItems` for this element (default `.auto`).
        public internal(set) var alignSelf: StackLayoutAlignSelf = .auto
        /// The first line's ascender, in points, for baseline alignment.
        public internal(set) var ascender: Double = 0
        /// The last line's descender, in points, for baseline alignment.
        public internal(set) var descender: Double = 0
        /// Extra space before the element in a stack, in points.
        public internal(set) var spacingBefore: Double = 0
        /// Extra space after the element in a stack, in points.
        public internal(set) var spacingAfter: Double = 0
        /// The element's origin in an absolute spec, in points.
        public internal(set) var layoutPosition: Point = .zero

        /// Texture's defaults.
        public init() {}
    }

    /// Whether every property has Texture's default: true for most styles (every spec's, most
    /// nodes'), which a snapshot then writes as nothing. Kept up to date by every change, and
    /// stored before the values: a capture asks every style, and this reads one byte next to
    /// the object's header instead of comparing all of `values` (about 180 bytes, three cache
    /// lines that a big tree's walk rarely finds in cache).
    public var hasDefaultValues: Bool { storedHasDefaultValues }

    /// All the values, read with a single access to the class.
    public var values: Values { storedValues }

    // Unchecked for exclusivity: every access is a whole read or one field's update through
    // the accessors below, none overlaps another, and the check cost more than the read (a
    // capture reads every style). Other modules read them through the accessors above, never
    // inlined there: the attribute holds only in this module, and a read of a final class's
    // stored property from another module is checked at run time.
    @exclusivity(unchecked) private var storedHasDefaultValues = true
    @exclusivity(unchecked) private var storedValues = Values()

    /// Told about every change. Nil for the styles of layout specs. Not retained: a delegate
    /// sets it to nil before it goes away (DisplayNode does in its deinit); one that does not
    /// traps at the next change instead of being called freed. Unowned rather than `weak`: a
    /// weak reference gives its target a side table, which makes every retain and release of
    /// the node slower.
    public unowned var delegate: (any LayoutElementStyleDelegate)?

    /// Stores `newValue` at `field` when it differs from the old value; returns whether it did.
    /// A setter costs a comparison and, on a change, one delegate call (no closure or key path
    /// is made). Setters call the delegate after their access to `values` ended, so the
    /// delegate may read the style.
    @inline(__always)
    private static func update<Value: Equatable>(_ field: inout Value, to newValue: Value) -> Bool {
        guard field != newValue else { return false }
        field = newValue
        return true
    }

    private func didChange() {
        storedHasDefaultValues = storedValues == Values()
        delegate?.styleDidChange(self)
    }

    /// The six size dimensions (width, height, min and max of each).
    public var size: LayoutElementSize {
        get { storedValues.size }
        set { if Self.update(&storedValues.size, to: newValue) { didChange() } }
    }
    /// How much of a stack's positive free space this element takes, relative to its siblings.
    public var flexGrow: Double {
        get { storedValues.flexGrow }
        set { if Self.update(&storedValues.flexGrow, to: newValue) { didChange() } }
    }
    /// How much this element gives up when its stack overflows (Texture's default is 0, not 1).
    public var flexShrink: Double {
        get { storedValues.flexShrink }
        set { if Self.update(&storedValues.flexShrink, to: newValue) { didChange() } }
    }
    /// The initial stack-axis size before flexing; auto means the element's own size.
    public var flexBasis: Dimension {
        get { storedValues.flexBasis }
        set { if Self.update(&storedValues.flexBasis, to: newValue) { didChange() } }
    }
    /// The cross-axis alignment for this child, overriding the stack's alignItems.
    public var alignSelf: StackLayoutAlignSelf {
        get { storedValues.alignSelf }
        set { if Self.update(&storedValues.alignSelf, to: newValue) { didChange() } }
    }
    /// Distance from the top to the first baseline (baselineFirst alignment).
    public var ascender: Double {
        get { storedValues.ascender }
        set { if Self.update(&storedValues.ascender, to: newValue) { didChange() } }
    }
    /// Distance from the last baseline to the bottom, negative below (baselineLast alignment).
    public var descender: Double {
        get { storedValues.descender }
        set { if Self.update(&storedValues.descender, to: newValue) { didChange() } }
    }
    /// Extra stack-axis space before this element.
    public var spacingBefore: Double {
        get { storedValues.spacingBefore }
        set { if Self.update(&storedValues.spacingBefore, to: newValue) { didChange() } }
    }
    /// Extra stack-axis space after this element.
    public var spacingAfter: Double {
        get { storedValues.spacingAfter }
        set { if Self.update(&storedValues.spacingAfter, to: newValue) { didChange() } }
    }
    /// The origin inside an absolute layout spec.
    public var layoutPosition: Point {
        get { storedValues.layoutPosition }
        set { if Self.update(&storedValues.layoutPosition, to: newValue) { didChange() } }
    }

    /// A style with Texture's defaults.
    public init() {}

    // MARK: Size dimensions one by one

    /// The width: points, a fraction of the parent's, or `.auto`.
    public var width: Dimension {
        get { size.width }
        set { size.width = newValue }
    }
    /// The height: points, a fraction of the parent's, or `.auto`.
    public var height: Dimension {
        get { size.height }
        set { size.height = newValue }
    }
    /// The least width.
    public var minWidth: Dimension {
        get { size.minWidth }
        set { size.minWidth = newValue }
    }
    /// The least height.
    public var minHeight: Dimension {
        get { size.minHeight }
        set { size.minHeight = newValue }
    }
    /// The greatest width.
    public var maxWidth: Dimension {
        get { size.maxWidth }
        set { size.maxWidth = newValue }
    }
    /// The greatest height.
    public var maxHeight: Dimension {
        get { size.maxHeight }
        set { size.maxHeight = newValue }
    }

    // MARK: Conveniences

    /// Width and height in points. Reading it with a fractional width or height gives zero
    /// (Texture asserts there); an auto dimension reads as 0.
    public var preferredSize: Size {
        get {
            guard size.width.unit != .fraction, size.height.unit != .fraction else { return .zero }
            return Size(width: size.width.value, height: size.height.value)
        }
        set { preferredLayoutSize = LayoutSize(width: .points(newValue.width), height: .points(newValue.height)) }
    }

    /// Sets minWidth and minHeight in points.
    public func setMinSize(_ minSize: Size) {
        minLayoutSize = LayoutSize(width: .points(minSize.width), height: .points(minSize.height))
    }

    /// Sets maxWidth and maxHeight in points.
    public func setMaxSize(_ maxSize: Size) {
        maxLayoutSize = LayoutSize(width: .points(maxSize.width), height: .points(maxSize.height))
    }

    // Each pair is written as one `size` (one change, not two).

    /// Width and height as dimensions.
    public var preferredLayoutSize: LayoutSize {
        get { LayoutSize(width: size.width, height: size.height) }
        set {
            var size = self.size
            size.width = newValue.width
            size.height = newValue.height
            self.size = size
        }
    }

    /// minWidth and minHeight as dimensions.
    public var minLayoutSize: LayoutSize {
        get { LayoutSize(width: size.minWidth, height: size.minHeight) }
        set {
            var size = self.size
            size.minWidth = newValue.width
            size.minHeight = newValue.height
            self.size = size
        }
    }

    /// maxWidth and maxHeight as dimensions.
    public var maxLayoutSize: LayoutSize {
        get { LayoutSize(width: size.maxWidth, height: size.maxHeight) }
        set {
            var size = self.size
            size.maxWidth = newValue.width
            size.maxHeight = newValue.height
            self.size = size
        }
    }

    /// A new style with the same values and no delegate (for editing without touching the
    /// original).
    public func copy() -> LayoutElementStyle {
        let copy = LayoutElementStyle()
        copy.storedValues = storedValues
        copy.storedHasDefaultValues = storedHasDefaultValues
        return copy
    }
}

extension LayoutElementStyle: CustomStringConvertible {
    /// Texture's description without the address: only the entries that differ from the
    /// defaults, in Texture's order, e.g.
    /// `<ASLayoutElementStyle: minLayoutSize = {414pt, 414pt}; preferredSize = {20%, 50%}>`;
    /// `<ASLayoutElementStyle>` when every value is the default.
    public var description: String {
        var entries: [String] = []
        func isSet(_ size: LayoutSize) -> Bool { size.width.unit != .auto || size.height.unit != .auto }
        if isSet(minLayoutSize) { entries.append("minLayoutSize = \(minLayoutSize)") }
        if isSet(preferredLayoutSize) { entries.append("preferredSize = \(preferredLayoutSize)") }
        if isSet(maxLayoutSize) { entries.append("maxLayoutSize = \(maxLayoutSize)") }
        if alignSelf != .auto { entries.append("alignSelf = \(alignSelf.textureName)") }
        if ascender != 0 { entries.append("ascender = \(formatNumber(ascender))") }
        if descender != 0 { entries.append("descender = \(formatNumber(descender))") }
        if flexBasis != .auto { entries.append("flexBasis = \(flexBasis)") }
        if flexGrow != 0 { entries.append("flexGrow = \(formatNumber(flexGrow))") }
        if flexShrink != 0 { entries.append("flexShrink = \(formatNumber(flexShrink))") }
        if spacingAfter != 0 { entries.append("spacingAfter = \(formatNumber(spacingAfter))") }
        if spacingBefore != 0 { entries.append("spacingBefore = \(formatNumber(spacingBefore))") }
        if layoutPosition != .zero { entries.append("layoutPosition = NSPoint: \(layoutPosition)") }
        if entries.isEmpty { return "<ASLayoutElementStyle>" }
        return "<ASLayoutElementStyle: " + entries.joined(separator: "; ") + ">"
    }
}
