import WeftJSON

/// The top-level fields of an element, in the order documents write them. Each field knows its
/// JSON key, its default, and how to write and read itself, so the encoder, the decoder, the
/// `set` update op and the diffs all treat fields the same way (one table, no per-field copies).
public enum ElementField: String, CaseIterable, Sendable {
    case id, kind, type, className, debugName, frame, constrainedSize, calculatedSize
    case style, props, tappable, interfaceState, children

    /// Fields a `set` op may carry. `id` names the element and `children` change only through
    /// `add`, `remove` and `move`.
    public var isSettable: Bool { self != .id && self != .children }

    /// Fields an element cannot be without (a `set` op cannot unset them). A document may still
    /// leave out a spec's `className` when its `type` implies it (`isOmitted`).
    public var isRequired: Bool { self == .id || self == .className }

    /// The settable fields, in document order.
    public static let settable: [ElementField] = allCases.filter(\.isSettable)

    /// Every field but `id` (written first) and `children` (written last), in document order.
    static let ownFieldsAfterID: [ElementField] = allCases.filter { $0 != .id && $0 != .children }
    /// Those before `style`, and those after `props` (`Snapshot.Element.encodeOwnFields`).
    static let ownFieldsBeforeStyle = Array(ownFieldsAfterID.prefix { $0 != .style })
    static let ownFieldsAfterProps = Array(ownFieldsAfterID.drop { $0 != .props }.dropFirst())

    /// Whether the element's value of this field is the default, which documents omit.
    /// `calculatedSize` defaults to the frame's size.
    public func isDefault(in element: Snapshot.Element) -> Bool {
        switch self {
        case .id, .className: false
        case .kind: element.kind == .node
        case .type: element.type == Snapshot.Element.defaultType
        case .debugName: element.debugName == nil
        case .frame: element.frame == .zero
        case .constrainedSize: element.constrainedSize == .unconstrained
        case .calculatedSize: element.calculatedSize == element.frame.size
        case .style: element.style.isEmpty
        case .props: element.props.isEmpty
        case .tappable: element.tappable == nil
        case .interfaceState: element.interfaceState.isEmpty
        case .children: element.children.isEmpty
        }
    }

    /// Whether a whole element's JSON (a document's, an `add` op's) leaves the field out: its
    /// value is the default, or it is a spec's `className` that the spec's `type` implies
    /// (`ImpliedValues`). A `set` op writes every field it carries, `className` included.
    /// `implied`: what the elements written around it imply for the element.
    func isOmitted(in element: Snapshot.Element, implied: ImpliedValues.Context = ImpliedValues.Context()) -> Bool {
        switch self {
        case .className: ImpliedValues.isImpliedClassName(of: element)
        case .constrainedSize: element.constrainedSize == implied.constrainedSize ?? .unconstrained
        case .interfaceState: element.interfaceState == (element.kind == .node ? implied.interfaceState : [])
        default: isDefault(in: element)
        }
    }

    /// Resets the field to its default (`unset` of a `set` op). `calculatedSize` takes the
    /// element's current frame size, so apply `fields` before `unset`.
    func reset(in element: inout Snapshot.Element) {
        switch self {
        case .id, .className: break
        case .kind: element.kind = .node
        case .type: element.type = Snapshot.Element.defaultType
        case .debugName: element.debugName = nil
        case .frame: element.frame = .zero
        case .constrainedSize: element.constrainedSize = .unconstrained
        case .calculatedSize: element.calculatedSize = element.frame.size
        case .style: element.style = JSONObject()
        case .props: element.props = JSONObject()
        case .tappable: element.tappable = nil
        case .interfaceState: element.interfaceState = []
        case .children: element.children = []
        }
    }

    /// Whether documents written from `a` and from `b` differ in this field. For
    /// `calculatedSize`, whose default follows the frame, that is: one omits it and the other
    /// does not, or both write it with different values (two omitted sizes follow their frames,
    /// and a frame change is its own field).
    public func differs(_ a: Snapshot.Element, _ b: Snapshot.Element) -> Bool {
        switch self {
        case .id: a.id != b.id
        case .kind: a.kind != b.kind
        case .type: a.type != b.type
        case .className: a.className != b.className
        case .debugName: a.debugName != b.debugName
        case .frame: a.frame != b.frame
        case .constrainedSize: a.constrainedSize != b.constrainedSize
        case .calculatedSize:
            isDefault(in: a) != isDefault(in: b) || (!isDefault(in: b) && a.calculatedSize != b.calculatedSize)
        case .style: a.style != b.style
        case .props: a.props != b.props
        case .tappable: a.tappable != b.tappable
        case .interfaceState: a.interfaceState != b.interfaceState
        case .children: a.children != b.children
        }
    }

    /// Writes `"key":value` for this field of `element` (callers skip defaults). `props` leaves
    /// out its implied values (`ImpliedValues`).
    /// `implied`: what the elements written around it imply for the element (its children's
    /// implied values follow from it).
    func encode(
        _ element: Snapshot.Element, into writer: inout JSONWriter, implied: ImpliedValues.Context = ImpliedValues.Context()
    ) {
        switch self {
        case .id:
            writer.key("id")
            writer.string(element.id)
        case .kind:
            writer.key("kind")
            writer.string(element.kind.rawValue)
        case .type:
            writer.key("type")
            writer.string(element.type)
        case .className:
            writer.key("className")
            writer.string(element.className)
        case .debugName:
            writer.key("debugName")
            writer.string(element.debugName ?? "")
        case .frame:
            writer.key("frame")
            writer.rect(element.frame)
        case .constrainedSize:
            writer.key("constrainedSize")
            writer.sizeRange(element.constrainedSize)
        case .calculatedSize:
            writer.key("calculatedSize")
            writer.size(element.calculatedSize)
        case .style:
            writer.key("style")
            writer.object(element.style)
        case .props:
            writer.key("props")
            writer.props(element.props)
        case .tappable:
            writer.key("tappable")
            writer.tappable(element.tappable ?? Snapshot.Tappable(rect: .zero))
        case .interfaceState:
            writer.key("interfaceState")
            writer.int(element.interfaceState.rawValue)
        case .children:
            writer.key("children")
            writer.byte(UInt8(ascii: "["))
            // By index: a loop variable would copy each child (a reference count operation per
            // field of every element below).
            for index in element.children.indices {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                element.children[index].encode(
                    into: &writer,
                    implied: ImpliedValues.Context(
                        constrainedSize: ImpliedValues.constrainedSize(ofChildAt: index, in: element),
                        interfaceState: ImpliedValues.interfaceStatePassedDown(by: element, inherited: implied.interfaceState)))
            }
            writer.byte(UInt8(ascii: "]"))
        }
    }

    /// Reads this field's value from the scanner into `element`; `props` gets its implied values
    /// back.
    func decode(from scanner: inout JSONScanner, into element: inout Snapshot.Element) throws {
        switch self {
        case .id: element.id = try scanner.readString()
        case .kind:
            let start = scanner.position
            let text = try scanner.readString()
            guard let kind = Snapshot.Element.Kind(rawValue: text) else {
                throw scanner.error("unknown kind \"\(text)\" (expected \"node\" or \"spec\")", at: start)
            }
            element.kind = kind
        case .type: element.type = try scanner.readString()
        case .className: element.className = try scanner.readString()
        case .debugName: element.debugName = try scanner.readString()
        case .frame: element.frame = try scanner.readRect()
        case .constrainedSize: element.constrainedSize = try scanner.readSizeRange()
        case .calculatedSize: element.calculatedSize = try scanner.readSize()
        case .style: element.style = try scanner.readJSONObject()
        case .props:
            element.props = try scanner.readJSONObject()
            ImpliedValues.fill(&element.props)
        case .tappable: element.tappable = try scanner.readTappable()
        case .interfaceState: element.interfaceState = Snapshot.InterfaceState(rawValue: try scanner.readCount())
        case .children:
            // Read by `Snapshot.Element(from:)`, which knows the children's implied values.
            preconditionFailure("children are read with their parent")
        }
    }

    /// The field's value as a `JSONValue` (the `fields` of a `set` op): what reading the
    /// field's JSON gives. The fields that change frame after frame (a list scrolls: every
    /// cell's `frame`) are built directly, which costs a tenth of writing and reading; the
    /// others are written and read back, so that implied values and number forms stay the
    /// writer's alone.
    public func jsonValue(of element: Snapshot.Element) -> JSONValue {
        switch self {
        case .frame:
            let frame = element.frame
            return .array([.read(frame.x), .read(frame.y), .read(frame.width), .read(frame.height)])
        case .calculatedSize: return .array([.read(element.calculatedSize.width), .read(element.calculatedSize.height)])
        case .interfaceState: return .number(Double(element.interfaceState.rawValue))
        default: return writtenAndReadBack(of: element)
        }
    }

    private func writtenAndReadBack(of element: Snapshot.Element) -> JSONValue {
        var writer = JSONWriter(capacity: 64)
        writer.byte(UInt8(ascii: "{"))
        encode(element, into: &writer)
        writer.byte(UInt8(ascii: "}"))
        // The writer's output is valid JSON by construction.
        let object = try! JSONReader.parse(writer.bytes)
        return object.object!.entries[0].value
    }

    /// Sets the field of `element` from a `JSONValue`, with the document's validation.
    public func assign(_ value: JSONValue, to element: inout Snapshot.Element) throws {
        try JSONScanner.scan(value.jsonBytes) { scanner in
            try withPath(.key(rawValue)) { try decode(from: &scanner, into: &element) }
        }
    }
}

extension JSONWriter {
    mutating func tappable(_ tappable: Snapshot.Tappable) {
        raw("{\"rect\":")
        rect(tappable.rect)
        if !tappable.restricted.isEmpty {
            raw(",\"restricted\":")
            flags(tappable.restricted, Snapshot.Edges.named)
        }
        if !tappable.clipped.isEmpty {
            raw(",\"clipped\":")
            flags(tappable.clipped, Snapshot.Edges.named)
        }
        byte(UInt8(ascii: "}"))
    }
}

extension JSONScanner {
    mutating func readTappable() throws -> Snapshot.Tappable {
        var rect: Snapshot.Rect?
        var tappable = Snapshot.Tappable(rect: .zero)
        let edgeNames = Snapshot.Edges.named
        try readObject { scanner, key in
            switch key {
            case "rect": rect = try scanner.readRect()
            case "restricted": tappable.restricted = try scanner.readFlags(edgeNames)
            case "clipped": tappable.clipped = try scanner.readFlags(edgeNames)
            default: throw scanner.error("unknown key \"\(key)\" (expected \"rect\", \"restricted\", \"clipped\")")
            }
        }
        guard let rect else { throw error("tappable needs \"rect\"") }
        tappable.rect = rect
        return tappable
    }
}
