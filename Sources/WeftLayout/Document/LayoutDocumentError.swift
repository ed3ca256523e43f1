/// A problem in a layout description, located by its JSON path
/// (`root.children[2].style.flexGrow: expected a number, got "big"`).
public struct LayoutDocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is: `root.children[2].style.flexGrow`; empty for the whole input.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
