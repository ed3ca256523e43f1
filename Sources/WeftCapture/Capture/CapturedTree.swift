import Synchronization
import WeftJSON
import WeftNodes
import WeftSnapshot

/// One element of a streamed capture and its subtree, as the host thread read it: immutable and
/// shared. The cache keeps it for the next captures (`CaptureCache`), which put the same object
/// in their trees for as long as its node's subtree does not change; the publisher assembles
/// the `Snapshot.Element` values from it on its worker (`ElementAssembly`).
///
/// Why not element values: while a feed scrolls, a capture reuses a dozen cells, and copying a
/// cell's element (its fields, its subtree's arrays) cost the host more than everything else in
/// the capture. Reusing a subtree now costs the host one reference; the copies are made on the
/// worker, and only once while the subtree stays in the published captures.
final class CapturedSubtree: @unchecked Sendable {
    /// The element's fields as read from its node or spec (`children` empty), shared with the
    /// subtrees refreshed from this one (`refreshing`): only their interface state and tappable
    /// area can differ, and a copy of the fields cost the host as much as reading them again.
    private let read: ReadFields
    /// The element's interface state and tappable area: read again when a reused subtree is
    /// refreshed (`TreeCapturer.refreshed`).
    let interfaceState: Snapshot.InterfaceState
    let tappable: Snapshot.Tappable?
    let children: [CapturedChild]
    /// Whether the element or one below it has a tappable area: reusing a subtree computes its
    /// areas again where nodes above it may cut them, and only these paths lead to one.
    var hasTappableAreas: Bool { tappable != nil || childrenHaveTappableAreas }
    /// Whether one of the children's subtrees has a tappable area: kept apart from the element's
    /// own area, so that a subtree refreshed with the same children (a container that only
    /// scrolled) takes it over instead of reading every child again.
    private let childrenHaveTappableAreas: Bool
    /// Set when the element is a container that only scrolled since its children were read
    /// (`TreeCapturer.rescrolled`): they are shared as they were, and the worker moves the
    /// frames of the ones its layout did not place by the change of its bounds origin.
    let moved: Moved?

    struct Moved {
        /// The index of the first child its layout did not place.
        let from: Int
        /// The bounds origin those children's frames were read at, and the one now.
        let readAt: Snapshot.Point
        let now: Snapshot.Point

        /// `frame`, read at `readAt`, at the bounds origin now.
        fileprivate func moving(_ frame: Snapshot.Rect) -> Snapshot.Rect {
            Snapshot.Rect(x: frame.x + readAt.x - now.x, y: frame.y + readAt.y - now.y, width: frame.width, height: frame.height)
        }
    }

    /// Tells subtrees apart for the worker's `ElementAssembly`, which must not hold them: a
    /// number is never reused, where an address is as soon as its subtree is freed.
    let serial: UInt64
    private static let serials = Atomic<UInt64>(0)

    private final class ReadFields: @unchecked Sendable {
        let element: Snapshot.Element
        init(_ element: Snapshot.Element) { self.element = element }
    }

    /// An element just read: `fields` complete but for the children.
    init(fields: Snapshot.Element, children: [CapturedChild]) {
        read = ReadFields(fields)
        serial = Self.serials.add(1, ordering: .relaxed).newValue
        interfaceState = fields.interfaceState
        tappable = fields.tappable
        self.children = children
        childrenHaveTappableAreas = Self.haveTappableAreas(children)
        moved = nil
    }

    /// `base`'s element with its interface state, tappable area and children replaced.
    init(
        refreshing base: CapturedSubtree, interfaceState: Snapshot.InterfaceState, tappable: Snapshot.Tappable?,
        children: [CapturedChild], moved: Moved?
    ) {
        read = base.read
        serial = Self.serials.add(1, ordering: .relaxed).newValue
        self.interfaceState = interfaceState
        self.tappable = tappable
        self.children = children
        childrenHaveTappableAreas =
            sameStorage(children, base.children)
            ? base.childrenHaveTappableAreas
            : Self.haveTappableAreas(children)
        self.moved = moved
    }

    /// `base`'s element with other children in the same places.
    convenience init(refreshing base: CapturedSubtree, children: [CapturedChild]) {
        self.init(
            refreshing: base, interfaceState: base.interfaceState, tappable: base.tappable, children: children,
            moved: base.moved)
    }

    /// A child's source says whether it has areas, so that its subtree (cold memory when the
    /// program draws in real time) is not read.
    private static func haveTappableAreas(_ children: [CapturedChild]) -> Bool {
        children.contains { $0.source?.hasTappableAreas ?? $0.subtree.hasTappableAreas }
    }

    var id: String { read.element.id }
    var kind: Snapshot.Element.Kind { read.element.kind }
    /// The frame the element was read at (a reused one's is its `CapturedChild`'s).
    var capturedFrame: Snapshot.Rect { read.element.frame }

    /// The frame of child `index` in this element now: as captured, or, for a container that
    /// only scrolled since (`moved`), moved by the change of its bounds origin.
    func frame(ofChild index: Int) -> Snapshot.Rect {
        let frame = children[index].frame
        guard let moved, index >= moved.from else { return frame }
        return moved.moving(frame)
    }

    /// The element as read, with its own state and area and without children.
    var fields: Snapshot.Element {
        var element = read.element
        element.interfaceState = interfaceState
        element.tappable = tappable
        return element
    }
}

/// A subtree in its parent, at the frame it has there now: a reused cell moves while its
/// table scrolls, its subtree does not. (In a container that only scrolled since, at the frame
/// it had when it was read: `CapturedSubtree.moved`.)
struct CapturedChild {
    let subtree: CapturedSubtree
    let frame: Snapshot.Rect
    /// The node a node element was read from, as it was then: the next capture of the parent
    /// reuses the subtree without looking the node up while that still holds
    /// (`TreeCapturer.recordedSubnode`). Nil for specs and other leaves.
    var source: Source?

    /// Kept beside the subtree rather than read from it: the check of a reused child reads
    /// this and its node only, memory that is cold when the program draws in real time.
    struct Source {
        /// The node's id (ids are never reused, where addresses are).
        let nodeID: String
        let subtreeRevision: UInt64
        let interfaceStateRevision: UInt64
        /// Whether the subtree holds scroll containers (a reuse must collect them).
        let holdsContainers: Bool
        /// `CapturedSubtree.hasTappableAreas`.
        let hasTappableAreas: Bool
    }

    /// A subtree just captured, at its captured frame.
    init(_ subtree: CapturedSubtree) {
        self.init(subtree, frame: subtree.capturedFrame)
    }

    init(_ subtree: CapturedSubtree, frame: Snapshot.Rect, source: Source? = nil) {
        self.subtree = subtree
        self.frame = frame
        self.source = source
    }
}

/// Builds the shared subtrees of streamed captures, reusing those that `cache` recorded of
/// unchanged nodes (`TreeCapturer.nodeReusingCache`).
struct CapturedTree: ElementOutput {
    let cache: CaptureCache

    struct Open {
        var fields: Snapshot.Element
        var children: [CapturedChild]

        /// `fields` (complete but for the children), and room for `childCapacity` children.
        init(fields: consuming Snapshot.Element, childCapacity: Int) {
            self.fields = fields
            children = []
            children.reserveCapacity(childCapacity)
        }
    }

    func open(
        _ fields: consuming Snapshot.Element, childCapacity: Int, style: (inout JSONBuilder) -> Void,
        props: (inout JSONBuilder) -> Void
    ) -> Open {
        Open(fields: fields.building(style: style, props: props), childCapacity: childCapacity)
    }

    func append(_ child: CapturedChild, to parent: inout Open) {
        parent.children.append(child)
    }

    func close(_ element: Open) -> CapturedChild {
        CapturedChild(CapturedSubtree(fields: element.fields, children: element.children))
    }

    static func capture(_ node: DisplayNode, frame: Snapshot.Rect, with capturer: inout TreeCapturer<CapturedTree>)
        -> CapturedChild
    {
        capturer.nodeReusingCache(node, frame: frame)
    }
}
