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
    public init(data: Data) throws {
        let json: JSONValue
        do {
            json = try JSONReader.parse(data)
        } catch let error as JSONError {
            throw LayoutDocumentError(path: "", message: "not valid JSON (\(error))")
        }
        try self.init(json: json)
    }

    /// Decodes a layout description from an already parsed JSON value.
    public init(json: JSONValue) throws {
        var decoder = LayoutDocumentDecoder()
        self = try decoder.decodeDocument(JSONField(value: json, path: ""))
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
