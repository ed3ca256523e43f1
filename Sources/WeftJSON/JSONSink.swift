/// Where a reader puts a JSON value as it reads it, one piece at a time: built into a
/// `JSONObject` (`JSONBuilder`, for `Snapshot.Element` values) or written straight as JSON text
/// (`JSONWriter.Sink`, for documents written while the trees are walked). A reader written
/// once against this protocol serves both, so a value and a document never disagree, and the
/// document path builds no `JSONValue` only to write it and free it.
///
/// A reader puts an object's members as `key` then the value, and an array's elements as
/// values alone:
///
/// ```swift
/// sink.key("font")
/// sink.object { font in
///     font.member("size", 16)
///     font.member("weight", "bold")
/// }
/// ```
public protocol JSONSink {
    /// Whether the sink leaves out the values other values imply (`ImpliedValues`): JSON text
    /// does, an element value always holds them.
    static var leavesOutImpliedValues: Bool { get }

    /// Names the next value, a member of the object being put.
    mutating func key(_ key: String)
    /// Infinities and NaN take the snapshot's forms when written (`JSONWriter.number`).
    mutating func number(_ value: Double)
    mutating func string(_ value: String)
    mutating func bool(_ value: Bool)
    /// An object whose members `body` puts.
    mutating func object(_ body: (inout Self) -> Void)
    /// An array whose elements `body` puts.
    mutating func array(_ body: (inout Self) -> Void)
}

extension JSONSink {
    @inlinable
    public mutating func member(_ key: String, _ value: Double) {
        self.key(key)
        number(value)
    }

    @inlinable
    public mutating func member(_ key: String, _ value: String) {
        self.key(key)
        string(value)
    }

    @inlinable
    public mutating func member(_ key: String, _ value: Bool) {
        self.key(key)
        bool(value)
    }
}

/// Builds the `JSONObject` whose members a reader puts (`object`), or, for a nested array, the
/// array's elements.
public struct JSONBuilder: JSONSink {
    public static var leavesOutImpliedValues: Bool { false }

    /// The members put so far.
    public private(set) var object = JSONObject()
    /// The elements put so far, when this builds an array.
    private var elements: [JSONValue] = []
    private let buildsArray: Bool
    private var pendingKey = ""

    public init() {
        buildsArray = false
    }

    private init(buildingArray: Bool) {
        buildsArray = buildingArray
    }

    /// The object whose members `body` puts.
    public static func object(_ body: (inout JSONBuilder) -> Void) -> JSONObject {
        var builder = JSONBuilder()
        body(&builder)
        return builder.object
    }

    public mutating func key(_ key: String) { pendingKey = key }
    public mutating func number(_ value: Double) { append(.number(value)) }
    public mutating func string(_ value: String) { append(.string(value)) }
    public mutating func bool(_ value: Bool) { append(.bool(value)) }

    public mutating func object(_ body: (inout JSONBuilder) -> Void) {
        append(.object(Self.object(body)))
    }

    public mutating func array(_ body: (inout JSONBuilder) -> Void) {
        var builder = JSONBuilder(buildingArray: true)
        body(&builder)
        append(.array(builder.elements))
    }

    private mutating func append(_ value: JSONValue) {
        if buildsArray {
            if elements.isEmpty { elements.reserveCapacity(4) }
            elements.append(value)
        } else {
            // Most objects (a style, a node's props, a font) hold a few members: one allocation.
            if object.isEmpty { object.reserveCapacity(4) }
            object.append(key: pendingKey, value: value)
        }
    }
}

extension JSONWriter {
    /// Writes what a reader puts as compact JSON, with the commas between members and elements.
    /// A sink is only lent to a reader (`nonEmptyObject`), for the time of the call, and writes
    /// through a pointer to the writer that lent it: holding a copy of the writer cost a retain
    /// and a release of its storage, twice per element of a capture.
    public struct Sink: JSONSink {
        public static var leavesOutImpliedValues: Bool { true }

        @usableFromInline let lender: UnsafeMutablePointer<JSONWriter>
        /// Whether a value was put since the innermost object or array opened.
        @usableFromInline var needsComma = false

        @usableFromInline init(_ lender: UnsafeMutablePointer<JSONWriter>) {
            self.lender = lender
        }

        @inlinable var writer: JSONWriter {
            _read { yield lender.pointee }
            nonmutating _modify { yield &lender.pointee }
        }

        @inlinable public mutating func key(_ key: String) {
            if needsComma { writer.byte(UInt8(ascii: ",")) }
            writer.string(key)
            writer.byte(UInt8(ascii: ":"))
            needsComma = false
        }

        @inlinable public mutating func number(_ value: Double) {
            separate()
            writer.number(value)
        }

        @inlinable public mutating func string(_ value: String) {
            separate()
            writer.string(value)
        }

        @inlinable public mutating func bool(_ value: Bool) {
            separate()
            writer.bool(value)
        }

        @inlinable public mutating func object(_ body: (inout Sink) -> Void) {
            nested(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), body)
        }

        @inlinable public mutating func array(_ body: (inout Sink) -> Void) {
            nested(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), body)
        }

        @inlinable mutating func nested(open: UInt8, close: UInt8, _ body: (inout Sink) -> Void) {
            separate()
            writer.byte(open)
            needsComma = false
            body(&self)
            writer.byte(close)
            needsComma = true
        }

        /// The comma before a value that follows another (a member's value follows its key).
        @inlinable @inline(__always)
        mutating func separate() {
            if needsComma { writer.byte(UInt8(ascii: ",")) }
            needsComma = true
        }
    }

    /// Writes `prefix{members}` with the members `body` puts, or nothing when it puts none
    /// (documents leave out an empty `style` or `props`, which is only known once read).
    package mutating func nonEmptyObject(_ prefix: StaticString, _ body: (inout Sink) -> Void) {
        let start = count
        raw(prefix)
        byte(UInt8(ascii: "{"))
        let membersStart = count
        withUnsafeMutablePointer(to: &self) { writer in
            var sink = Sink(writer)
            body(&sink)
        }
        if count == membersStart { removeLast(count - start) } else { byte(UInt8(ascii: "}")) }
    }
}
