/// A problem in a layout description, located by its JSON path
/// (`root.children[2].style.flexGrow: expected a number, got "big"`).
public struct LayoutDocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is: `root.children[2].style.flexGrow`; empty for the whole input.
    public var path: String
    /// What is wrong there: `expected a number, got "big"`.
    public var message: String

    /// An error at `path` (empty for the whole input).
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or the message alone for the whole input.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
