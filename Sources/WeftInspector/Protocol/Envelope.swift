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
    let paramsRange: Range<Int>?
    let resultRange: Range<Int>?
    let errorRange: Range<Int>?

    /// The integer id, when the message has one.
    public var integerID: Int? { id?.intValue }

    /// The raw bytes of `params` (nil when absent).
    public var paramsBytes: ArraySlice<UInt8>? { paramsRange.map { bytes[$0] } }
    /// The raw bytes of `result` (nil when absent): a pre-encoded body such as a snapshot.
    public var resultBytes: ArraySlice<UInt8>? { resultRange.map { bytes[$0] } }
    public var hasError: Bool { errorRange != nil }

    /// `params` parsed; an absent `params` reads as an empty object.
    public func params() throws(JSONSyntaxError) -> JSONValue {
        guard let paramsRange else { return .object([:]) }
        return try JSONValue.parse(bytes[paramsRange])
    }

    /// `result` parsed (nil when the message has none).
    public func result() throws(JSONSyntaxError) -> JSONValue? {
        guard let resultRange else { return nil }
        return try JSONValue.parse(bytes[resultRange])
    }

    /// The `error` member read as a protocol error (nil when the message has none).
    public func error() -> ProtocolError? {
        guard let errorRange else { return nil }
        guard let value = try? JSONValue.parse(bytes[errorRange]) else {
            return ProtocolError(.internalError, "unreadable error object in a reply")
        }
        return ProtocolError(received: value)
    }

    /// Reads the top-level object of `bytes`. Small members (`id`, `method`, `device`) are
    /// parsed; every other member is skipped (and validated) without building values.
    /// Throws when the message is not one well-formed JSON object.
    public init(reading bytes: [UInt8]) throws(JSONSyntaxError) {
        var scanner = JSONScanner(bytes)
        var id: JSONValue?
        var method: String?
        var device: String?
        var params: Range<Int>?
        var result: Range<Int>?
        var error: Range<Int>?
        try scanner.expect(UInt8(ascii: "{"), "a JSON object")
        if !scanner.consume(UInt8(ascii: "}")) {
            repeat {
                let key = try scanner.parseString()
                try scanner.expect(UInt8(ascii: ":"), "':'")
                switch key {
                case "id":
                    id = try scanner.parseValue()
                case "method", "device":
                    let valueOffset = scanner.position
                    guard case .string(let text) = try scanner.parseValue() else {
                        throw JSONSyntaxError(offset: valueOffset, reason: "\"\(key)\" must be a string")
                    }
                    if key == "method" { method = text } else { device = text }
                case "params": params = try scanner.skipValue()
                case "result": result = try scanner.skipValue()
                case "error": error = try scanner.skipValue()
                default:
                    _ = try scanner.skipValue()
                }
            } while scanner.consume(UInt8(ascii: ","))
            try scanner.expect(UInt8(ascii: "}"), "',' or '}'")
        }
        try scanner.expectEnd()
        self.bytes = bytes
        self.id = id
        self.method = method
        self.device = device
        self.paramsRange = params
        self.resultRange = result
        self.errorRange = error
    }

    /// The integer `id` of a message of which only the first bytes were kept (one that was
    /// too large to accept): senders write `id` first, so it is usually readable.
    public static func leadingID(in head: [UInt8]) -> Int? {
        var scanner = JSONScanner(head)
        guard (try? scanner.expect(UInt8(ascii: "{"), "a JSON object")) != nil else { return nil }
        repeat {
            guard let key = try? scanner.parseString(), (try? scanner.expect(UInt8(ascii: ":"), "':'")) != nil
            else { return nil }
            if key == "id" { return (try? scanner.parseValue())?.intValue }
            guard (try? scanner.skipValue()) != nil else { return nil }
        } while scanner.consume(UInt8(ascii: ","))
        return nil
    }
}
