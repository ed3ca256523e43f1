/// A strict JSON reader over a byte buffer that can either build a `JSONValue` or skip a value
/// and return its byte range without allocating. Skipping is what lets the client pick the
/// envelope keys out of a multi-megabyte reply and hand the `result` bytes on untouched.
struct JSONScanner {
    /// Deeper nesting than this is rejected: it protects the stack, and no protocol message
    /// comes close.
    static let maximumDepth = 256

    let bytes: [UInt8]
    private(set) var position: Int

    init(_ bytes: [UInt8], position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    // MARK: Entry points

    mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        try value(depth: 0, build: true)!
    }

    /// Skips one value (after leading white space) and returns the range of its bytes.
    mutating func skipValue() throws(JSONSyntaxError) -> Range<Int> {
        skipWhitespace()
        let start = position
        _ = try value(depth: 0, build: false)
        return start..<position
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        skipWhitespace()
        return try string(build: true)!
    }

    /// Fails unless only white space remains.
    mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        if position < bytes.count { throw error("unexpected data after the JSON value") }
    }

    /// Consumes `byte` (after white space) or fails.
    mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { throw error("expected \(what)") }
        position += 1
    }

    /// Consumes `byte` (after white space) when it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: position, reason: reason)
    }

    // MARK: Grammar (one implementation for building and skipping)

    private mutating func value(depth: Int, build: Bool) throws(JSONSyntaxError) -> JSONValue? {
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of JSON") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth, build: build)
        case UInt8(ascii: "["): return try array(depth: depth, build: build)
        case UInt8(ascii: "\""): return try string(build: build).map(JSONValue.string)
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try number(build: build)
        }
    }

    private mutating func object(depth: Int, build: Bool) throws(JSONSyntaxError) -> JSONValue? {
        guard depth < Self.maximumDepth else { throw error("nesting too deep") }
        position += 1
        var members: [String: JSONValue] = [:]
        if consume(UInt8(ascii: "}")) { return build ? .object(members) : nil }
        repeat {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let key = try string(build: build)
            try expect(UInt8(ascii: ":"), "':'")
            let member = try value(depth: depth + 1, build: build)
            if build, let key, let member { members[key] = member }
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"), "',' or '}'")
        return build ? .object(members) : nil
    }

    private mutating func array(depth: Int, build: Bool) throws(JSONSyntaxError) -> JSONValue? {
        guard depth < Self.maximumDepth else { throw error("nesting too deep") }
        position += 1
        var elements: [JSONValue] = []
        if consume(UInt8(ascii: "]")) { return build ? .array(elements) : nil }
        repeat {
            let element = try value(depth: depth + 1, build: build)
            if build, let element { elements.append(element) }
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"), "',' or ']'")
        return build ? .array(elements) : nil
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let expected = word.utf8
        guard position + expected.count <= bytes.count,
              bytes[position..<(position + expected.count)].elementsEqual(expected)
        else { throw error("invalid literal") }
        position += expected.count
    }

    private mutating func number(build: Bool) throws(JSONSyntaxError) -> JSONValue? {
        let start = position
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func digits(_ scanner: inout JSONScanner) -> Int {
            var count = 0
            while scanner.position < scanner.bytes.count, isDigit(scanner.bytes[scanner.position]) {
                scanner.position += 1
                count += 1
            }
            return count
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw JSONSyntaxError(offset: start, reason: "invalid value") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw JSONSyntaxError(offset: start, reason: "leading zero in a number")
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
        guard build else { return nil }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let number = Double(text) else { throw JSONSyntaxError(offset: start, reason: "invalid number") }
        return .number(number)
    }

    /// Reads a string starting at its opening quote. Control characters must be escaped;
    /// `\u` escapes may form surrogate pairs; lone surrogates become U+FFFD.
    private mutating func string(build: Bool) throws(JSONSyntaxError) -> String? {
        position += 1
        let start = position
        var hasEscapes = false
        while true {
            guard position < bytes.count else { throw error("unterminated string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw error("control character in a string") }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                position += 1
                guard position < bytes.count else { throw error("unterminated string") }
                switch bytes[position] {
                case UInt8(ascii: "u"):
                    guard position + 4 < bytes.count,
                          bytes[(position + 1)...(position + 4)].allSatisfy({ Self.hexValue($0) != nil })
                    else { throw error("invalid \\u escape") }
                    position += 4
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                default:
                    throw error("invalid escape")
                }
            }
            position += 1
        }
        let end = position
        position += 1
        guard build else { return nil }
        return hasEscapes ? Self.unescape(bytes[start..<end]) : String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Decodes the escapes of an already validated string body.
    private static func unescape(_ body: ArraySlice<UInt8>) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(body.count)
        var index = body.startIndex
        func hex4(at start: Int) -> UInt32 {
            body[start..<(start + 4)].reduce(0) { $0 << 4 | hexValue($1)! }
        }
        func append(_ scalar: Unicode.Scalar) { utf8.append(contentsOf: String(Character(scalar)).utf8) }
        while index < body.endIndex {
            let byte = body[index]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                index += 1
                continue
            }
            let escape = body[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var code = hex4(at: index)
                index += 4
                if (0xD800..<0xDC00).contains(code), index + 6 <= body.endIndex,
                   body[index] == UInt8(ascii: "\\"), body[index + 1] == UInt8(ascii: "u") {
                    let low = hex4(at: index + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: utf8.append(escape)
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}
