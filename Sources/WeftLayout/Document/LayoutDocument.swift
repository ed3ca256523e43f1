import Foundation
import WeftJSON

/// A layout described in JSON (the layout description format of docs/layout-json.md): the
/// element tree it builds, the screen scale and the root's size range. Used by `weft layout`,
/// by tests as fixtures, and by the node runtime's `Layout.evaluate` command.
///
/// ```swift
/// let document = try LayoutDocument(data: json)
/// let layout = document.layout()
/// print(document.encodeOutput(layout))          // frames as JSON
/// print(document.root.element.asciiArtString)   // Texture's ASCII art
/// ```
public struct LayoutDocument {
    /// The screen scale the file asks for (`scale`), if any.
    public var scale: Double?
    /// The root's size range the file asks for (`sizeRange` or `size`), if any.
    public var sizeRange: SizeRange?
    /// The element tree, in input order.
    public var root: Element

    /// The default screen scale when neither the file nor the caller gives one.
    public static let defaultScale: Double = 2
    /// The default size range when neither the file nor the caller gives one: unbounded.
    public static let defaultSizeRange = SizeRange.unconstrained

    /// One element of the file and the layout element built for it.
    public struct Element {
        /// The file's `id`, echoed in the output (null when absent).
        public var id: String?
        /// The file's `type` (`box`, `stack`, ...).
        public var type: String
        /// The element the layout engine lays out.
        public var element: any LayoutElement
        /// The described children in input order: `child` first, then `overlay` /
        /// `background` / `corner`, or the `children` array.
        public var children: [Element]
    }

    /// Decodes a layout description from JSON text. Throws `LayoutDocumentError` with the JSON
    /// path of the first problem.
    public init(data: some Collection<UInt8>) throws {
        do {
            try JSONReader.validate(data)
        } catch let error as JSONError {
            throw LayoutDocumentError(path: "", message: "not valid JSON (\(error))")
        }
        try self.init(wellFormed: data)
    }

    /// Decodes a layout description from JSON text already checked to be well formed
    /// (`JSONReader.validate`), one element at a time: no tree of the whole text is built.
    package init(wellFormed data: some Collection<UInt8>) throws {
        func decode(_ text: UnsafeBufferPointer<UInt8>) throws -> LayoutDocument {
            var decoder = LayoutDocumentDecoder()
            let root = JSONSpan(text: text, range: 0..<text.count, ends: JSONSpan.ContainerEnds())
            // The text's first value: its kind, or its span when it is a container.
            let (value, span) = try JSONSpan.first(in: root)
            return try decoder.decodeDocument(JSONField(value: value, path: "", span: span))
        }
        if let document = try data.withContiguousStorageIfAvailable(decode) {
            self = document
        } else {
            self = try Array(data).withUnsafeBufferPointer(decode)
        }
    }

    /// A document of `root`, optionally with the screen scale and the size range to lay it out in.
    public init(scale: Double? = nil, sizeRange: SizeRange? = nil, root: Element) {
        self.scale = scale
        self.sizeRange = sizeRange
        self.root = root
    }

    /// Lays the root out with the given size range and scale, or the file's, or the defaults.
    /// A fresh computation every time: nothing is cached.
    public func layout(sizeRange: SizeRange? = nil, scale: Double? = nil) -> Layout {
        let range = sizeRange ?? self.sizeRange ?? Self.defaultSizeRange
        let context = LayoutContext(scale: scale ?? self.scale ?? Self.defaultScale)
        return root.element.layoutThatFits(range, parentSize: range.max, context: context)
    }
}
