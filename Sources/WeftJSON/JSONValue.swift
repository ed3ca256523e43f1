/// A JSON value with ordered objects: the value type of the open-ended parts of a snapshot
/// (`style`, `props`, unknown `meta` keys) and of the general reader and writer.
///
/// Objects keep their key order, so a document read and written again keeps its order, and
/// two values compare equal only when their keys come in the same order.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The number, if this is one.
    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number, if this is one that is integral and fits an `Int` (a JSON-RPC id, a count).
    public var integer: Int? {
        guard case .number(let value) = self, value.rounded() == value, value >= -9.0e18, value <= 9.0e18 else { return nil }
        return Int(value)
    }

    /// The string, if this is one.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, if this is one.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an array.
    public var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, if this is one.
    public var object: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member named `key`, if this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        object?[key]
    }

    /// What reading `number` back gives once written (`JSONWriter.number`): NaN is written
    /// `null`, and the infinities as the snapshot's strings.
    package static func read(_ number: Double) -> JSONValue {
        if number.isNaN { return .null }
        if number.isInfinite { return .string(number < 0 ? "-inf" : "inf") }
        return .number(number)
    }

    /// A name for the kind of value, for error messages (`expected a number, got a string`).
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON object that keeps its members in order. Lookups are linear: snapshot objects are small
/// (a handful of style or prop entries), and order matters more than lookup speed.
public struct JSONObject: Hashable, Sendable, Sequence {
    public struct Entry: Hashable, Sendable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var entries: [Entry]

    public init() {
        entries = []
    }

    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }
    public var keys: [String] { entries.map(\.key) }

    public func makeIterator() -> IndexingIterator<[Entry]> {
        entries.makeIterator()
    }

    public func index(forKey key: String) -> Int? {
        entries.firstIndex { $0.key == key }
    }

    /// Reading gives the member's value; writing replaces it in place, appends a new key at the
    /// end, or removes the key when given nil.
    public subscript(key: String) -> JSONValue? {
        get {
            for entry in entries where entry.key == key { return entry.value }
            return nil
        }
        set {
            if let index = index(forKey: key) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append(Entry(key: key, value: newValue))
            }
        }
    }

    /// Appends without checking for an existing key: for builders that know their keys are new
    /// (capture, the decoder after its duplicate check).
    public mutating func append(key: String, value: JSONValue) {
        entries.append(Entry(key: key, value: value))
    }

    /// Inserts a member at `index` without checking for an existing key (see `append`).
    public mutating func insert(key: String, value: JSONValue, at index: Int) {
        entries.insert(Entry(key: key, value: value), at: index)
    }

    /// Replaces the value of the member at `index`, keeping its key and place.
    public mutating func replaceValue(at index: Int, with value: JSONValue) {
        entries[index].value = value
    }

    public mutating func reserveCapacity(_ capacity: Int) {
        entries.reserveCapacity(capacity)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Keeps the literal's order: `["flexGrow": 1, "width": "50%"]`.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        entries = elements.map { Entry(key: $0.0, value: $0.1) }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Entry(key: $0.0, value: $0.1) }))
    }
}
