/// The error codes of docs/protocol.md ("Errors"), named as docs/protocol-vocabulary.json says. A
/// struct rather than an enum because a device or a gateway may answer with codes this client does
/// not name.
public struct ProtocolErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let parseError = ProtocolErrorCode(rawValue: -32700)
    public static let invalidRequest = ProtocolErrorCode(rawValue: -32600)
    public static let methodNotFound = ProtocolErrorCode(rawValue: -32601)
    public static let invalidParams = ProtocolErrorCode(rawValue: -32602)
    public static let internalError = ProtocolErrorCode(rawValue: -32603)
    public static let unknownDevice = ProtocolErrorCode(rawValue: -32000)
    /// The device went away while the request was pending, or is disconnected.
    public static let deviceGone = ProtocolErrorCode(rawValue: -32001)
    public static let timedOut = ProtocolErrorCode(rawValue: -32002)
    public static let unsupportedProtocolVersion = ProtocolErrorCode(rawValue: -32004)
    public static let unknownElement = ProtocolErrorCode(rawValue: -32010)
    public static let invalidEditValue = ProtocolErrorCode(rawValue: -32011)

    public var description: String { String(rawValue) }
}
