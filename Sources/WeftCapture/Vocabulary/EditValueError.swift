import WeftJSON
import WeftSnapshot

/// A value an edit cannot take (`Layout.setStyle` / `Layout.setSpecProperty`): answered with
/// -32011 and this message.
public struct EditValueError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    /// `expected a number, got "big"`.
    static func expected(_ what: String, got value: JSONValue) -> EditValueError {
        EditValueError("expected \(what), got \(value.jsonString)")
    }

    public var description: String { message }
}
