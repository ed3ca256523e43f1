import WeftNodes
import WeftSnapshot

/// What earlier captures recorded of each node's subtree, so the next capture reuses the
/// elements of subtrees that did not change (`DisplayNode.subtreeRevision` did not move) and
/// only gives them their current frame in the parent: while a feed scrolls, its cells are reused
/// and only the container and the cells coming into view for the first time are captured. When
/// only interface states changed in a subtree (`subtreeInterfaceStateRevision` moved, as when a
/// cell enters the display range), its element is reused with the states read again.
///
/// A reused subtree's scroll containers are collected for their range controllers as if it had
/// been walked; in subtrees holding tappable areas (cut by the ancestors' bounds, which move as
/// a feed scrolls) the areas are computed again. Changes the node
/// runtime does not signal show with the subtree's next signalled change, or in any capture made
/// without a cache (`Tree.getDocument`).
///
/// A recorded element stays valid for as long as its node's revisions do not move, even while
/// the node is out of the tree (a cell scrolled away and back), so entries are kept across
/// captures; the ones no capture visited for a while are swept out when the table has grown to
/// twice what the captures use.
final class CaptureCache {
    /// A class, so that a look-up reads its fields in place instead of copying the element.
    private final class Entry {
        /// Ids are never reused, so an entry left by a freed node whose address a new node got
        /// is told apart.
        let nodeID: String
        var revision: UInt64
        var interfaceStateRevision: UInt64
        var element: Snapshot.Element
        /// The scroll containers in the subtree, parents first: a capture that reuses the element
        /// collects their range controllers as one that walked the subtree would. Weak, so that
        /// an entry left behind by a subtree the program dropped does not keep it alive.
        var containers: [WeakContainer]
        /// Whether the subtree has tappable areas, which are computed again on every use.
        var hasTappableAreas: Bool
        /// The capture that last used it.
        var generation: Int

        init(nodeID: String, revision: UInt64, interfaceStateRevision: UInt64, element: Snapshot.Element,
             containers: [ContainerNode], hasTappableAreas: Bool, generation: Int) {
            self.nodeID = nodeID
            self.revision = revision
            self.interfaceStateRevision = interfaceStateRevision
            self.element = element
            self.containers = containers.map(WeakContainer.init)
            self.hasTappableAreas = hasTappableAreas
            self.generation = generation
        }
    }

    struct WeakContainer {
        weak var node: ContainerNode?
    }

    /// A recorded element, its containers, whether the interface states in it are still
    /// current, and whether it has tappable areas (to be computed again).
    struct Hit {
        var element: Snapshot.Element
        let containers: [ContainerNode]
        let interfaceStatesChanged: Bool
        let hasTappableAreas: Bool
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The current capture's number.
    private var generation = 0
    /// The first capture after the last sweep, and the table size that triggers the next one.
    private var sweptAt = 0
    private var sweepThreshold = 1024

    /// The element recorded for `node` if its subtree did not change since, apart from
    /// interface states; marks it used by this capture.
    func element(for node: DisplayNode) -> Hit? {
        guard let entry = entries[ObjectIdentifier(node)], entry.nodeID == node.id,
              entry.revision == node.subtreeRevision else { return nil }
        // An unchanged subtree still holds its containers; a missing one would mean a change the
        // revision missed, and then the subtree is captured again.
        let containers = entry.containers.compactMap(\.node)
        guard containers.count == entry.containers.count else { return nil }
        entry.generation = generation
        return Hit(element: entry.element, containers: containers,
                   interfaceStatesChanged: entry.interfaceStateRevision != node.subtreeInterfaceStateRevision,
                   hasTappableAreas: entry.hasTappableAreas)
    }

    /// Records `element` as what `node`'s subtree is now.
    func record(_ element: Snapshot.Element, for node: DisplayNode, containers: some Collection<ContainerNode>,
                hasTappableAreas: Bool) {
        let key = ObjectIdentifier(node)
        if let entry = entries[key], entry.nodeID == node.id {
            entry.revision = node.subtreeRevision
            entry.interfaceStateRevision = node.subtreeInterfaceStateRevision
            entry.element = element
            entry.containers = containers.map(WeakContainer.init)
            entry.hasTappableAreas = hasTappableAreas
            entry.generation = generation
        } else {
            entries[key] = Entry(nodeID: node.id, revision: node.subtreeRevision,
                                 interfaceStateRevision: node.subtreeInterfaceStateRevision, element: element,
                                 containers: Array(containers), hasTappableAreas: hasTappableAreas, generation: generation)
        }
    }

    private var previousMemos: [String: RangeControllerMemo] = [:]
    private var nextMemos: [String: RangeControllerMemo] = [:]

    /// The memo of the range controller of the container with node id `id` (ids are never
    /// reused, so a memo cannot outlive its container and serve another).
    func rangeControllerMemo(forContainer id: String) -> RangeControllerMemo {
        let memo = previousMemos[id] ?? RangeControllerMemo()
        nextMemos[id] = memo
        return memo
    }

    /// Ends a capture. When the table has outgrown its threshold, the entries no capture used
    /// since the last sweep go, and the next sweep waits for twice what is left: the table stays
    /// within about twice what recent captures use, at a constant cost per recorded element.
    func finishCapture() {
        generation += 1
        previousMemos = nextMemos
        nextMemos = [:]
        guard entries.count > sweepThreshold else { return }
        entries = entries.filter { $0.value.generation >= sweptAt }
        sweptAt = generation
        sweepThreshold = max(1024, 2 * entries.count)
    }
}
