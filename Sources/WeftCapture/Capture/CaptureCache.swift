import WeftNodes
import WeftSnapshot

/// What earlier streamed captures recorded of each node's subtree, so that the next capture
/// does again only what changed:
/// - a node whose subtree did not change (`revisions.subtree` of `DisplayNode.revisions`) keeps its captured
///   subtree (`CapturedSubtree`, shared, not copied); only its frame in the parent is read
///   again. While a feed scrolls its cells are reused, and only the container and the cells
///   coming into view for the first time are captured;
/// - when only interface states changed in it (`revisions.interfaceStates`, as when a cell
///   enters the display range), the subtree is reused with the states read again;
/// - a node that did not change itself (`revisions.own`) while something below it did, or whose
///   list of subnodes changed, keeps its own fields and spec tree, and only the nodes in them
///   and its subnodes are looked up again (the screen around a scrolling feed, the feed).
///
/// A reused subtree's scroll containers are collected for their range controllers as if it had
/// been walked, and its tappable areas are computed again where ancestors outside it may cut
/// them (`TreeCapturer.areasAreCutAbove`). Changes
/// the node runtime does not signal show with the subtree's next signalled change, or in any
/// capture made without a cache (`Tree.getDocument`).
///
/// A recorded subtree stays valid for as long as its node's revisions do not move, even while
/// the node is out of the tree (a cell scrolled away and back), so entries are kept across
/// captures; the ones no capture visited for a while are swept out when the table has grown to
/// twice what the captures use.
///
/// Only the capturing thread touches a cache, one capture at a time (`beginCapture` to
/// `finishCapture`; debug builds assert it): its private fields are unchecked for exclusivity,
/// like its entries'.
final class CaptureCache {
    /// What a capture of one node's subtree gave, as the next capture needs it.
    struct Record {
        var subtree: CapturedSubtree
        /// How many of the subtree's first children come from the node's own layout (its spec
        /// tree); the subnodes that layout did not place follow.
        var layoutChildCount: Int
        /// The scroll containers in the subtree, parents first: a capture that reuses the subtree
        /// collects their range controllers as one that walked it would.
        var containers: [ContainerNode]
        /// The node's bounds origin when it was recorded (as looked up; not read when recording).
        var boundsOrigin = Snapshot.Point(x: 0, y: 0)
    }

    /// What the cache knows of a node now.
    enum Lookup {
        /// Nothing has changed in the subtree, apart from interface states when
        /// `interfaceStatesChanged`.
        case unchanged(Record, interfaceStatesChanged: Bool)
        /// The node itself has not changed (its `revisions.own`), something below it has: its own
        /// fields and spec tree are as recorded, the nodes in them are to be looked up again.
        /// `onlyScrolled` when the node is a container whose scroll state is all that changed
        /// (`revisions.scrollState`): its children are as recorded, at the bounds
        /// origin it had then. `containersBelow` when the record met other scroll containers
        /// than the node (in its cells, on screen or off): a reuse of its children collects
        /// those in them from their own records (`containers(recordedFor:)`).
        case ownUnchanged(Record, onlyScrolled: Bool, containersBelow: Bool)
        /// Never recorded, or the node itself changed.
        case changed
    }

    /// A class, so that a look-up reads its fields in place instead of copying the record.
    /// Only the capturing thread touches entries, one access at a time: the fields are unchecked
    /// for exclusivity (a streamed capture looks up every node it meets, and the checks cost
    /// more than the reads).
    private final class Entry {
        /// Ids are never reused, so an entry left by a freed node whose address a new node got
        /// is told apart.
        let nodeID: String
        /// The node's revisions when the entry was recorded.
        @exclusivity(unchecked) var revisions: NodeRevisions
        @exclusivity(unchecked) var boundsOrigin: Snapshot.Point
        @exclusivity(unchecked) var subtree: CapturedSubtree
        @exclusivity(unchecked) var layoutChildCount: Int
        /// Weak, so that an entry left behind by a subtree the program dropped does not keep it
        /// alive.
        @exclusivity(unchecked) var containers: [WeakReference<ContainerNode>]
        /// The capture that last used it.
        @exclusivity(unchecked) var generation: Int

        /// The containers, when every one is still alive (nil otherwise).
        var liveContainers: [ContainerNode]? {
            if containers.isEmpty { return [] }
            let live = containers.compactMap(\.object)
            return live.count == containers.count ? live : nil
        }

        init(nodeID: String, subtree: CapturedSubtree) {
            self.nodeID = nodeID
            self.subtree = subtree
            revisions = NodeRevisions()
            boundsOrigin = Snapshot.Point(x: 0, y: 0)
            (layoutChildCount, containers, generation) = (0, [], 0)
        }
    }

    @exclusivity(unchecked) private var entries: [ObjectIdentifier: Entry] = [:]
    /// The current capture's number.
    @exclusivity(unchecked) private var generation = 0
    /// The first capture after the last sweep, and the table size that triggers the next one.
    @exclusivity(unchecked) private var sweptAt = 0
    @exclusivity(unchecked) private var sweepThreshold = 1024

    /// What was recorded for `node` and how much of it still holds; marks it used by this
    /// capture.
    func lookup(_ node: DisplayNode) -> Lookup {
        assertCapturing()
        guard let entry = entries[ObjectIdentifier(node)], entry.nodeID == node.id else { return .changed }
        let now = node.revisions
        let then = entry.revisions
        let subtreeUnchanged = then.subtree == now.subtree
        guard subtreeUnchanged || then.own == now.own else { return .changed }
        entry.generation = generation
        guard subtreeUnchanged else {
            // Only the element's own fields and spec tree are reused: the containers below are
            // collected again by the walk, or, when it only scrolled, from its cells' records.
            // (Only cells carry those records: a container with a spec tree of its own is walked.)
            let containersBelow = !entry.containers.allSatisfy { $0.object === node }
            let onlyScrolled =
                then.interfaceStates == now.interfaceStates
                && now.subtree &- then.subtree == now.scrollState &- then.scrollState
                && (!containersBelow || entry.layoutChildCount == 0)
            return .ownUnchanged(
                Record(
                    subtree: entry.subtree, layoutChildCount: entry.layoutChildCount, containers: [],
                    boundsOrigin: entry.boundsOrigin),
                onlyScrolled: onlyScrolled, containersBelow: containersBelow)
        }
        // An unchanged subtree still holds its containers; a missing one would mean a change the
        // revision missed, and then the subtree is captured again.
        guard let containers = entry.liveContainers else { return .changed }
        return .unchanged(
            Record(subtree: entry.subtree, layoutChildCount: entry.layoutChildCount, containers: containers),
            interfaceStatesChanged: then.interfaceStates != now.interfaceStates)
    }

    /// The scroll containers recorded in `node`'s subtree, when that record still holds (the
    /// subtree did not change since, and every container is alive); marks it used.
    func containers(recordedFor node: DisplayNode) -> [ContainerNode]? {
        guard let entry = entries[ObjectIdentifier(node)], entry.nodeID == node.id,
            entry.revisions.subtree == node.revisions.subtree,
            let containers = entry.liveContainers
        else { return nil }
        entry.generation = generation
        return containers
    }

    /// Records what `node`'s subtree is now.
    func record(_ record: Record, for node: DisplayNode) {
        let key = ObjectIdentifier(node)
        let entry: Entry
        if let existing = entries[key], existing.nodeID == node.id {
            entry = existing
        } else {
            entry = Entry(nodeID: node.id, subtree: record.subtree)
            entries[key] = entry
        }
        entry.revisions = node.revisions
        entry.boundsOrigin = Snapshot.Point(node.boundsOrigin)
        entry.subtree = record.subtree
        entry.layoutChildCount = record.layoutChildCount
        // Usually the same containers as last time (the table of a scrolling feed): their weak
        // references are kept rather than formed again.
        if !entry.containers.elementsEqual(record.containers, by: { $0.object === $1 }) {
            entry.containers = record.containers.map(WeakReference.init)
        }
        entry.generation = generation
    }

    /// A range controller's memo, with its container's id and the capture that last used it.
    private final class MemoEntry {
        let containerID: String
        let memo = RangeControllerMemo()
        @exclusivity(unchecked) var generation: Int
        init(containerID: String, generation: Int) {
            self.containerID = containerID
            self.generation = generation
        }
    }

    /// The memos by container, found by address (hashing the id string cost more than the
    /// look-up) and told apart by id (ids are never reused, addresses are: a memo cannot
    /// outlive its container and serve another).
    @exclusivity(unchecked) private var memos: [ObjectIdentifier: MemoEntry] = [:]
    @exclusivity(unchecked) private var memosUsed = 0

    /// The memo of `container`'s range controller.
    func rangeControllerMemo(for container: ContainerNode) -> RangeControllerMemo {
        memosUsed += 1
        let key = ObjectIdentifier(container)
        if let entry = memos[key], entry.containerID == container.id {
            entry.generation = generation
            return entry.memo
        }
        let entry = MemoEntry(containerID: container.id, generation: generation)
        memos[key] = entry
        return entry.memo
    }

    #if DEBUG
        /// Whether a capture runs (`beginCapture` to `finishCapture`): the unchecked storage's
        /// invariant is one capture at a time.
        private var isCapturing = false
    #endif

    /// Starts a capture; debug builds fail when another is running.
    func beginCapture() {
        #if DEBUG
            assert(!isCapturing, "two captures at once share a capture cache")
            isCapturing = true
        #endif
    }

    @inline(__always)
    private func assertCapturing() {
        #if DEBUG
            assert(isCapturing, "the capture cache used outside a capture")
        #endif
    }

    /// Ends a capture. When the table has outgrown its threshold, the entries no capture used
    /// since the last sweep go, and the next sweep waits for twice what is left: the table stays
    /// within about twice what recent captures use, at a constant cost per recorded element.
    /// The memos of containers this capture did not meet go once they outnumber the ones it
    /// did (a memo is small, and a container scrolled away and back keeps its memo meanwhile).
    func finishCapture() {
        #if DEBUG
            isCapturing = false
        #endif
        if memos.count > 2 * memosUsed + 8 { memos = memos.filter { $0.value.generation == generation } }
        memosUsed = 0
        generation += 1
        guard entries.count > sweepThreshold else { return }
        // A recapture reuses the recorded subnodes that did not change without looking them up
        // (a feed's cells on screen): they stay while the entries that hold them do.
        let used = entries.values.filter { $0.generation >= sweptAt }
        let held = Set(used.lazy.flatMap { $0.subtree.children.lazy.compactMap { $0.source?.nodeID } })
        entries = entries.filter { $0.value.generation >= sweptAt || held.contains($0.value.nodeID) }
        sweptAt = generation
        sweepThreshold = max(1024, 2 * entries.count)
    }
}
