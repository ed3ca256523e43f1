import Foundation

/// One length of a layout style: automatic, a number of points, or a fraction of the parent
/// (Texture's ASDimension). `Dimension("50%")`, `.points(10)`, `.fraction(0.5)`, `.auto`.
public struct Dimension: Hashable, Sendable, CustomStringConvertible {
    /// What a dimension's value measures (ASDimensionUnit).
    public enum Unit: UInt8, Sendable {
        /// Let the layout decide.
        case auto
        /// An absolute length in points.
        case points
        /// A fraction of the parent's size (0.5 is 50%).
        case fraction
    }

    /// Whether the value is points, a fraction, or nothing (auto).
    public var unit: Unit
    /// Points for `.points`, the fraction (0...1) for `.fraction`, 0 for `.auto`.
    public var value: Double

    /// A dimension of `unit`; an auto dimension's value is always 0.
    @inlinable
    public init(unit: Unit, value: Double) {
        self.unit = unit
        self.value = unit == .auto ? 0 : value
    }

    /// Let the layout decide (ASDimensionAuto).
    public static let auto = Dimension(unit: .auto, value: 0)

    /// A length in points (ASDimensionMakeWithPoints).
    @inlinable
    public static func points(_ value: Double) -> Dimension { Dimension(unit: .points, value: value) }

    /// A fraction of the parent's size, 0.5 for 50% (ASDimensionMakeWithFraction).
    @inlinable
    public static func fraction(_ value: Double) -> Dimension { Dimension(unit: .fraction, value: value) }

    /// The length this dimension stands for: `autoSize` when auto, the points, or the fraction
    /// of `parentSize` (ASDimensionResolve). A fraction of an undefined (NaN) parent is NaN.
    @inlinable
    public func resolve(autoSize: Double, parentSize: Double) -> Double {
        switch unit {
        case .auto: return autoSize
        case .points: return value
        case .fraction: return value * parentSize
        }
    }

    /// Texture's lenient parse (ASDimensionMake(NSString)): `"Npt"` points (checked first),
    /// `"auto"`, `"N%"` a fraction of N/100; the number is the string's leading numeric prefix
    /// (`"xpt"` is 0pt), and anything else, including `""`, is auto. Use `init(parsing:)` for
    /// Weft's own inputs, which must be well-formed.
    public init(lenient string: String) {
        if string.hasSuffix("pt") {
            self = .points(leadingNumber(string))
        } else if string == "auto" {
            self = .auto
        } else if string.hasSuffix("%") {
            self = .fraction(leadingNumber(string) / 100)
        } else {
            self = .auto
        }
    }

    /// Weft's strict parse: exactly `"auto"`, `"<number>pt"` or `"<number>%"` with a finite
    /// decimal number. Throws `DimensionParseError` for anything else (`"xpt"`, `"10"`, `""`).
    public init(parsing string: String) throws {
        if string == "auto" {
            self = .auto
            return
        }
        let (body, unit): (Substring, Unit)
        if string.hasSuffix("pt") {
            (body, unit) = (string.dropLast(2), .points)
        } else if string.hasSuffix("%") {
            (body, unit) = (string.dropLast(1), .fraction)
        } else {
            throw DimensionParseError(text: string)
        }
        guard let number = strictDecimal(body) else { throw DimensionParseError(text: string) }
        self = unit == .points ? .points(number) : .fraction(number / 100)
    }

    /// Texture's description: `10pt`, `50%`, `Auto` (NSStringFromASDimension; `%.0f`, so 10.5pt
    /// prints as `10pt` with printf's rounding).
    public var description: String {
        switch unit {
        case .auto: return "Auto"
        case .points: return String(format: "%.0fpt", value)
        case .fraction: return String(format: "%.0f%%", value * 100)
        }
    }
}

/// A dimension string that is not `auto`, `<number>pt` or `<number>%`.
public struct DimensionParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text that did not parse.
    public var text: String
    /// What was expected and what came instead.
    public var description: String {
        "expected a dimension (a number, \"<number>pt\", \"<number>%\" or \"auto\"), got \"\(text)\""
    }
}

/// The leading decimal number of `string` (0 when there is none), as NSString's doubleValue
/// reads it for Texture's ASCGFloatFromString: leading whitespace, a sign, digits with an
/// optional fraction and exponent; no hex, `inf` or `nan`. `"12.5pt"` -> 12.5, `"xpt"` -> 0.
private func leadingNumber(_ string: String) -> Double {
    let characters = Array(string.utf8.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }))
    var end = 0
    func digits() -> Int {
        let start = end
        while end < characters.count, (0x30...0x39).contains(characters[end]) { end += 1 }
        return end - start
    }
    if end < characters.count, characters[end] == 0x2B || characters[end] == 0x2D { end += 1 }  // + -
    var mantissaDigits = digits()
    if end < characters.count, characters[end] == 0x2E {  // .
        end += 1
        mantissaDigits += digits()
    }
    guard mantissaDigits > 0 else { return 0 }
    let mantissaEnd = end
    if end < characters.count, characters[end] == 0x65 || characters[end] == 0x45 {  // e E
        end += 1
        if end < characters.count, characters[end] == 0x2B || characters[end] == 0x2D { end += 1 }
        if digits() == 0 { end = mantissaEnd }
    }
    return Double(String(decoding: characters[..<end], as: UTF8.self)) ?? 0
}

/// A plain decimal number (`-12`, `0.5`, `1e3`), nothing before or after it, finite.
private func strictDecimal(_ text: Substring) -> Double? {
    guard let first = text.first, first.isNumber || first == "-" || first == "." || first == "+",
        let number = Double(text), number.isFinite
    else { return nil }
    return number
}
