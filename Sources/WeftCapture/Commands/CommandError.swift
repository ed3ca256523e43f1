import WeftProtocol

/// A device method's failure, answered as the reply's `error` (docs/protocol.md, Errors).
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: Int
    public let message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    // The codes of docs/protocol.md's table, named once in WeftProtocol.
    public static let methodNotFoundCode = ProtocolErrorCode.methodNotFound.rawValue
    public static let invalidParamsCode = ProtocolErrorCode.invalidParams.rawValue
    public static let internalErrorCode = ProtocolErrorCode.internalError.rawValue
    public static let unknownElementCode = ProtocolErrorCode.unknownElement.rawValue
    public static let invalidValueCode = ProtocolErrorCode.invalidEditValue.rawValue

    public static func methodNotFound(_ method: String) -> CommandError {
        CommandError(code: methodNotFoundCode, message: "unknown method \"\(method)\"")
    }

    public static func invalidParams(_ message: String) -> CommandError {
        CommandError(code: invalidParamsCode, message: message)
    }

    /// -32010: no node, spec or range controller has this id.
    public static func unknownElement(_ id: String, _ what: String = "element") -> CommandError {
        CommandError(code: unknownElementCode, message: "no \(what) with id \"\(id)\"")
    }

    public static func invalidValue(_ message: String) -> CommandError {
        CommandError(code: invalidValueCode, message: message)
    }

    public var description: String { "\(code) \(message)" }
}
