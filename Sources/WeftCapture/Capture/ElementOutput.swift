import WeftJSON
import WeftNodes
import WeftSnapshot

/// Where `TreeCapturer` puts the elements it reads, parents before children: into element
/// values (`ElementTree`, for documents and diffs), into subtrees shared with earlier captures
/// (`CapturedTree`, for streaming) or straight into a document's JSON (`SnapshotStreamWriter`,
/// for files: no tree of values is built, then encoded, then freed). One walk serves all three,
/// so a file, a value and an update never disagree.
protocol ElementOutput {
    /// An element being built: its own fields read, its children to come.
    associatedtype Open
    /// A finished element, as its parent takes it.
    associatedtype Closed
    /// Where an element's `style` and `props` are put as they are read: built into objects, or
    /// written as JSON.
    associatedtype Sink: JSONSink

    /// Starts an element with its own fields (`fields.children`, `style` and `props` are
    /// empty), and the `style` and `props` that `style` and `props` put. `childCapacity`: at
    /// most how many children will follow. Consuming: the element tree keeps the fields
    /// without copying them.
    mutating func open(
        _ fields: consuming Snapshot.Element, childCapacity: Int, style: (inout Sink) -> Void,
        props: (inout Sink) -> Void
    ) -> Open
    /// Adds the next finished child of `parent`.
    mutating func append(_ child: Closed, to parent: inout Open)
    mutating func close(_ element: Open) -> Closed

    /// Captures `node`'s subtree with `capturer`: an output may reuse what it kept of it.
    static func capture(_ node: DisplayNode, frame: Snapshot.Rect, with capturer: inout TreeCapturer<Self>) -> Closed
}

/// Builds `Snapshot.Element` values, reading every node afresh. (Streamed captures reuse
/// what earlier ones read: `CapturedTree`.)
struct ElementTree: ElementOutput {
    func open(
        _ fields: consuming Snapshot.Element, childCapacity: Int, style: (inout JSONBuilder) -> Void,
        props: (inout JSONBuilder) -> Void
    ) -> Snapshot.Element {
        var element = fields.building(style: style, props: props)
        // One allocation, never a regrowth (a table's visible cells would otherwise move its
        // children array five times).
        if childCapacity > 0 { element.children.reserveCapacity(childCapacity) }
        return element
    }

    func append(_ child: Snapshot.Element, to parent: inout Snapshot.Element) {
        parent.children.append(child)
    }

    func close(_ element: Snapshot.Element) -> Snapshot.Element {
        element
    }

    static func capture(_ node: DisplayNode, frame: Snapshot.Rect, with capturer: inout TreeCapturer<ElementTree>)
        -> Snapshot.Element
    {
        capturer.capture(node, frame: frame).element
    }
}

/// Writes the elements into the document's JSON as they are read.
extension SnapshotStreamWriter: ElementOutput {
    mutating func open(
        _ fields: consuming Snapshot.Element, childCapacity _: Int, style: (inout JSONWriter.Sink) -> Void,
        props: (inout JSONWriter.Sink) -> Void
    ) {
        openElement(fields, style: style, props: props)
    }

    func append(_: Void, to _: inout Void) {}

    mutating func close(_: Void) {
        closeElement()
    }

    static func capture(_ node: DisplayNode, frame: Snapshot.Rect, with capturer: inout TreeCapturer<SnapshotStreamWriter>) {
        _ = capturer.capture(node, frame: frame)
    }
}

extension Snapshot.Element {
    /// These fields with the `style` and `props` that `style` and `props` put: what the outputs
    /// that build element values open.
    consuming func building(style: (inout JSONBuilder) -> Void, props: (inout JSONBuilder) -> Void) -> Snapshot.Element {
        var element = self
        element.style = JSONBuilder.object(style)
        element.props = JSONBuilder.object(props)
        return element
    }
}
