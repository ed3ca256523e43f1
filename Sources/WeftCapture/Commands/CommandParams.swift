import WeftJSON
import WeftSnapshot

/// A request's `params`, read with errors that name the parameter (-32602).
struct CommandParams {
    /// Params nested deeper than this are refused: a layout-json document of elements nested
    /// through `child` about as deep.
    static let maximumDepth = 256

    let object: JSONObject

    /// Parses the params bytes; empty bytes mean `{}`. Anything but an object is -32602.
    init(bytes: [UInt8]) throws(CommandError) {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            object = JSONObject()
            return
        }
        let value: JSONValue
        do {
            value = try JSONReader.parse(bytes, maxDepth: Self.maximumDepth)
        } catch {
            throw .invalidParams("params are not valid JSON: \(error)")
        }
        guard let object = value.object else { throw .invalidParams("params must be an object, got \(value.kindDescription)") }
        self.object = object
    }

    subscript(key: String) -> JSONValue? { object[key] }

    func string(_ key: String) throws(CommandError) -> String {
        guard let value = object[key] else { throw .invalidParams("missing \"\(key)\"") }
        guard let text = value.string else { throw .invalidParams("\"\(key)\" must be a string, got \(value.kindDescription)") }
        return text
    }

    func optionalString(_ key: String) throws(CommandError) -> String? {
        guard let value = object[key], value != .null else { return nil }
        return try string(key)
    }

    func number(_ key: String) throws(CommandError) -> Double {
        guard let value = object[key] else { throw .invalidParams("missing \"\(key)\"") }
        guard let number = value.number, number.isFinite else {
            throw .invalidParams("\"\(key)\" must be a finite number, got \(value.jsonString)")
        }
        return number
    }

    func optionalNumber(_ key: String) throws(CommandError) -> Double? {
        guard object[key] != nil else { return nil }
        return try number(key)
    }

    /// An integer in `range`.
    func integer(_ key: String, in range: ClosedRange<Int>) throws(CommandError) -> Int {
        let value = try number(key)
        guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw .invalidParams(
                "\"\(key)\" must be an integer from \(range.lowerBound) to \(range.upperBound), got \(object[key]!.jsonString)")
        }
        return Int(value)
    }

    func optionalBool(_ key: String) throws(CommandError) -> Bool? {
        guard let value = object[key], value != .null else { return nil }
        guard let flag = value.bool else { throw .invalidParams("\"\(key)\" must be true or false, got \(value.jsonString)") }
        return flag
    }

    /// Any JSON value (an edit's `value`).
    func value(_ key: String) throws(CommandError) -> JSONValue {
        guard let value = object[key] else { throw .invalidParams("missing \"\(key)\"") }
        return value
    }

    /// One of the listed names.
    func choice(_ key: String, _ names: [String]) throws(CommandError) -> String {
        let text = try string(key)
        guard names.contains(text) else {
            throw .invalidParams(
                "\"\(key)\" must be one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(text)\"")
        }
        return text
    }
}
