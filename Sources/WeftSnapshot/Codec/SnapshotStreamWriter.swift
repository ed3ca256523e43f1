import WeftJSON

/// Writes a document while its elements are read, parents before children, without building a
/// `Snapshot` value: the bytes are those of `Snapshot.encoded()` for the same document.
///
/// Capturing to a file this way allocates per element only what one element needs, and that is
/// freed before the next: a value tree of 100 000 elements takes tens of megabytes that
/// are written once, read once to encode, and freed.
///
/// ```swift
/// var stream = SnapshotStreamWriter(revision: 0, meta: meta)
/// stream.openElement(rootFields) { style in ... } props: { props in ... }  // a root's own fields
/// stream.openElement(childFields) { _ in } props: { _ in }                  // its first child
/// stream.closeElement()
/// stream.closeElement()
/// let bytes = stream.finish(rangeControllers: [])
/// ```
public struct SnapshotStreamWriter {
    private var writer: JSONWriter
    /// The elements opened and not yet closed, outermost first.
    private var open: [OpenElement] = []
    private var rootCount = 0

    /// What an open element implies for its children, and how many it has written.
    private struct OpenElement {
        var childCount = 0
        let kind: Snapshot.Element.Kind
        let constrainedSize: Snapshot.SizeRange
        /// Its own state for a node, what it inherited for a spec.
        let interfaceStatePassedDown: Snapshot.InterfaceState
    }

    /// `capacity`: the bytes to reserve (the buffer doubles as it fills).
    public init(revision: Int, meta: Snapshot.Meta, capacity: Int = 1 << 22) {
        writer = JSONWriter(capacity: capacity)
        Snapshot.encodeStart(revision: revision, meta: meta, into: &writer)
    }

    /// Starts an element with `fields` as its own fields (their `children` are not written): the
    /// next child of the element open now, or the next root when none is. The `style` and
    /// `props` members are what `style` and `props` put, read as they are written (the fields'
    /// own `style` and `props` are not written).
    public mutating func openElement(
        _ fields: Snapshot.Element, style: (inout JSONWriter.Sink) -> Void,
        props: (inout JSONWriter.Sink) -> Void
    ) {
        var implied = ImpliedValues.Context()
        if let parentIndex = open.indices.last {
            let parent = open[parentIndex]
            writer.raw(parent.childCount == 0 ? ",\"children\":[" : ",")
            implied = ImpliedValues.Context(
                constrainedSize: ImpliedValues.constrainedSize(
                    ofChildAt: parent.childCount, kind: fields.kind,
                    parentKind: parent.kind, parentRange: parent.constrainedSize),
                interfaceState: parent.interfaceStatePassedDown)
            open[parentIndex].childCount += 1
        } else {
            if rootCount > 0 { writer.byte(UInt8(ascii: ",")) }
            rootCount += 1
        }
        fields.encodeOwnFields(into: &writer, implied: implied, style: style, props: props)
        open.append(
            OpenElement(
                kind: fields.kind, constrainedSize: fields.constrainedSize,
                interfaceStatePassedDown: ImpliedValues.interfaceStatePassedDown(
                    by: fields, inherited: implied.interfaceState)))
    }

    /// Ends the element opened last.
    public mutating func closeElement() {
        let element = open.removeLast()
        if element.childCount > 0 { writer.byte(UInt8(ascii: "]")) }
        writer.byte(UInt8(ascii: "}"))
    }

    /// Ends the document (every element closed) and gives its bytes.
    public mutating func finish(rangeControllers: [Snapshot.RangeController]) -> [UInt8] {
        precondition(open.isEmpty, "SnapshotStreamWriter.finish with \(open.count) elements still open")
        Snapshot.encodeEnd(rangeControllers: rangeControllers, into: &writer)
        return writer.bytes
    }
}
