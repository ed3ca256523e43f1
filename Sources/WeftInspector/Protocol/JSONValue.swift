/// A parsed JSON value. Incoming requests are small, so the session parses their `params` into
/// this tree; large bodies (snapshots) never pass through it: they stay bytes (see
/// `EnvelopeReader`).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member `key` of an object; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var doubleValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number when it is integral and fits an `Int` (JSON has one number type).
    public var intValue: Int? {
        guard case .number(let value) = self, value.rounded() == value,
              value >= -9.0e18, value <= 9.0e18 else { return nil }
        return Int(value)
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Parses one complete JSON document (nothing but white space may follow it).
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        let buffer = Array(bytes)
        var scanner = JSONScanner(buffer)
        let value = try scanner.parseValue()
        try scanner.expectEnd()
        return value
    }
}
