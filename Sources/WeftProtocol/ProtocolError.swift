import WeftJSON

/// An `error` object of a reply: `{"code", "message", "data"?}`.
public struct ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: ProtocolErrorCode
    public let message: String
    /// Optional extra detail, already encoded as JSON (written verbatim into the reply).
    public let data: [UInt8]?

    public init(_ code: ProtocolErrorCode, _ message: String, data: [UInt8]? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var description: String { "\(code.rawValue) \(message)" }

    /// Reads an `error` member received in a reply; a shape that is not an error object
    /// becomes an internal error that says so.
    init(received value: JSONValue) {
        guard let code = value["code"]?.integer else {
            self.init(.internalError, "malformed error object in a reply")
            return
        }
        self.init(ProtocolErrorCode(rawValue: code), value["message"]?.string ?? "")
    }
}
