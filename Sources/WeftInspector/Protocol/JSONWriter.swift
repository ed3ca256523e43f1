/// Builds small JSON objects (handshake params, inspector requests) straight into bytes.
/// Keys are written in call order, which is how the envelope keeps `id` and `method` first.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init() {}

    /// `{` ... `}` around what `body` writes.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func key(_ name: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        EnvelopeWriter.appendString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ name: String, _ value: String) {
        key(name)
        EnvelopeWriter.appendString(value, to: &bytes)
        needsComma = true
    }

    /// Integral values are written without a fraction (`375`, not `375.0`); non-finite values,
    /// which JSON cannot carry, as `null`.
    public mutating func number(_ name: String, _ value: Double) {
        key(name)
        if !value.isFinite {
            bytes.append(contentsOf: "null".utf8)
        } else if value.rounded() == value, abs(value) < 1e15 {
            bytes.append(contentsOf: String(Int64(value)).utf8)
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
        needsComma = true
    }

    public mutating func object(_ name: String, _ body: (inout JSONWriter) -> Void) {
        key(name)
        object(body)
    }

    /// A pre-encoded JSON value, written verbatim.
    public mutating func raw(_ name: String, _ json: [UInt8]) {
        key(name)
        bytes.append(contentsOf: json)
        needsComma = true
    }

    /// One object built by `body`.
    public static func object(_ body: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter()
        writer.object(body)
        return writer.bytes
    }
}
