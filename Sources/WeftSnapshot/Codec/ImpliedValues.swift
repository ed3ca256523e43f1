import WeftJSON
import WeftLayout

/// The values a document may leave out because other values of the same element imply them
/// (docs/snapshot-format.md, "Implied values"). They are redundant data, not information:
///
/// - a spec's `className` is implied by its layout-json `type`: Texture's class of that type
///   (`stack` -> `ASStackLayoutSpec`, from `LayoutSpecType`). A custom type (`custom`) implies
///   none, and nodes always write their class. Left out only in whole elements (documents, `add`
///   ops): a `set` op may carry `className` without the `type` it would depend on.
/// - `props.lines` is implied by `props.text`: `[text]`, the text drawn on one line as it is.
///   Wrapped, truncated or trimmed text writes its lines; so does an empty text, which draws no
///   lines (`"lines": []`).
/// - `props.image.decodedBytes` is implied by the pixel size: `pixelWidth * pixelHeight * 4`
///   (docs/texture-semantics.md section 7).
/// - the `constrainedSize` of a node's layout root (its first child, when a spec) is implied by
///   the node's: a node lays out its spec in the range it was given.
/// - a node's `interfaceState` is implied by its nearest node ancestor's: a subtree shares its
///   state unless a container's range says otherwise (specs have none and pass it through).
///
/// The last two depend on the elements written around: they are left out only inside a whole
/// element's subtree (a document, an `add` op's element), and the element an `add` op adds, with
/// nothing written around it, writes its own (the default state is empty, the default range
/// unconstrained).
///
/// The model always holds these values. The encoder leaves out a value equal to the implied one
/// (in the place the decoder puts it back: `lines` right after `text`, `decodedBytes` last in
/// `image`, which is where capture puts them), and the decoder fills in what is missing, so
/// `decode(encode(x)) == x` for every complete element (a text with its `lines`, an image with its
/// `decodedBytes`, as capture makes them; a model without them reads back with them). Explicit
/// values are always allowed. A reader that puts props into a `JSONSink` puts `lines` and
/// `decodedBytes` through `putLines` and `putDecodedBytes`, which leave them out of JSON text
/// by the same rules.
public enum ImpliedValues {
    /// Texture's class name implied by a spec's layout-json `type`; nil for a custom type.
    static func specClassName(ofType type: String) -> String? {
        LayoutSpecType(rawValue: type)?.textureClassName
    }

    /// Whether the element is a spec whose `className` its `type` implies.
    static func isImpliedClassName(of element: Snapshot.Element) -> Bool {
        element.kind == .spec && specClassName(ofType: element.type) == element.className
    }

    /// What the elements written around an element imply for it.
    struct Context {
        /// Its layout root's range, when the element is one (`constrainedSize(ofChildAt:in:)`).
        var constrainedSize: Snapshot.SizeRange?
        /// Its nearest node ancestor's interface state (empty for a whole element).
        var interfaceState: Snapshot.InterfaceState = []
    }

    /// The interface state `element`'s children inherit: its own for a node, what it inherited
    /// for a spec.
    static func interfaceStatePassedDown(by element: Snapshot.Element, inherited: Snapshot.InterfaceState)
        -> Snapshot.InterfaceState
    {
        element.kind == .node ? element.interfaceState : inherited
    }

    /// Stands, while a whole element is read, for a node's interface state left out: a reader's
    /// value, never a document's (those are counts, never negative).
    static let inheritedInterfaceState = Snapshot.InterfaceState(rawValue: -1)

    /// Gives the nodes of a whole element read from JSON the states their ancestors imply.
    static func fillInterfaceStates(in element: inout Snapshot.Element, inherited: Snapshot.InterfaceState) {
        if element.kind == .node, element.interfaceState == inheritedInterfaceState { element.interfaceState = inherited }
        let passedDown = interfaceStatePassedDown(by: element, inherited: inherited)
        for index in element.children.indices {
            fillInterfaceStates(in: &element.children[index], inherited: passedDown)
        }
    }

    /// The `constrainedSize` that `parent` implies for its child at `index`: the parent's own,
    /// for a node's layout root spec; nil (no implied value) for any other child.
    static func constrainedSize(ofChildAt index: Int, in parent: Snapshot.Element) -> Snapshot.SizeRange? {
        guard let child = parent.children.first else { return nil }
        return constrainedSize(ofChildAt: index, kind: child.kind, parentKind: parent.kind, parentRange: parent.constrainedSize)
    }

    /// The same, knowing only the child's kind and the parent's kind and range (a writer that
    /// has not seen the parent's other children).
    static func constrainedSize(
        ofChildAt index: Int, kind: Snapshot.Element.Kind, parentKind: Snapshot.Element.Kind,
        parentRange: Snapshot.SizeRange
    ) -> Snapshot.SizeRange? {
        guard index == 0, parentKind == .node, kind == .spec else { return nil }
        return parentRange
    }

    /// Whether `lines` is `[text]`.
    static func isImpliedLines(_ lines: JSONValue, text: JSONValue) -> Bool {
        guard case .string(let text) = text, case .array(let lines) = lines, lines.count == 1,
            case .string(let line) = lines[0]
        else { return false }
        return isImpliedLines(CollectionOfOne(line), text: text)
    }

    @inlinable
    static func isImpliedLines(_ lines: some Collection<String>, text: String) -> Bool {
        lines.count == 1 && lines.first! == text
    }

    /// `pixelWidth * pixelHeight * 4` when the image object has both sizes as numbers.
    static func decodedBytes(of image: JSONObject) -> Double? {
        guard let width = image["pixelWidth"]?.number, let height = image["pixelHeight"]?.number else { return nil }
        return decodedBytes(pixelWidth: width, pixelHeight: height)
    }

    /// Four bytes a pixel.
    @inlinable
    static func decodedBytes(pixelWidth: Double, pixelHeight: Double) -> Double {
        pixelWidth * pixelHeight * 4
    }

    /// Puts a text's `lines` member, right after its `text` member, unless the sink leaves out
    /// implied values and the lines are `[text]`.
    @inlinable
    public static func putLines<Sink: JSONSink>(_ lines: some Collection<String>, text: String, into sink: inout Sink) {
        if Sink.leavesOutImpliedValues, isImpliedLines(lines, text: text) { return }
        sink.key("lines")
        sink.array { array in
            for line in lines { array.string(line) }
        }
    }

    /// Puts an image's `decodedBytes` member, its last, unless the sink leaves out implied
    /// values and the pixel size implies it.
    @inlinable
    public static func putDecodedBytes<Sink: JSONSink>(
        _ bytes: Double, pixelWidth: Double, pixelHeight: Double,
        into sink: inout Sink
    ) {
        if Sink.leavesOutImpliedValues, bytes == decodedBytes(pixelWidth: pixelWidth, pixelHeight: pixelHeight) { return }
        sink.member("decodedBytes", bytes)
    }

    /// The index of the entry of `props` the encoder leaves out (`lines` after an equal `text`),
    /// and, when `image`'s last entry is an implied `decodedBytes`, the index of `image`.
    static func omissions(in props: JSONObject) -> (lines: Int?, image: Int?) {
        var lines: Int?
        var image: Int?
        let entries = props.entries
        for index in entries.indices {
            switch entries[index].key {
            case "lines":
                if index > 0, entries[index - 1].key == "text",
                    isImpliedLines(entries[index].value, text: entries[index - 1].value)
                {
                    lines = index
                }
            case "image":
                if case .object(let object) = entries[index].value, let last = object.entries.last,
                    last.key == "decodedBytes", let implied = decodedBytes(of: object), last.value == .number(implied)
                {
                    image = index
                }
            default: break
            }
        }
        return (lines, image)
    }

    /// Puts back what a document left out of `props`: `lines` right after `text`, and
    /// `decodedBytes` at the end of `image`.
    static func fill(_ props: inout JSONObject) {
        var textIndex: Int?
        var hasLines = false
        var imageIndex: Int?
        for (index, entry) in props.entries.enumerated() {
            switch entry.key {
            case "text": if case .string = entry.value { textIndex = index }
            case "lines": hasLines = true
            case "image": imageIndex = index
            default: break
            }
        }
        if let imageIndex, case .object(var image) = props.entries[imageIndex].value,
            image["decodedBytes"] == nil, let implied = decodedBytes(of: image)
        {
            image.append(key: "decodedBytes", value: .number(implied))
            props.replaceValue(at: imageIndex, with: .object(image))
        }
        if let textIndex, !hasLines {
            props.insert(key: "lines", value: .array([props.entries[textIndex].value]), at: textIndex + 1)
        }
    }
}

extension JSONWriter {
    /// Writes an element's `props`, leaving out the implied `lines` and `decodedBytes`.
    mutating func props(_ props: JSONObject) {
        let (omittedLines, compactImage) = ImpliedValues.omissions(in: props)
        guard omittedLines != nil || compactImage != nil else { return object(props) }
        byte(UInt8(ascii: "{"))
        var first = true
        for (index, entry) in props.entries.enumerated() where index != omittedLines {
            if !first { byte(UInt8(ascii: ",")) }
            first = false
            string(entry.key)
            byte(UInt8(ascii: ":"))
            if index == compactImage, case .object(let image) = entry.value {
                members(image.entries.dropLast())
            } else {
                value(entry.value)
            }
        }
        byte(UInt8(ascii: "}"))
    }

    /// `{"key":value,...}` of these members.
    private mutating func members(_ entries: ArraySlice<JSONObject.Entry>) {
        byte(UInt8(ascii: "{"))
        for (index, entry) in entries.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            string(entry.key)
            byte(UInt8(ascii: ":"))
            value(entry.value)
        }
        byte(UInt8(ascii: "}"))
    }
}
