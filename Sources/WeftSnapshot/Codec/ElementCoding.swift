import WeftJSON

extension Snapshot.Element {
    /// Writes the element (and its subtree) as one JSON object, omitting default and implied
    /// fields (`ElementField.isOmitted`).
    public func encode(into writer: inout JSONWriter) {
        encode(into: &writer, implied: ImpliedValues.Context())
    }

    /// `implied`: what the elements written around this one imply for it (`ImpliedValues`).
    func encode(into writer: inout JSONWriter, implied: ImpliedValues.Context) {
        encodeOwnFields(into: &writer, implied: implied)
        if !children.isEmpty {
            writer.byte(UInt8(ascii: ","))
            ElementField.children.encode(self, into: &writer, implied: implied)
        }
        writer.byte(UInt8(ascii: "}"))
    }

    /// Opens the element's object and writes every field but `children` (the object stays open
    /// for them).
    func encodeOwnFields(into writer: inout JSONWriter, implied: ImpliedValues.Context) {
        encodeID(into: &writer)
        encodeFields(ElementField.ownFieldsAfterID, into: &writer, implied: implied)
    }

    /// The same, with the `style` and `props` members that `style` and `props` put instead of
    /// the element's own (a document written while the trees are read: they are put as they
    /// are read, never built).
    func encodeOwnFields(
        into writer: inout JSONWriter, implied: ImpliedValues.Context,
        style: (inout JSONWriter.Sink) -> Void, props: (inout JSONWriter.Sink) -> Void
    ) {
        encodeID(into: &writer)
        encodeFields(ElementField.ownFieldsBeforeStyle, into: &writer, implied: implied)
        writer.nonEmptyObject(",\"style\":", style)
        writer.nonEmptyObject(",\"props\":", props)
        encodeFields(ElementField.ownFieldsAfterProps, into: &writer, implied: implied)
    }

    /// `{"id":...`: every element writes its id first, so every other field follows a comma.
    private func encodeID(into writer: inout JSONWriter) {
        writer.byte(UInt8(ascii: "{"))
        ElementField.id.encode(self, into: &writer)
    }

    /// `,"key":value` for each of `fields` the element does not leave out.
    private func encodeFields(_ fields: [ElementField], into writer: inout JSONWriter, implied: ImpliedValues.Context) {
        for field in fields where !field.isOmitted(in: self, implied: implied) {
            writer.byte(UInt8(ascii: ","))
            field.encode(self, into: &writer, implied: implied)
        }
    }

    /// Compact JSON of this element and its subtree (`Tree.getElement`).
    public func encoded() -> [UInt8] {
        var writer = JSONWriter(capacity: 1024)
        encode(into: &writer)
        return writer.bytes
    }

    /// Reads one element from JSON text (`Tree.getElement`, `add` ops).
    public init(json bytes: some Collection<UInt8>) throws {
        self = try JSONScanner.scan(bytes) { try Snapshot.Element(from: &$0) }
    }

    /// Reads an element object; unknown keys are errors (a misspelt field must not vanish). A
    /// spec without `className` gets the one its `type` implies (`ImpliedValues`).
    /// A whole element (a document's root, an `add` op's element): nothing is written around it,
    /// so an interface state it leaves out is the default, and its subtree's are inherited.
    init(from scanner: inout JSONScanner) throws {
        var constrainedSizeGiven = false
        try self.init(from: &scanner, constrainedSizeGiven: &constrainedSizeGiven)
        ImpliedValues.fillInterfaceStates(in: &self, inherited: [])
    }

    /// Also tells whether the element wrote its `constrainedSize`: its parent may imply it.
    private init(from scanner: inout JSONScanner, constrainedSizeGiven: inout Bool) throws {
        let start = scanner.position
        var element = Snapshot.Element(id: "", className: "")
        var seen = SeenKeys()
        var calculatedSizeGiven = false
        var firstChildConstrainedSizeGiven = true
        try scanner.readObjectKeyBytes { scanner, key in
            guard let field = ElementField(keyBytes: key) else {
                throw scanner.error("unknown element key \"\(String(decoding: key, as: UTF8.self))\"")
            }
            try seen.insert(field.index, key: field.rawValue, scanner: scanner)
            if field == .children {
                var children: [Snapshot.Element] = []
                try scanner.readArray { scanner, index in
                    var given = false
                    children.append(try Snapshot.Element(from: &scanner, constrainedSizeGiven: &given))
                    if index == 0 { firstChildConstrainedSizeGiven = given }
                }
                element.children = children
            } else {
                try field.decode(from: &scanner, into: &element)
            }
            if field == .calculatedSize { calculatedSizeGiven = true }
        }
        constrainedSizeGiven = seen.contains(ElementField.constrainedSize.index)
        if element.kind == .node, !seen.contains(ElementField.interfaceState.index) {
            element.interfaceState = ImpliedValues.inheritedInterfaceState
        }
        // After the whole object: the parent's constrainedSize may come after its children.
        if !firstChildConstrainedSizeGiven, let implied = ImpliedValues.constrainedSize(ofChildAt: 0, in: element) {
            element.children[0].constrainedSize = implied
        }
        if !seen.contains(ElementField.id.index) { throw scanner.error("element is missing \"id\"", at: start) }
        if element.kind == .spec, !seen.contains(ElementField.type.index) {
            throw scanner.error("a spec element needs \"type\"", at: start)
        }
        if !seen.contains(ElementField.className.index) {
            guard element.kind == .spec, let implied = ImpliedValues.specClassName(ofType: element.type) else {
                let whose = element.kind == .spec ? "a spec of type \"\(element.type)\"" : "a node"
                throw scanner.error("element is missing \"className\" (\(whose) always writes it)", at: start)
            }
            element.className = implied
        }
        if !calculatedSizeGiven { element.calculatedSize = element.frame.size }
        self = element
    }
}

extension ElementField {
    /// The field whose JSON key has these UTF-8 bytes. The length and one letter pick the only
    /// candidate, whose spelling is then checked: about a tenth of the cost of trying every key.
    init?(keyBytes: UnsafeBufferPointer<UInt8>) {
        let candidate: ElementField?
        switch (keyBytes.count, keyBytes.first ?? 0) {
        case (2, _): candidate = .id
        case (4, UInt8(ascii: "k")): candidate = .kind
        case (4, UInt8(ascii: "t")): candidate = .type
        case (5, UInt8(ascii: "f")): candidate = .frame
        case (5, UInt8(ascii: "s")): candidate = .style
        case (5, UInt8(ascii: "p")): candidate = .props
        case (8, UInt8(ascii: "c")): candidate = .children
        case (8, UInt8(ascii: "t")): candidate = .tappable
        case (9, UInt8(ascii: "c")): candidate = .className
        case (9, UInt8(ascii: "d")): candidate = .debugName
        case (14, UInt8(ascii: "c")): candidate = .calculatedSize
        case (14, UInt8(ascii: "i")): candidate = .interfaceState
        case (15, _): candidate = .constrainedSize
        default: candidate = nil
        }
        guard let candidate else { return nil }
        let spelling = ElementField.keyBytes[candidate.index]
        guard spelling.count == keyBytes.count else { return nil }
        for index in 0..<spelling.count where spelling[index] != keyBytes[index] { return nil }
        self = candidate
    }

    /// Each field's key as UTF-8, by `index`.
    private static let keyBytes: [[UInt8]] = allCases.map { Array($0.rawValue.utf8) }

    /// Position in `allCases` (bit number in `SeenKeys`).
    var index: Int {
        switch self {
        case .id: 0
        case .kind: 1
        case .type: 2
        case .className: 3
        case .debugName: 4
        case .frame: 5
        case .constrainedSize: 6
        case .calculatedSize: 7
        case .style: 8
        case .props: 9
        case .tappable: 10
        case .interfaceState: 11
        case .children: 12
        }
    }
}
