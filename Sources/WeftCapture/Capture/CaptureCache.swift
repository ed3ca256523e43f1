import WeftNodes
import WeftSnapshot

/// What the previous capture recorded of each node's subtree, so the next capture reuses the
/// elements of subtrees that did not change (`DisplayNode.subtreeRevision` did not move) and
/// only moves them when their frame in the parent changed: while a feed scrolls, its cells are
/// reused and only the container and the cells coming into view are captured again.
///
/// Subtrees holding a scroll container (its range controller is collected on the way) or a
/// tappable area (cut by the ancestors' bounds) are always captured again. Changes the node runtime does not signal (a style changed without a
/// relayout) show with the subtree's next signalled change, or in any capture made without a
/// cache (`Tree.getDocument`).
final class CaptureCache {
    struct Entry {
        weak var node: DisplayNode?
        let revision: UInt64
        let element: Snapshot.Element
    }

    private var previous: [ObjectIdentifier: Entry] = [:]
    private var next: [ObjectIdentifier: Entry] = [:]

    /// The element recorded for `node` at its current revision, if any.
    func element(for node: DisplayNode) -> Snapshot.Element? {
        guard let entry = previous[ObjectIdentifier(node)], entry.node === node,
              entry.revision == node.subtreeRevision else { return nil }
        return entry.element
    }

    func record(_ element: Snapshot.Element, for node: DisplayNode) {
        next[ObjectIdentifier(node)] = Entry(node: node, revision: node.subtreeRevision, element: element)
    }

    /// Ends a capture: what it recorded is what the next one may reuse (nodes it did not visit
    /// are forgotten).
    func finishCapture() {
        previous = next
        next = [:]
        next.reserveCapacity(previous.count)
    }
}
