import WeftJSON

/// One change to a snapshot document, addressed by element id (docs/protocol.md, Updates).
/// `UpdateOps.diff` produces them, `UpdateOps.apply` replays them, and `Tree.updated` events
/// carry them as JSON.
public enum UpdateOp: Hashable, Sendable {
    /// Insert `element` (with its subtree) as child `index` of `parent` (nil: the root list).
    case add(parent: String?, index: Int, element: Snapshot.Element)
    /// Remove the element and its subtree.
    case remove(id: String)
    /// Move the element (with its subtree); `index` is its position in the new parent after the move.
    case move(id: String, parent: String?, index: Int)
    /// Replace each field in `fields` whole (keys are `ElementField` names, values their JSON
    /// forms), then reset the fields named in `unset` to their defaults.
    case set(id: String, fields: JSONObject, unset: [String])
    /// Add a range controller, or replace the one with the same id.
    case range(Snapshot.RangeController)
    /// Remove a range controller.
    case rangeRemoved(id: String)

    /// The op's name on the wire (`add`, `remove`...).
    public var name: String {
        switch self {
        case .add: "add"
        case .remove: "remove"
        case .move: "move"
        case .set: "set"
        case .range: "range"
        case .rangeRemoved: "rangeRemoved"
        }
    }
}

/// Why an op could not be applied: which op (its position in the list) and what did not fit.
public struct UpdateOpError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Position of the failing op in the list; nil when the document itself could not be used.
    public var opIndex: Int?
    /// The failing op's name (`move`...).
    public var op: String?
    public var message: String

    public init(opIndex: Int?, op: String?, message: String) {
        self.opIndex = opIndex
        self.op = op
        self.message = message
    }

    /// `op 3 (move): unknown element id "n9"`.
    public var description: String {
        guard let opIndex, let op else { return message }
        return "op \(opIndex) (\(op)): \(message)"
    }
}

// MARK: JSON

extension UpdateOp {
    /// Writes the op as a JSON object, `op` first.
    public func encode(into writer: inout JSONWriter) {
        writer.raw("{\"op\":")
        writer.string(name)
        switch self {
        case .add(let parent, let index, let element):
            writer.parentAndIndex(parent, index)
            writer.raw(",\"element\":")
            element.encode(into: &writer)
        case .remove(let id), .rangeRemoved(let id):
            writer.raw(",\"id\":")
            writer.string(id)
        case .move(let id, let parent, let index):
            writer.raw(",\"id\":")
            writer.string(id)
            writer.parentAndIndex(parent, index)
        case .set(let id, let fields, let unset):
            writer.raw(",\"id\":")
            writer.string(id)
            if !fields.isEmpty {
                writer.raw(",\"fields\":")
                writer.object(fields)
            }
            if !unset.isEmpty {
                writer.raw(",\"unset\":")
                writer.value(.array(unset.map(JSONValue.string)))
            }
        case .range(let controller):
            writer.raw(",\"controller\":")
            controller.encode(into: &writer)
        }
        writer.byte(UInt8(ascii: "}"))
    }

    /// Compact JSON of a list of ops (the `ops` of `Tree.updated`).
    public static func encode(_ ops: [UpdateOp]) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 * max(1, ops.count))
        encode(ops, into: &writer)
        return writer.bytes
    }

    public static func encode(_ ops: [UpdateOp], into writer: inout JSONWriter) {
        writer.byte(UInt8(ascii: "["))
        for (index, op) in ops.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            op.encode(into: &writer)
        }
        writer.byte(UInt8(ascii: "]"))
    }

    /// Reads a JSON array of ops.
    public static func decode(_ bytes: some Collection<UInt8>) throws -> [UpdateOp] {
        try JSONScanner.scan(bytes) { scanner in
            var ops: [UpdateOp] = []
            try scanner.readArray { scanner, _ in ops.append(try UpdateOp(from: &scanner)) }
            return ops
        }
    }

    /// Reads one op object; unknown keys and missing ones are errors.
    init(from scanner: inout JSONScanner) throws {
        let start = scanner.position
        var name: String?
        var id: String?
        var parent: String?
        var index: Int?
        var element: Snapshot.Element?
        var fields: JSONObject?
        var unset: [String]?
        var controller: Snapshot.RangeController?
        try scanner.readObject { scanner, key in
            switch key {
            case "op": name = try scanner.readString()
            case "id": id = try scanner.readString()
            case "parent": parent = try scanner.readNullIfPresent() ? nil : try scanner.readString()
            case "index": index = try scanner.readCount()
            case "element": element = try Snapshot.Element(from: &scanner)
            case "fields": fields = try scanner.readJSONObject()
            case "unset":
                var names: [String] = []
                try scanner.readArray { scanner, _ in names.append(try scanner.readString()) }
                unset = names
            case "controller": controller = try Snapshot.RangeController(from: &scanner)
            default: throw scanner.error("unknown op key \"\(key)\"")
            }
        }
        func require<T>(_ value: T?, _ key: String) throws -> T {
            guard let value else { throw scanner.error("\(name ?? "op") op needs \"\(key)\"", at: start) }
            return value
        }
        switch try require(name, "op") {
        case "add": self = .add(parent: parent, index: try require(index, "index"), element: try require(element, "element"))
        case "remove": self = .remove(id: try require(id, "id"))
        case "move": self = .move(id: try require(id, "id"), parent: parent, index: try require(index, "index"))
        case "set": self = .set(id: try require(id, "id"), fields: fields ?? JSONObject(), unset: unset ?? [])
        case "range": self = .range(try require(controller, "controller"))
        case "rangeRemoved": self = .rangeRemoved(id: try require(id, "id"))
        case let other:
            throw scanner.error("unknown op \"\(other)\" (expected add, remove, move, set, range, rangeRemoved)", at: start)
        }
    }
}

extension JSONWriter {
    /// `,"parent":"n1","index":2`; the root list is `"parent":null`.
    fileprivate mutating func parentAndIndex(_ parent: String?, _ index: Int) {
        raw(",\"parent\":")
        if let parent { string(parent) } else { raw("null") }
        raw(",\"index\":")
        int(index)
    }
}
