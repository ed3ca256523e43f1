import WeftJSON

/// One received message with its top-level envelope members read and its bodies (`params`,
/// `result`, `error`) left as byte ranges into `bytes`, so a multi-megabyte snapshot reply is
/// scanned once and never copied into a tree of values.
public struct Envelope: Sendable {
    /// The whole message as received.
    public let bytes: [UInt8]
    /// The `id` member when it is present (any JSON value; requests need a positive integer).
    public let id: JSONValue?
    public let method: String?
    public let device: String?
    /// A forwarded request's `expiresAt`: the gateway's wall clock, in milliseconds since the
    /// Unix epoch, at which the gateway answers it with -32002 itself (nil from an older
    /// gateway, or when it is not a number).
    public let expiresAt: Double?
    let paramsRange: Range<Int>?
    let resultRange: Range<Int>?
    let errorRange: Range<Int>?

    /// The integer id, when the message has one.
    public var integerID: Int? { id?.integer }

    /// The raw bytes of `params` (nil when absent).
    public var paramsBytes: ArraySlice<UInt8>? { paramsRange.map { bytes[$0] } }
    /// The raw bytes of `result` (nil when absent): a pre-encoded body such as a snapshot.
    public var resultBytes: ArraySlice<UInt8>? { resultRange.map { bytes[$0] } }
    public var hasError: Bool { errorRange != nil }

    /// `params` parsed; an absent `params` reads as an empty object.
    public func params() throws -> JSONValue {
        guard let paramsRange else { return .object([:]) }
        return try JSONReader.parse(bytes[paramsRange])
    }

    /// `result` parsed (nil when the message has none).
    public func result() throws -> JSONValue? {
        guard let resultRange else { return nil }
        return try JSONReader.parse(bytes[resultRange])
    }

    /// The `error` member read as a protocol error (nil when the message has none).
    public func error() -> ProtocolError? {
        guard let errorRange else { return nil }
        guard let value = try? JSONReader.parse(bytes[errorRange]) else {
            return ProtocolError(.internalError, "unreadable error object in a reply")
        }
        return ProtocolError(received: value)
    }

    /// Reads the top-level object of `bytes` with WeftJSON's reader. Small members
    /// (`id`, `method`, `device`, `expiresAt`) are parsed; every other member is skipped (and validated)
    /// without building values. Throws a `JSONError` when the message is not one well-formed
    /// JSON object.
    public init(reading bytes: [UInt8]) throws {
        var id: JSONValue?
        var method: String?
        var device: String?
        var expiresAt: Double?
        var params: Range<Int>?
        var result: Range<Int>?
        var error: Range<Int>?
        try JSONReader.forEachMember(in: bytes) { key, value in
            switch key {
            case "id":
                id = try value.read()
            case "method", "device":
                let offset = value.offset
                guard let text = try value.read().string else {
                    throw JSONError(offset: offset, path: [.key(key)], message: "\"\(key)\" must be a string")
                }
                if key == "method" { method = text } else { device = text }
            case "expiresAt": expiresAt = try value.read().number
            case "params": params = try value.skip()
            case "result": result = try value.skip()
            case "error": error = try value.skip()
            default: break
            }
            return true
        }
        self.bytes = bytes
        self.id = id
        self.method = method
        self.device = device
        self.expiresAt = expiresAt
        self.paramsRange = params
        self.resultRange = result
        self.errorRange = error
    }

    /// The integer `id` of a message of which only the first bytes were kept (one that was
    /// too large to accept): senders write `id` first, so it is usually readable.
    public static func leadingID(in head: [UInt8]) -> Int? {
        var id: Int?
        try? JSONReader.forEachMember(in: head) { key, value in
            guard key == "id" else { return true }
            id = try value.read().integer
            return false
        }
        return id
    }
}
