/// The layout-json names of one enum's values (`"spaceBetween"` for `.spaceBetween`), both
/// ways, in the order docs/layout-json.md lists them. The layout-json decoder reads names with
/// it and WeftCapture writes and edits them with the same tables (`LayoutNames`), so the
/// vocabularies cannot drift apart.
public struct LayoutNameTable<Value: Equatable & Sendable>: Sendable {
    /// Every name with its value; the first pair names the value nothing else matches.
    public let pairs: [(name: String, value: Value)]

    init(_ pairs: [(String, Value)]) {
        self.pairs = pairs.map { (name: $0.0, value: $0.1) }
    }

    /// The names, in order.
    public var names: [String] { pairs.map(\.name) }

    /// The name of `value` (the first pair's name for a value the table does not list).
    /// Inlinable: a capture names every non-default enum it writes, and a call from another
    /// module otherwise runs unspecialized (tuple metadata and witness calls per pair).
    @inlinable
    public func name(of value: Value) -> String {
        for pair in pairs where pair.value == value { return pair.name }
        return pairs[0].name
    }

    /// The value called `name`, or nil when no value has that name.
    public func value(named name: String) -> Value? {
        for pair in pairs where pair.name == name { return pair.value }
        return nil
    }
}
