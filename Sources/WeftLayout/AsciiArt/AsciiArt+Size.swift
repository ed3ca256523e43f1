extension AsciiArt {
    /// The size of a piece of art: every line of a box is as wide as its borders, and names
    /// are printable text on one line, so the art of any element is a rectangle.
    public struct Size: Equatable, Sendable {
        /// The width of every line, in UTF-16 code units.
        public var width: Int
        /// The number of lines.
        public var height: Int

        /// The art's length with its newlines, in UTF-16 code units.
        public var length: Int { height * (width + 1) - 1 }
    }

    /// The size of `element.asciiArtString`, measured without drawing it: a spec's box follows
    /// `LayoutSpec` and `StackLayoutSpec`, anything else is its name. Drawing costs time and
    /// memory in proportion to the art, which can be far larger than the tree (a box pads each
    /// child to the tallest one's height): callers measure first and draw what they can afford.
    public static func size(of element: any LayoutElement) -> Size {
        let nameWidth = width(element.asciiArtName)
        guard let spec = element as? LayoutSpec, !spec.children.isEmpty else { return Size(width: nameWidth, height: 1) }
        let children = spec.children.map(size(of:))
        // Rows narrower than the name are widened to the name and its padding.
        func widened(_ width: Int) -> Int { width < nameWidth ? nameWidth + 2 * padding : width }
        let rows: Size
        switch (spec as? StackLayoutSpec)?.direction ?? .horizontal {
        case .horizontal:
            // `|`, padding, each child and padding, `|`; as tall as the tallest child.
            let width = children.reduce(2 + padding) { $0 + $1.width + padding }
            rows = Size(width: widened(width), height: children.map(\.height).max()!)
        case .vertical:
            // `|`, padding, the widest child (the others centred in it), padding, `|`.
            let widest = children.map(\.width).max()!
            rows = Size(width: widened(widest) + 2 * padding + 2, height: children.reduce(0) { $0 + $1.height })
        }
        return Size(width: Swift.max(rows.width, nameWidth), height: rows.height + 2)
    }
}
