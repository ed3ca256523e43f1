import Foundation

/// One value of a parsed JSON document (JSONSerialization's `Any`) with the path it was found
/// at, read strictly: a number is never a bool, a string never a number, and every mismatch
/// throws a `LayoutDocumentError` naming the path and what was found.
struct JSONField {
    let value: Any
    let path: String

    /// A member path: `root.style` + `width` -> `root.style.width`.
    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    func fail(_ message: String) -> LayoutDocumentError { LayoutDocumentError(path: path, message: message) }

    func mismatch(_ expected: String) -> LayoutDocumentError { fail("expected \(expected), got \(describe(value))") }

    func object() throws -> JSONObject {
        guard let dictionary = value as? [String: Any] else { throw mismatch("an object") }
        return JSONObject(dictionary: dictionary, path: path)
    }

    func array() throws -> [JSONField] {
        guard let array = value as? [Any] else { throw mismatch("an array") }
        return array.enumerated().map { JSONField(value: $1, path: "\(path)[\($0)]") }
    }

    func string() throws -> String {
        guard let string = value as? String else { throw mismatch("a string") }
        return string
    }

    /// A JSON number (not a bool).
    func number() throws -> Double {
        guard let number = value as? NSNumber, !isBoolean(number) else { throw mismatch("a number") }
        return number.doubleValue
    }

    /// A number no smaller than zero.
    func nonNegativeNumber() throws -> Double {
        let number = try number()
        guard number >= 0 else { throw fail("expected a number >= 0, got \(describe(value))") }
        return number
    }

    /// A number or the string `"inf"` (unbounded).
    func numberOrInfinity() throws -> Double {
        if let string = value as? String {
            guard string == "inf" else { throw mismatch("a number or \"inf\"") }
            return .infinity
        }
        guard let number = value as? NSNumber, !isBoolean(number) else { throw mismatch("a number or \"inf\"") }
        return number.doubleValue
    }

    func bool() throws -> Bool {
        guard let number = value as? NSNumber, isBoolean(number) else { throw mismatch("true or false") }
        return number.boolValue
    }

    /// A dimension: a number (points), `"<number>pt"`, `"<number>%"` or `"auto"`.
    func dimension() throws -> Dimension {
        if let string = value as? String {
            do { return try Dimension(parsing: string) } catch { throw fail("\(error)") }
        }
        guard let number = value as? NSNumber, !isBoolean(number) else {
            throw mismatch("a dimension (a number, \"<number>pt\", \"<number>%\" or \"auto\")")
        }
        return .points(number.doubleValue)
    }

    /// An array of exactly `count` elements, each read by `read`.
    func tuple<T>(_ count: Int, _ what: String, _ read: (JSONField) throws -> T) throws -> [T] {
        let items = try array()
        guard items.count == count else { throw fail("expected \(what), got \(items.count) elements") }
        return try items.map(read)
    }

    /// One of the names of `table` (a string).
    func oneOf<T>(_ table: LayoutNameTable<T>) throws -> T {
        let list = table.names.joined(separator: "|")
        guard let string = value as? String else { throw mismatch("one of \(list)") }
        guard let match = table.value(named: string) else {
            throw fail("expected one of \(list), got \(describe(value))")
        }
        return match
    }
}

/// A JSON object with its path: optional and required members, and a check that it has no
/// keys besides the allowed ones.
struct JSONObject {
    let dictionary: [String: Any]
    let path: String

    func field(_ key: String) -> JSONField? {
        dictionary[key].map { JSONField(value: $0, path: JSONField.join(path, key)) }
    }

    func required(_ key: String) throws -> JSONField {
        guard let field = field(key) else {
            throw LayoutDocumentError(path: path, message: "missing required key \"\(key)\"")
        }
        return field
    }

    /// Throws for the first unknown key in alphabetical order (so the message is stable).
    func allowOnly(_ allowed: [String]) throws {
        for key in dictionary.keys.sorted() where !allowed.contains(key) {
            throw LayoutDocumentError(path: JSONField.join(path, key),
                                      message: "unknown key (allowed: \(allowed.joined(separator: ", ")))")
        }
    }
}

/// JSONSerialization gives true/false as NSNumbers of a distinct boolean class.
private let booleanClass: AnyClass = type(of: NSNumber(value: true))

private func isBoolean(_ number: NSNumber) -> Bool { type(of: number) == booleanClass }

/// A short description of a JSON value for error messages: `"big"`, `12`, `true`, `null`,
/// `an object`, `an array`.
private func describe(_ value: Any) -> String {
    switch value {
    case let string as String: return "\"\(string)\""
    case let number as NSNumber: return isBoolean(number) ? (number.boolValue ? "true" : "false") : formatNumber(number.doubleValue)
    case is NSNull: return "null"
    case is [String: Any]: return "an object"
    case is [Any]: return "an array"
    default: return "\(value)"
    }
}
