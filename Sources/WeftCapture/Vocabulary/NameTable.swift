import WeftSnapshot

/// The layout-json names of one enum's values (`"spaceBetween"` for `.spaceBetween`), both ways.
/// Capture writes names with it and edits read them, so the two never disagree.
struct NameTable<Value: Equatable & Sendable>: Sendable {
    let pairs: [(name: String, value: Value)]

    init(_ pairs: [(String, Value)]) {
        self.pairs = pairs.map { (name: $0.0, value: $0.1) }
    }

    func name(of value: Value) -> String {
        for pair in pairs where pair.value == value { return pair.name }
        return pairs[0].name
    }

    /// The value named by `json`, or an edit error listing the accepted names.
    func value(of json: JSONValue) throws(EditValueError) -> Value {
        guard let name = json.string else { throw .expected(choices, got: json) }
        for pair in pairs where pair.name == name { return pair.value }
        throw .expected(choices, got: json)
    }

    private var choices: String { "one of " + pairs.map { "\"\($0.name)\"" }.joined(separator: ", ") }
}
