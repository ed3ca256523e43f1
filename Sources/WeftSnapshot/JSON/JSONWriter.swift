#if canImport(Glibc)
// Links libm, which Double's rounding calls in this module need (SwiftPM does not add -lm).
import Glibc
#endif

/// Appends compact JSON to a byte buffer. Written by hand (no Foundation) because snapshots are
/// encoded on the host program's main loop, tens of thousands of elements at a time.
///
/// Numbers are written in their shortest round-trip form, integers without `.0`, infinity as the
/// string `"inf"` (`"-inf"`) and NaN as `null`, as the snapshot format asks everywhere.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far (for tests and small documents).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Raw output

    @inline(__always)
    public mutating func byte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends text that is already valid JSON, such as `"frame":` or `null`.
    @inline(__always)
    public mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends bytes that are already valid JSON (an encoded sub-document).
    public mutating func raw(bytes more: some Sequence<UInt8>) {
        bytes.append(contentsOf: more)
    }

    // MARK: Scalars

    public mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    public mutating func int(_ value: Int) {
        if value < 0 {
            byte(UInt8(ascii: "-"))
            digits(value.magnitude)
        } else {
            digits(UInt(value))
        }
    }

    /// Shortest round-trip decimal. Fast paths cover integers and multiples of 1/256 below a
    /// million (what layouts produce: pixel grids at scale 1, 2, 4); others use Swift's
    /// shortest-representation `description`.
    public mutating func number(_ value: Double) {
        if value.isNaN { raw("null"); return }
        if value.isInfinite { if value < 0 { raw("\"-inf\"") } else { raw("\"inf\"") }; return }
        if value == 0 { byte(UInt8(ascii: "0")); return }  // also -0: "0" reads back equal
        let magnitude = value.magnitude
        if magnitude < 9_007_199_254_740_992, magnitude.rounded(.towardZero) == magnitude {
            if value < 0 { byte(UInt8(ascii: "-")) }
            digits(UInt(magnitude))
            return
        }
        // magnitude x 256 is exact (a power of two); when it is whole the decimal expansion has
        // at most 8 fraction digits, and below 1e6 (ulp < 2.4e-10) no shorter decimal rounds to
        // the same double, so the exact expansion is the shortest round-trip form.
        let scaled = magnitude * 256
        if magnitude < 1_000_000, scaled.rounded(.towardZero) == scaled {
            if value < 0 { byte(UInt8(ascii: "-")) }
            let whole = UInt(scaled) >> 8
            var fraction = (UInt(scaled) & 255) * 390_625  // 10^8 / 2^8 = 5^8
            digits(whole)
            byte(UInt8(ascii: "."))
            var divisor: UInt = 10_000_000
            while fraction > 0 {
                byte(UInt8(ascii: "0") &+ UInt8(fraction / divisor))
                fraction %= divisor
                divisor /= 10
            }
            return
        }
        var text = value.description  // shortest round-trip, e.g. "0.1", "1e-07", "1.5e+20"
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Writes the decimal digits of `value`.
    private mutating func digits(_ value: UInt) {
        if value < 10 { byte(UInt8(ascii: "0") &+ UInt8(value)); return }
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
        withUnsafeMutableBytes(of: &buffer) { scratch in
            var index = scratch.count
            var rest = value
            while rest > 0 {
                index -= 1
                scratch[index] = UInt8(ascii: "0") &+ UInt8(rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[index...]))
        }
    }

    /// A JSON string with `"`, `\` and control characters escaped; everything else (including
    /// non-ASCII UTF-8) is copied as is.
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            byte(UInt8(ascii: "\""))
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                }
                escape(byte)
                runStart = index + 1
            }
            if runStart < utf8.count {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
            }
            byte(UInt8(ascii: "\""))
        }
    }

    private mutating func escape(_ character: UInt8) {
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
            for (index, element) in elements.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                self.value(element)
            }
            byte(UInt8(ascii: "]"))
        case .object(let object):
            self.object(object)
        }
    }

    public mutating func object(_ object: JSONObject) {
        byte(UInt8(ascii: "{"))
        for (index, entry) in object.entries.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            string(entry.key)
            byte(UInt8(ascii: ":"))
            value(entry.value)
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
