/// Why a JSON document could not be read: the byte offset where reading stopped, the path of
/// the value being read (`roots[0].children[2].frame`) and what was wrong.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum PathComponent: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// Offset of the offending byte from the start of the document.
    public var offset: Int
    /// From the document root to the offending value; empty for the document itself.
    public var path: [PathComponent]
    public var message: String

    public init(offset: Int, path: [PathComponent] = [], message: String) {
        self.offset = offset
        self.path = path
        self.message = message
    }

    /// The path in the layout-json error style: `roots[0].children[2].frame`.
    public var pathString: String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// `roots[0].frame: expected an array, got a string (byte 42)`.
    public var description: String {
        let location = path.isEmpty ? "" : "\(pathString): "
        return "\(location)\(message) (byte \(offset))"
    }

    /// This error as seen from one level up (`component` is where the failing value sat).
    @usableFromInline package func inside(_ component: PathComponent) -> JSONError {
        var error = self
        error.path.insert(component, at: 0)
        return error
    }
}

/// Runs `body`, prefixing the path of any `JSONError` it throws with `component`. The happy path
/// pays nothing for paths: they are built only while an error travels up.
@inlinable @inline(__always)
package func withPath<T>(_ component: @autoclosure () -> JSONError.PathComponent, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as JSONError {
        throw error.inside(component())
    }
}
