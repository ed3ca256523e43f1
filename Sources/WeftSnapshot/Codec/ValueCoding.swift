import WeftJSON

// Reading and writing the small typed values every part of the document shares: numbers with
// the snapshot's infinity/NaN forms, integers, points, sizes, rects, size ranges, enums.

extension JSONWriter {
    /// `"key":`: keys of the typed encoders are static, so they are written without escaping.
    @inline(__always)
    mutating func key(_ key: StaticString) {
        byte(UInt8(ascii: "\""))
        raw(key)
        raw("\":")
    }

    mutating func point(_ point: Snapshot.Point) {
        pair(point.x, point.y)
    }

    mutating func size(_ size: Snapshot.Size) {
        pair(size.width, size.height)
    }

    mutating func rect(_ rect: Snapshot.Rect) {
        piece(room: 4 * Self.numberRoom + 5) { piece in
            piece.byte(UInt8(ascii: "["))
            piece.number(rect.x)
            piece.byte(UInt8(ascii: ","))
            piece.number(rect.y)
            piece.byte(UInt8(ascii: ","))
            piece.number(rect.width)
            piece.byte(UInt8(ascii: ","))
            piece.number(rect.height)
            piece.byte(UInt8(ascii: "]"))
        }
    }

    mutating func sizeRange(_ range: Snapshot.SizeRange) {
        raw("{\"min\":")
        size(range.min)
        raw(",\"max\":")
        size(range.max)
        byte(UInt8(ascii: "}"))
    }

    /// `[first,second]`.
    private mutating func pair(_ first: Double, _ second: Double) {
        piece(room: 2 * Self.numberRoom + 3) { piece in
            piece.byte(UInt8(ascii: "["))
            piece.number(first)
            piece.byte(UInt8(ascii: ","))
            piece.number(second)
            piece.byte(UInt8(ascii: "]"))
        }
    }

    /// A set of named flags as an array of names, in the order of `names`.
    mutating func flags<Flags: OptionSet>(_ flags: Flags, _ names: [(Flags, String)]) where Flags.Element == Flags {
        byte(UInt8(ascii: "["))
        var first = true
        for (flag, name) in names where flags.contains(flag) {
            if !first { byte(UInt8(ascii: ",")) }
            first = false
            string(name)
        }
        byte(UInt8(ascii: "]"))
    }
}

extension JSONScanner {
    /// A snapshot number: a JSON number, `"inf"` / `"-inf"` for infinities, `null` for NaN.
    mutating func readDouble() throws -> Double {
        switch peek() {
        case UInt8(ascii: "\""):
            let start = position
            switch try readString() {
            case "inf": return .infinity
            case "-inf": return -.infinity
            case let other:
                throw error("expected a number, got the string \"\(other)\" (only \"inf\" and \"-inf\" are allowed)", at: start)
            }
        case UInt8(ascii: "n"):
            _ = try readNullIfPresent()
            return .nan
        default:
            return try readNumber()
        }
    }

    /// A whole number that fits in an `Int`.
    mutating func readInt() throws -> Int {
        let start = position
        let value = try readNumber()
        guard value.rounded(.towardZero) == value, value.magnitude < 9_007_199_254_740_992 else {
            throw error("expected an integer, got \(value)", at: start)
        }
        return Int(value)
    }

    /// A non-negative whole number (indexes, counts, masks).
    mutating func readCount() throws -> Int {
        let start = position
        let value = try readInt()
        guard value >= 0 else { throw error("expected a non-negative integer, got \(value)", at: start) }
        return value
    }

    /// An array of exactly `count` snapshot numbers, handed to `store` by index.
    mutating func readNumbers(count: Int, what: String, _ store: (Int, Double) -> Void) throws {
        let start = position
        var seen = 0
        try readArray { scanner, index in
            guard index < count else { throw scanner.error("expected \(what) with \(count) numbers, got more") }
            store(index, try scanner.readDouble())
            seen += 1
        }
        guard seen == count else { throw error("expected \(what) with \(count) numbers, got \(seen)", at: start) }
    }

    mutating func readPoint() throws -> Snapshot.Point {
        var point = Snapshot.Point.zero
        try readNumbers(count: 2, what: "[x, y]") { index, value in
            if index == 0 { point.x = value } else { point.y = value }
        }
        return point
    }

    mutating func readSize() throws -> Snapshot.Size {
        var size = Snapshot.Size.zero
        try readNumbers(count: 2, what: "[width, height]") { index, value in
            if index == 0 { size.width = value } else { size.height = value }
        }
        return size
    }

    mutating func readRect() throws -> Snapshot.Rect {
        var rect = Snapshot.Rect.zero
        try readNumbers(count: 4, what: "[x, y, width, height]") { index, value in
            switch index {
            case 0: rect.x = value
            case 1: rect.y = value
            case 2: rect.width = value
            default: rect.height = value
            }
        }
        return rect
    }

    mutating func readSizeRange() throws -> Snapshot.SizeRange {
        var min: Snapshot.Size?
        var max: Snapshot.Size?
        try readObject(checkingDuplicates: false) { scanner, key in
            switch key {
            case "min" where min == nil: min = try scanner.readSize()
            case "max" where max == nil: max = try scanner.readSize()
            case "min", "max": throw scanner.error("duplicate key \"\(key)\"")
            default: throw scanner.error("unknown key \"\(key)\" (expected \"min\" and \"max\")")
            }
        }
        guard let min, let max else { throw error("a size range needs \"min\" and \"max\"") }
        return Snapshot.SizeRange(min: min, max: max)
    }

    /// A string that must be one of an enum's raw values.
    mutating func readEnum<Value: RawRepresentable & CaseIterable>(_: Value.Type) throws -> Value where Value.RawValue == String {
        let start = position
        let text = try readString()
        guard let value = Value(rawValue: text) else {
            let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw error("unknown value \"\(text)\" (expected one of \(allowed))", at: start)
        }
        return value
    }

    /// An array of flag names (each at most once) into an option set.
    mutating func readFlags<Flags: OptionSet>(_ names: [(Flags, String)]) throws -> Flags where Flags.Element == Flags {
        var flags = Flags()
        try readArray { scanner, _ in
            let start = scanner.position
            let name = try scanner.readString()
            guard let flag = names.first(where: { $0.1 == name })?.0 else {
                let allowed = names.map { "\"\($0.1)\"" }.joined(separator: ", ")
                throw scanner.error("unknown name \"\(name)\" (expected one of \(allowed))", at: start)
            }
            guard !flags.contains(flag) else { throw scanner.error("\"\(name)\" listed twice", at: start) }
            flags.insert(flag)
        }
        return flags
    }

    /// An object as an ordered `JSONObject`.
    mutating func readJSONObject() throws -> JSONObject {
        guard peek() == UInt8(ascii: "{") else { throw typeMismatch(expected: "an object") }
        guard case .object(let object) = try readValue() else { preconditionFailure("an object starts with {") }
        return object
    }
}

/// Tracks which keys of a typed object were seen, to reject duplicates and find missing ones
/// without allocating.
struct SeenKeys {
    private var bits: UInt64 = 0

    /// Marks key number `index` (< 64); throws when it was already seen.
    mutating func insert(_ index: Int, key: String, scanner: JSONScanner) throws {
        let bit: UInt64 = 1 << UInt64(index)
        if bits & bit != 0 { throw scanner.error("duplicate key \"\(key)\"") }
        bits |= bit
    }

    func contains(_ index: Int) -> Bool {
        bits & (1 << UInt64(index)) != 0
    }
}
