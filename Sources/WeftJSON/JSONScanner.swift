/// A strict RFC 8259 reader over UTF-8 bytes: the cursor that both the general `JSONValue`
/// reader and the typed snapshot decoder drive. It never allocates except for the strings and
/// containers it returns, and reports every problem as a `JSONError` with the byte offset.
///
/// Valid only inside `JSONScanner.scan(_:_:)`, which lends it the bytes.
@usableFromInline package struct JSONScanner {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline package var position: Int
    /// Containers currently open; bounded so hostile input cannot overflow the stack.
    @usableFromInline var depth = 0
    @usableFromInline package let maxDepth: Int

    @usableFromInline init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        position = 0
        // A UTF-8 byte order mark is not JSON, but editors write one: skip it.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// Lends a scanner over `input` to `body`, then checks that only whitespace follows.
    @usableFromInline package static func scan<T>(
        _ input: some Collection<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth,
        _ body: (inout JSONScanner) throws -> T
    ) throws -> T {
        func run(_ buffer: UnsafeBufferPointer<UInt8>) throws -> T {
            var scanner = JSONScanner(bytes: buffer, maxDepth: maxDepth)
            let result = try body(&scanner)
            scanner.skipWhitespace()
            if scanner.position < buffer.count {
                throw scanner.error("unexpected \(scanner.describeCurrent()) after the document")
            }
            return result
        }
        if let result = try input.withContiguousStorageIfAvailable(run) { return result }
        return try Array(input).withUnsafeBufferPointer(run)
    }

    // MARK: Errors

    @inlinable package func error(_ message: String, at offset: Int? = nil) -> JSONError {
        JSONError(offset: offset ?? position, message: message)
    }

    /// `'x'`, `end of input`, or the byte in hex for non-printing bytes.
    @usableFromInline package func describeCurrent() -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    // MARK: Structure

    @inlinable package mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// The next non-whitespace byte, not consumed; nil at the end.
    @inlinable package mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// What the next value is, for "expected X, got Y" messages.
    @usableFromInline package mutating func describeNextValue() -> String {
        guard let next = peek() else { return "end of input" }
        return switch next {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): "a number"
        default: describeCurrent()
        }
    }

    @inlinable package mutating func typeMismatch(expected: String) -> JSONError {
        let got = describeNextValue()
        return error("expected \(expected), got \(got)")
    }

    @inlinable mutating func enter() throws {
        depth += 1
        if depth > maxDepth { throw error("nested deeper than \(maxDepth) levels") }
    }

    /// Reads an object, calling `body` with each key while the cursor sits on its value; `body`
    /// must consume the value. Duplicate keys are an error unless the caller checks them itself
    /// (`checkingDuplicates: false`, as the typed decoders do with a bit set). Errors inside
    /// `body` get the key added to their path.
    @usableFromInline package mutating func readObject(
        checkingDuplicates: Bool = true, _ body: (inout JSONScanner, String) throws -> Void
    ) throws {
        // A list for the usual few keys, a set past them: a list alone made an object of n keys
        // cost n² comparisons (300 000 keys fit in a 4 MiB request).
        var seen: [String] = []
        var seenSet: Set<String> = []
        try readObjectKeyBytes { scanner, keyBytes in
            let key = String(decoding: keyBytes, as: UTF8.self)
            if checkingDuplicates {
                let duplicate: Bool
                if seen.count < 16 {
                    duplicate = seen.contains(key)
                    seen.append(key)
                    if seen.count == 16 { seenSet = Set(seen) }
                } else {
                    duplicate = !seenSet.insert(key).inserted
                }
                if duplicate { throw scanner.error("duplicate key \"\(key)\"") }
            }
            try body(&scanner, key)
        }
    }

    /// `readObject` for typed decoders: the key comes as its UTF-8 bytes (no String is made for
    /// keys without escapes), and duplicates are the caller's to check.
    @inlinable package mutating func readObjectKeyBytes(_ body: (inout JSONScanner, UnsafeBufferPointer<UInt8>) throws -> Void)
        throws
    {
        guard peek() == UInt8(ascii: "{") else { throw typeMismatch(expected: "an object") }
        try enter()
        position += 1
        if peek() == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a key string, got \(describeCurrent())") }
            let key = try readKey()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after a key, got \(describeCurrent())") }
            position += 1
            skipWhitespace()
            switch key {
            case .slice(let range):
                let keyBytes = UnsafeBufferPointer(rebasing: bytes[range])
                try withPath(.key(String(decoding: keyBytes, as: UTF8.self))) { try body(&self, keyBytes) }
            case .decoded(let name):
                var utf8 = name
                try utf8.withUTF8 { keyBytes in
                    try withPath(.key(name)) { try body(&self, keyBytes) }
                }
            }
            switch peek() {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return
            default:
                throw error("expected ',' or '}' in an object, got \(describeCurrent())")
            }
        }
    }

    @usableFromInline enum Key {
        /// The key's bytes in the input (no escapes, ASCII).
        case slice(Range<Int>)
        /// A key with escapes or non-ASCII characters, decoded and validated.
        case decoded(String)
    }

    @inlinable mutating func readKey() throws -> Key {
        let start = position + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20,
            bytes[end] < 0x80
        {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            position = end + 1
            return .slice(start..<end)
        }
        return .decoded(try readString())
    }

    /// Reads an array, calling `body` with each index while the cursor sits on the element.
    @inlinable package mutating func readArray(_ body: (inout JSONScanner, Int) throws -> Void) throws {
        guard peek() == UInt8(ascii: "[") else { throw typeMismatch(expected: "an array") }
        try enter()
        position += 1
        if peek() == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return
        }
        var index = 0
        while true {
            try withPath(.index(index)) {
                skipWhitespace()
                guard position < bytes.count else { throw error("expected a value, got end of input") }
                try body(&self, index)
            }
            index += 1
            switch peek() {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return
            default:
                throw error("expected ',' or ']' in an array, got \(describeCurrent())")
            }
        }
    }

    // MARK: Literals

    /// Consumes `null` if it comes next.
    @inlinable package mutating func readNullIfPresent() throws -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try expectLiteral("null")
        return true
    }

    @inlinable package mutating func readBool() throws -> Bool {
        switch peek() {
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return false
        default:
            throw typeMismatch(expected: "a boolean")
        }
    }

    @inlinable mutating func expectLiteral(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        let start = position
        for index in 0..<count {
            guard position + index < bytes.count, bytes[position + index] == literal.utf8Start[index] else {
                throw error("invalid literal, expected \(literal)", at: start)
            }
        }
        position += count
    }

    // MARK: Strings

    @inlinable package mutating func readString() throws -> String {
        guard peek() == UInt8(ascii: "\"") else { throw typeMismatch(expected: "a string") }
        let start = position
        position += 1
        let contentStart = position
        var asciiOnly = true
        // Fast path: no escapes. Scan to the closing quote.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<position])
                position += 1
                if asciiOnly { return String(decoding: content, as: UTF8.self) }
                guard let text = String(validating: content, as: UTF8.self) else {
                    throw error("invalid UTF-8 in a string", at: start)
                }
                return text
            }
            if byte == UInt8(ascii: "\\") { return try readEscapedString(from: contentStart, stringStart: start) }
            if byte < 0x20 { throw error("unescaped control character 0x\(String(byte, radix: 16)) in a string") }
            if byte >= 0x80 { asciiOnly = false }
            position += 1
        }
        throw error("unterminated string", at: start)
    }

    /// The slow path for strings with escapes: decodes into a byte buffer from `contentStart`.
    @usableFromInline mutating func readEscapedString(from contentStart: Int, stringStart: Int) throws -> String {
        var decoded: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validating: decoded, as: UTF8.self) else {
                    throw error("invalid UTF-8 in a string", at: stringStart)
                }
                return text
            case UInt8(ascii: "\\"):
                try readEscape(into: &decoded)
            case 0..<0x20:
                throw error("unescaped control character 0x\(String(byte, radix: 16)) in a string")
            default:
                decoded.append(byte)
                position += 1
            }
        }
        throw error("unterminated string", at: stringStart)
    }

    @usableFromInline mutating func readEscape(into decoded: inout [UInt8]) throws {
        let escapeStart = position
        position += 1  // the backslash
        guard position < bytes.count else { throw error("unterminated string", at: escapeStart) }
        let code = bytes[position]
        position += 1
        switch code {
        case UInt8(ascii: "\""): decoded.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): decoded.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): decoded.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else { throw error("unpaired high surrogate \\u\(String(scalar, radix: 16))", at: escapeStart) }
                let lowStart = position
                position += 2
                let low = try readHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("high surrogate followed by \\u\(String(low, radix: 16)), not a low surrogate", at: lowStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("unpaired low surrogate \\u\(String(scalar, radix: 16))", at: escapeStart)
            }
            decoded.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
        default:
            throw error("invalid escape \\\(Character(Unicode.Scalar(code)))", at: escapeStart)
        }
    }

    @usableFromInline mutating func readHex4(escapeStart: Int) throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("truncated \\u escape", at: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in a \\u escape", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    // MARK: Numbers

    /// Reads a JSON number (strict grammar: no leading zeros, no bare `.5`, no `+1`).
    @inlinable package mutating func readNumber() throws -> Double {
        let start = position
        guard let first = peek(), first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
        else { throw typeMismatch(expected: "a number") }
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0
        // Integer part.
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number", at: start) }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw error("invalid number: leading zero", at: start) }
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                accumulate(bytes[position], into: &mantissa, digits: &significantDigits)
                position += 1
            }
        }
        // Fraction.
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("invalid number: expected a digit after '.'", at: start)
            }
            while position < bytes.count, isDigit(bytes[position]) {
                accumulate(bytes[position], into: &mantissa, digits: &significantDigits)
                fractionDigits += 1
                position += 1
            }
        }
        // Exponent.
        var exponent = 0
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            var exponentNegative = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("invalid number: expected a digit in the exponent", at: start)
            }
            while position < bytes.count, isDigit(bytes[position]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
                position += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        // Exact fast path (Clinger): a mantissa below 2^53 and a power of ten up to 10^22 are both
        // exact doubles, so one multiplication or division rounds correctly.
        let power = exponent - fractionDigits
        if significantDigits <= 15, power >= -22, power <= 22 {
            var value = Double(mantissa)
            if power < 0 { value /= JSONScanner.powersOfTen[-power] } else { value *= JSONScanner.powersOfTen[power] }
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number", at: start) }
        // A number too large for a Double is refused, never read as infinity.
        guard value.isFinite else { throw error("number out of range", at: start) }
        return value
    }

    @inline(__always)
    @inlinable func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Adds a digit to the fast-path mantissa; leading zeros do not count as significant.
    @inline(__always)
    @inlinable func accumulate(_ byte: UInt8, into mantissa: inout UInt64, digits: inout Int) {
        if digits > 0 || byte != UInt8(ascii: "0") { digits += 1 }
        if digits <= 19 { mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0")) }
    }

    @usableFromInline static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    // MARK: Generic values

    @usableFromInline package mutating func readValue() throws -> JSONValue {
        guard let next = peek() else { throw error("expected a value, got end of input") }
        switch next {
        case UInt8(ascii: "{"):
            var object = JSONObject()
            try readObject { scanner, key in object.append(key: key, value: try scanner.readValue()) }
            return .object(object)
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            try readArray { scanner, _ in elements.append(try scanner.readValue()) }
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return .bool(try readBool())
        case UInt8(ascii: "n"):
            _ = try readNullIfPresent()
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumber())
        default:
            throw error("expected a value, got \(describeCurrent())")
        }
    }

    /// Checks one value as `readValue` would (duplicate keys included), building nothing but
    /// each object's keys.
    @usableFromInline package mutating func validateValue() throws {
        switch peek() {
        case UInt8(ascii: "{"): try readObject { scanner, _ in try scanner.validateValue() }
        case UInt8(ascii: "["): try readArray { scanner, _ in try scanner.validateValue() }
        case UInt8(ascii: "\""): try skipString()
        default: _ = try readValue()
        }
    }

    /// Skips one value of any kind, checking it is well formed as `readValue` would, without
    /// building it: containers are walked, and strings are decoded only when they hold escapes or
    /// non-ASCII bytes (which need validating).
    @usableFromInline package mutating func skipValue() throws {
        guard let next = peek() else { throw error("expected a value, got end of input") }
        switch next {
        case UInt8(ascii: "{"): try readObjectKeyBytes { scanner, _ in try scanner.skipValue() }
        case UInt8(ascii: "["): try readArray { scanner, _ in try scanner.skipValue() }
        case UInt8(ascii: "\""): try skipString()
        default: _ = try readValue()
        }
    }

    /// Skips a string; plain ASCII without escapes is only scanned, anything else goes through
    /// `readString` for its checks.
    @usableFromInline mutating func skipString() throws {
        let start = position
        var end = position + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20,
            bytes[end] < 0x80
        {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            position = end + 1
        } else {
            position = start
            _ = try readString()
        }
    }

    // MARK: Members by byte range

    /// Reads the members of an object, calling `visit` with each key and a `JSONMemberValue` the
    /// visitor reads, skips (getting its byte range) or leaves (it is then skipped). `visit`
    /// returns false to stop reading: the rest is neither read nor checked.
    /// Returns false when stopped early.
    @usableFromInline package mutating func readMembers(_ visit: (String, inout JSONMemberValue) throws -> Bool) throws -> Bool {
        var stopped = false
        do {
            try readObject { scanner, key in
                var member = JSONMemberValue(scanner: scanner)
                let goOn = try visit(key, &member)
                scanner = member.scanner
                if !goOn { throw StopReading() }
                if !member.consumed { try scanner.skipValue() }
            }
        } catch is StopReading {
            stopped = true
        }
        return !stopped
    }

    private struct StopReading: Error {}
}

/// One member's value while `JSONReader.forEachMember` visits it: read it as a `JSONValue`, or
/// skip it and keep the range of its bytes (a large body handed on untouched).
public struct JSONMemberValue {
    fileprivate(set) var scanner: JSONScanner
    fileprivate(set) var consumed = false

    fileprivate init(scanner: JSONScanner) {
        self.scanner = scanner
    }

    /// Where the value starts in the input.
    public var offset: Int { scanner.position }

    public mutating func read() throws -> JSONValue {
        consumed = true
        return try scanner.readValue()
    }

    /// Skips the value (checking it is well formed) and returns the range of its bytes in the input.
    public mutating func skip() throws -> Range<Int> {
        consumed = true
        let start = scanner.position
        try scanner.skipValue()
        return start..<scanner.position
    }
}

/// Reads JSON text into a `JSONValue` (objects keep their key order).
public enum JSONReader {
    /// Containers nested deeper than this are an error, not a stack overflow. An element costs two
    /// levels (its object and its `children` array), so this allows trees 500 elements deep.
    public static let defaultMaxDepth = 1000

    public static func parse(_ bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth) throws -> JSONValue {
        try JSONScanner.scan(bytes, maxDepth: maxDepth) { try $0.readValue() }
    }

    /// Checks that `bytes` hold one well-formed JSON value, throwing what `parse` would, without
    /// building it: for readers that then read the text piece by piece.
    public static func validate(_ bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth) throws {
        try JSONScanner.scan(bytes, maxDepth: maxDepth) { try $0.validateValue() }
    }

    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }

    /// Visits the members of the object `bytes` holds, in order, without building the values the
    /// visitor skips or leaves alone: how a transport reads the few members of a message it needs
    /// and hands a multi-megabyte body on as bytes. `visit` returns false to stop: the rest of
    /// the input is then not read, so the head of a truncated message can still be looked at.
    /// Otherwise the input must be exactly one well-formed object.
    public static func forEachMember(
        in bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth,
        _ visit: (String, inout JSONMemberValue) throws -> Bool
    ) throws {
        do {
            try JSONScanner.scan(bytes, maxDepth: maxDepth) { scanner in
                if try !scanner.readMembers(visit) { throw StoppedEarly() }
            }
        } catch is StoppedEarly {}
    }

    /// Leaves `scan` without its check that nothing follows the document.
    private struct StoppedEarly: Error {}
}
