import WeftJSON

/// One value of a parsed JSON document with the path it was found at, read strictly: a number
/// is never a bool, a string never a number, and every mismatch throws a `LayoutDocumentError`
/// naming the path and what was found.
struct JSONField {
    /// The value; for a container not read yet, an empty one of its kind.
    let value: JSONValue
    let path: String
    /// Where a container that holds elements is in the text, read when asked for.
    var span: JSONSpan? = nil

    /// A member path: `root.style` + `width` -> `root.style.width`.
    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    func fail(_ message: String) -> LayoutDocumentError { LayoutDocumentError(path: path, message: message) }

    func mismatch(_ expected: String) -> LayoutDocumentError { fail("expected \(expected), got \(describe(value))") }

    func object() throws -> JSONObjectField {
        guard case .object(let object) = value else { throw mismatch("an object") }
        guard let span else { return JSONObjectField(object: object, path: path) }
        let (members, spans) = try span.members()
        return JSONObjectField(object: members, path: path, spans: spans)
    }

    /// The elements, each made with its path as it is read: a stack's children can number
    /// 100 000, and their fields need not exist all at once.
    func array() throws -> LazyMapCollection<Range<Int>, JSONField> {
        guard case .array(let array) = value else { throw mismatch("an array") }
        guard let span else {
            return array.indices.lazy.map { [path] in JSONField(value: array[$0], path: "\(path)[\($0)]") }
        }
        let elements = try span.elements()
        return elements.indices.lazy.map { [path] in
            JSONField(value: elements[$0].value, path: "\(path)[\($0)]", span: elements[$0].span)
        }
    }

    func string() throws -> String {
        guard case .string(let string) = value else { throw mismatch("a string") }
        return string
    }

    /// A JSON number (not a bool).
    func number() throws -> Double {
        guard case .number(let number) = value else { throw mismatch("a number") }
        return number
    }

    /// A number no smaller than zero.
    func nonNegativeNumber() throws -> Double {
        let number = try number()
        guard number >= 0 else { throw fail("expected a number >= 0, got \(describe(value))") }
        return number
    }

    /// A number or the string `"inf"` (unbounded).
    func numberOrInfinity() throws -> Double {
        switch value {
        case .string("inf"): return .infinity
        case .number(let number): return number
        default: throw mismatch("a number or \"inf\"")
        }
    }

    func bool() throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch("true or false") }
        return flag
    }

    /// A dimension: a number (points), `"<number>pt"`, `"<number>%"` or `"auto"`.
    func dimension() throws -> Dimension {
        switch value {
        case .string(let string):
            do { return try Dimension(parsing: string) } catch { throw fail("\(error)") }
        case .number(let number):
            return .points(number)
        default:
            throw mismatch("a dimension (a number, \"<number>pt\", \"<number>%\" or \"auto\")")
        }
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
        guard case .string(let string) = value else { throw mismatch("one of \(list)") }
        guard let match = table.value(named: string) else {
            throw fail("expected one of \(list), got \(describe(value))")
        }
        return match
    }
}

/// A JSON object with its path: optional and required members, and a check that it has no
/// keys besides the allowed ones.
struct JSONObjectField {
    let object: JSONObject
    let path: String
    /// The members left unread (`JSONSpan.members`).
    var spans: [(key: String, span: JSONSpan)] = []

    func field(_ key: String) -> JSONField? {
        object[key].map { value in
            JSONField(value: value, path: JSONField.join(path, key), span: spans.first { $0.key == key }?.span)
        }
    }

    func required(_ key: String) throws -> JSONField {
        guard let field = field(key) else {
            throw LayoutDocumentError(path: path, message: "missing required key \"\(key)\"")
        }
        return field
    }

    /// Throws for the first unknown key in alphabetical order (so the message is stable).
    func allowOnly(_ allowed: [String]) throws {
        // Sorted only when a key is unknown: every element of a document is checked.
        guard object.contains(where: { !allowed.contains($0.key) }) else { return }
        for key in object.keys.sorted() where !allowed.contains(key) {
            throw LayoutDocumentError(
                path: JSONField.join(path, key),
                message: "unknown key (allowed: \(allowed.joined(separator: ", ")))")
        }
    }
}

/// A short description of a JSON value for error messages: `"big"`, `12`, `true`, `null`,
/// `an object`, `an array`.
private func describe(_ value: JSONValue) -> String {
    switch value {
    case .string(let string): "\"\(string)\""
    case .number(let number): formatNumber(number)
    case .bool(let flag): flag ? "true" : "false"
    case .null: "null"
    case .object: "an object"
    case .array: "an array"
    }
}
