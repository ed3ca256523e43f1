#if canImport(Glibc)
    // Links libm, which Double's rounding calls in this module need (SwiftPM does not add -lm).
    import Glibc
#endif

/// Appends compact JSON to a byte buffer. Written by hand (no Foundation) because snapshots are
/// encoded on the host program's main loop, tens of thousands of elements at a time.
///
/// Numbers are written in their shortest round-trip form, integers without `.0`, infinity as the
/// string `"inf"` (`"-inf"`) and NaN as `null`, as the snapshot format asks everywhere.
public struct JSONWriter {
    /// Growable bytes written through a pointer, without `[UInt8]`'s generic append and
    /// uniqueness checks (docs/architecture.md, "Performance notes"). A writer owns its storage;
    /// copies of a writer share it (writers are built, filled and read, never copied).
    @usableFromInline final class Storage {
        @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<UInt8>
        @usableFromInline @exclusivity(unchecked) var count = 0
        @usableFromInline @exclusivity(unchecked) var capacity: Int

        init(capacity: Int) {
            self.capacity = max(64, capacity)
            base = Self.allocate(self.capacity)
        }

        deinit {
            UnsafeMutableRawPointer(base).deallocate()
        }

        @usableFromInline func grow(toHold needed: Int) {
            let newCapacity = max(capacity * 2, needed)
            let newBase = Self.allocate(newCapacity)
            newBase.update(from: base, count: count)
            UnsafeMutableRawPointer(base).deallocate()
            base = newBase
            capacity = newCapacity
        }

        /// Buffers of 8 MB and more ask Linux for transparent huge pages, so a big document's
        /// page faults come 2 MB at a time; smaller ones keep ordinary pages, since a huge page
        /// is zeroed whole. Where huge pages are off the hint is refused and nothing changes.
        private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
            let hugePage = 2 << 20
            let big = capacity >= 4 * hugePage
            let raw = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: big ? hugePage : 1)
            #if os(Linux)
                if big { _ = madvise(raw, capacity, MADV_HUGEPAGE) }
            #endif
            return raw.bindMemory(to: UInt8.self, capacity: capacity)
        }
    }

    @usableFromInline let storage: Storage

    public init(capacity: Int = 4096) {
        storage = Storage(capacity: capacity)
    }

    /// The bytes written so far (a copy).
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage.base, count: storage.count)) }

    /// How many bytes were written.
    public var count: Int { storage.count }

    /// Lends the bytes written so far without copying them.
    public func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    /// The text written so far (for tests and small documents).
    public var string: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    // MARK: Raw output

    /// Room for `extra` more bytes; returns where they go. Callers advance `count` themselves.
    /// Sums of counts wrap rather than trap (`&+`): they stay far below `Int.max`, and every
    /// piece a document writes passes here, so an overflow check per piece is a cost for
    /// nothing.
    @inlinable @inline(__always)
    func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        let needed = storage.count &+ extra
        if needed > storage.capacity { storage.grow(toHold: needed) }
        return storage.base + storage.count
    }

    @inlinable @inline(__always)
    public mutating func byte(_ byte: UInt8) {
        reserve(1).pointee = byte
        storage.count &+= 1
    }

    /// Appends raw bytes (already valid JSON, or string content that needs no escaping). Short
    /// pieces (keys, punctuation) are copied byte by byte: cheaper than a call to memcpy.
    @inlinable @inline(__always)
    package mutating func append(_ source: UnsafeRawBufferPointer) {
        let count = source.count
        guard count > 0 else { return }
        let target = reserve(count)
        if count <= 16 {
            for index in 0..<count { target[index] = source[index] }
        } else {
            UnsafeMutableRawPointer(target).copyMemory(from: source.baseAddress!, byteCount: count)
        }
        storage.count &+= count
    }

    /// Appends text that is already valid JSON, such as `"frame":` or `null`.
    @inlinable @inline(__always)
    public mutating func raw(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends bytes that are already valid JSON (an encoded sub-document).
    public mutating func raw(bytes more: some Sequence<UInt8>) {
        for byte in more { self.byte(byte) }
    }

    /// Appends bytes that are already valid JSON (an encoded sub-document).
    public mutating func raw(bytes more: [UInt8]) {
        more.withUnsafeBytes { append($0) }
    }

    /// Takes back the last `count` bytes written (an object that turned out empty).
    package mutating func removeLast(_ count: Int) {
        precondition(count <= storage.count, "JSONWriter.removeLast beyond the start")
        storage.count -= count
    }

    // MARK: Scalars

    @inlinable
    public mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    @inlinable
    public mutating func int(_ value: Int) {
        if value < 0 {
            byte(UInt8(ascii: "-"))
            digits(value.magnitude)
        } else {
            digits(UInt(value))
        }
    }

    /// Shortest round-trip decimal. Fast paths cover integers and the dyadic fractions layouts
    /// produce (pixel grids at scale 1, 2, 4; text metrics in 2048ths of a font size); others
    /// use Swift's shortest-representation `description`.
    @inlinable
    public mutating func number(_ value: Double) {
        storage.count &+= Self.writeNumber(value, at: reserve(Self.numberRoom))
    }

    /// The most bytes a number takes: Swift's shortest form of a double is at most 24
    /// (`-2.2250738585072014e-308`). Numbers are written after one room check for this many,
    /// and the pieces made of several numbers (a rect, a size) check once for all of them.
    @usableFromInline package static let numberRoom = 32

    /// Writes `value` (see `number`) at `target`, which has room for `numberRoom` bytes;
    /// returns how many it wrote.
    @inlinable @inline(__always)
    package static func writeNumber(_ value: Double, at target: UnsafeMutablePointer<UInt8>) -> Int {
        if value.isNaN { return copy("null", to: target) }
        if value.isInfinite { return copy(value < 0 ? "\"-inf\"" : "\"inf\"", to: target) }
        if value == 0 {  // also -0: "0" reads back equal
            target[0] = UInt8(ascii: "0")
            return 1
        }
        let magnitude = value.magnitude
        let sign = value < 0 ? 1 : 0
        // Below 2^53 a double is whole when converting it to an integer (which truncates) and
        // back gives it again: a conversion instruction, where `rounded(.towardZero)` calls
        // libm's trunc on baseline x86-64.
        if sign == 1 { target[0] = UInt8(ascii: "-") }
        if magnitude < 9_007_199_254_740_992, case let whole = UInt(magnitude), Double(whole) == magnitude {
            return sign + writeDigits(whole, at: target + sign)
        }
        // A multiple of 1/2^p has an exact decimal expansion of at most p fraction digits. While
        // the double's ulp is below 10^-p, no other decimal of at most p fraction digits rounds
        // to the same double, so that expansion is the shortest round-trip form: 2^-11 below
        // 2^15 (ulp at most 2^-38 < 1e-11), 2^-8 below 1e6 (ulp < 2.4e-10 < 1e-8).
        // (A multiple of 2^-8 is one of 2^-11: below 2^15 one check settles both.)
        let fractionBits = magnitude < 32_768 ? 11 : 8
        if magnitude < 1_000_000, let length = writeDyadic(magnitude, fractionBits: fractionBits, at: target + sign) {
            return sign + length
        }
        var text = value.description  // shortest round-trip, with its sign: "0.1", "1e-07", "-1.5e+20"
        return text.withUTF8 { utf8 in
            UnsafeMutableRawPointer(target).copyMemory(from: utf8.baseAddress!, byteCount: min(utf8.count, numberRoom))
            return min(utf8.count, numberRoom)
        }
    }

    @inlinable @inline(__always)
    static func copy(_ text: StaticString, to target: UnsafeMutablePointer<UInt8>) -> Int {
        UnsafeMutableRawPointer(target).copyMemory(from: text.utf8Start, byteCount: text.utf8CodeUnitCount)
        return text.utf8CodeUnitCount
    }

    /// Writes `magnitude` at `target` as its exact decimal expansion, trailing zeros left out,
    /// when it (below 2^20) is a multiple of 2^-`fractionBits` (magnitude x 2^fractionBits is
    /// then exact and whole); returns the length, or nil when it is not such a multiple.
    @inlinable @inline(__always)
    static func writeDyadic(_ magnitude: Double, fractionBits: Int, at target: UnsafeMutablePointer<UInt8>) -> Int? {
        let scaled = magnitude * Double(1 << fractionBits)
        let fixedPoint = UInt(scaled)  // magnitude in units of 2^-fractionBits (below 2^28)
        guard Double(fixedPoint) == scaled else { return nil }
        var length = writeDigits(fixedPoint >> fractionBits, at: target)
        target[length] = UInt8(ascii: ".")
        length &+= 1
        // The fraction k / 2^p, one decimal digit at a time: times ten, the digit is what
        // passes the binary point. Shifts and multiplications only; it ends within p digits.
        let mask: UInt = (1 << fractionBits) - 1
        var fraction = fixedPoint & mask
        while fraction != 0 {
            fraction &*= 10
            target[length] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction >> fractionBits)
            length &+= 1
            fraction &= mask
        }
        return length
    }

    /// A piece of at most `room` bytes, which `body` writes through a pointer after one room
    /// check (a rect's four numbers and punctuation checked room nine times).
    @inlinable @inline(__always)
    package mutating func piece(room: Int, _ body: (inout Piece) -> Void) {
        var piece = Piece(target: reserve(room))
        body(&piece)
        storage.count &+= piece.length
    }

    /// The bytes of a `piece` written so far.
    @usableFromInline package struct Piece {
        @usableFromInline let target: UnsafeMutablePointer<UInt8>
        @usableFromInline private(set) var length = 0

        @inlinable init(target: UnsafeMutablePointer<UInt8>) {
            self.target = target
        }

        @inlinable @inline(__always)
        package mutating func byte(_ byte: UInt8) {
            target[length] = byte
            length &+= 1
        }

        /// Takes `JSONWriter.numberRoom` bytes of the piece's room at most.
        @inlinable @inline(__always)
        package mutating func number(_ value: Double) {
            length &+= JSONWriter.writeNumber(value, at: target + length)
        }
    }

    /// Writes the decimal digits of `value`.
    @inlinable
    mutating func digits(_ value: UInt) {
        storage.count &+= Self.writeDigits(value, at: reserve(20))
    }

    /// Writes the decimal digits of `value` at `target` (room for 20); returns how many. One
    /// division by ten per digit, last digit first, then reversed in place.
    @inlinable @inline(__always)
    static func writeDigits(_ value: UInt, at target: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 0
        var remaining = value
        repeat {
            let quotient = remaining / 10
            target[length] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining &- quotient &* 10)
            remaining = quotient
            length += 1
        } while remaining > 0
        var (low, high) = (0, length - 1)
        while low < high {
            (target[low], target[high]) = (target[high], target[low])
            low += 1
            high -= 1
        }
        return length
    }

    /// A JSON string with `"`, `\` and control characters escaped; everything else (including
    /// non-ASCII UTF-8) is copied as is. Short strings (ids, class names, keys: most of a
    /// snapshot's strings) are checked and copied in one pass; long ones are checked 8 bytes
    /// at a time and copied in runs.
    @inlinable
    public mutating func string(_ value: String) {
        // Native strings lend their bytes without a copy of the string (`withUTF8` needs a
        // mutable one: a retain and a release per string); others are made contiguous first.
        if value.utf8.withContiguousStorageIfAvailable({ string(utf8: $0) }) == nil {
            var value = value
            value.withUTF8 { string(utf8: $0) }
        }
    }

    /// `"utf8"`, escaped where it needs to be.
    @inlinable
    mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        if utf8.count <= 32, copyShortStringWithoutEscapes(utf8) { return }
        byte(UInt8(ascii: "\""))
        let raw = UnsafeRawBufferPointer(utf8)
        var runStart = 0
        var index = 0
        while index < raw.count {
            let step = min(8, raw.count - index)
            var word: UInt64 = 0x6161_6161_6161_6161  // "aaaaaaaa": pads a short tail harmlessly
            if step == 8 {
                word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            } else {
                withUnsafeMutableBytes(of: &word) {
                    $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[index..<index + step]))
                }
            }
            if !JSONWriter.mayNeedEscaping(word) {
                index += step
                continue
            }
            for position in index..<index + step {
                let byte = raw[position]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    append(UnsafeRawBufferPointer(rebasing: raw[runStart..<position]))
                    escape(byte)
                    runStart = position + 1
                }
            }
            index += step
        }
        append(UnsafeRawBufferPointer(rebasing: raw[runStart...]))
        byte(UInt8(ascii: "\""))
    }

    /// Writes `"utf8"` when no byte needs escaping and returns true; otherwise writes nothing
    /// and returns false.
    /// Eight bytes are checked and copied at a time while eight remain (most ids and class
    /// names are 4 to 15 bytes).
    @inlinable @inline(__always)
    mutating func copyShortStringWithoutEscapes(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = utf8.count
        let target = reserve(count + 2)
        target[0] = UInt8(ascii: "\"")
        var start = 0
        if count >= 8 {
            let source = UnsafeRawPointer(utf8.baseAddress!)
            let words = UnsafeMutableRawPointer(target + 1)
            while start + 8 <= count {
                let word = source.loadUnaligned(fromByteOffset: start, as: UInt64.self)
                if JSONWriter.mayNeedEscaping(word) { return false }
                words.storeBytes(of: word, toByteOffset: start, as: UInt64.self)
                start += 8
            }
        }
        for index in start..<count {
            let byte = utf8[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            target[1 + index] = byte
        }
        target[1 + count] = UInt8(ascii: "\"")
        storage.count &+= count + 2
        return true
    }

    /// Whether any of 8 bytes is a control character, `"` or `\` (bit tricks: a byte below n,
    /// or a zero byte after xor with the character, sets its high bit in the result).
    @inlinable @inline(__always)
    static func mayNeedEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        return (control | ((quote &- ones) & ~quote & highs) | ((backslash &- ones) & ~backslash & highs)) != 0
    }

    @usableFromInline
    mutating func escape(_ character: UInt8) {
        switch character {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        default:
            raw("\\u00")
            byte(hexDigit(character >> 4))
            byte(hexDigit(character & 15))
        }
    }

    private func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    // MARK: Values

    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let elements):
            byte(UInt8(ascii: "["))
            for index in elements.indices {
                if index > 0 { byte(UInt8(ascii: ",")) }
                self.value(elements[index])
            }
            byte(UInt8(ascii: "]"))
        case .object(let object):
            self.object(object)
        }
    }

    public mutating func object(_ object: JSONObject) {
        byte(UInt8(ascii: "{"))
        // By index: a loop variable would copy each entry (its key and value retained and
        // released).
        let entries = object.entries
        for index in entries.indices {
            if index > 0 { byte(UInt8(ascii: ",")) }
            string(entries[index].key)
            byte(UInt8(ascii: ":"))
            value(entries[index].value)
        }
        byte(UInt8(ascii: "}"))
    }
}

extension JSONValue {
    /// Compact JSON text of this value.
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.value(self)
        return writer.bytes
    }

    public var jsonString: String { String(decoding: jsonBytes, as: UTF8.self) }
}
