import WeftNodes
import WeftSnapshot

/// Reuse of earlier captures (`CaptureCache`) by streamed captures, whose subtrees are shared
/// (`CapturedTree`): a document or a file is always read afresh.
extension TreeCapturer where Output == CapturedTree {
    /// `node` and its subtree, reusing what the cache recorded of it where it still holds.
    mutating func nodeReusingCache(_ node: DisplayNode, frame: Snapshot.Rect) -> CapturedChild {
        let cache = output.cache
        let record: CaptureCache.Record
        switch cache.lookup(node) {
        case .unchanged(var reused, let interfaceStatesChanged):
            // What the reused subtree holds counts for the subtrees around it, as if walked.
            containers.append(contentsOf: reused.containers)
            let areasMayHaveMoved = reused.subtree.hasTappableAreas && Self.areasAreCutAbove(node)
            if interfaceStatesChanged || areasMayHaveMoved {
                let refreshed = Self.refreshed(
                    reused.subtree, of: node, interfaceStates: interfaceStatesChanged,
                    tappableAreas: areasMayHaveMoved)
                if let refreshed { reused.subtree = refreshed }
                // Recorded with the node's current revisions, so that the next capture finds
                // nothing to read again.
                if interfaceStatesChanged || refreshed != nil { cache.record(reused, for: node) }
            }
            record = reused
        case .ownUnchanged(let recorded, let onlyScrolled, let containersBelow):
            record = recording { capturer in
                (onlyScrolled
                    ? capturer.rescrolled(node, frame: frame, keeping: recorded, containersBelow: containersBelow)
                    : nil) ?? capturer.recapture(node, frame: frame, keeping: recorded)
            }
            cache.record(record, for: node)
        case .changed:
            record = recording { capturer in capturer.capture(node, frame: frame) }
            cache.record(record, for: node)
        }
        // At its frame now, whichever way it was read: a reused or recaptured subtree shares
        // fields read where the node was then (a cell whose content changed while its feed
        // scrolled).
        return CapturedChild(record.subtree, frame: frame, source: Self.source(node, record))
    }

    /// `node` as `record` was read from it: its revisions now, after the capture recorded them.
    private static func source(_ node: DisplayNode, _ record: CaptureCache.Record) -> CapturedChild.Source {
        let revisions = node.revisions
        return CapturedChild.Source(
            nodeID: node.id, subtreeRevision: revisions.subtree,
            interfaceStateRevision: revisions.interfaceStates,
            holdsContainers: !record.containers.isEmpty, hasTappableAreas: record.subtree.hasTappableAreas)
    }

    /// The index of the recorded child of `subnode` among `recorded`'s (the subnodes its
    /// parent's layout did not place, as the last capture of the parent gave them, from
    /// `cursor` on), when it still holds (`holdsUnchanged`). While a feed scrolls its cells on
    /// screen stay the same nodes in the same order, less the ones that leave at one end:
    /// `cursor` follows them, trying the next two. (Read in place: a copy of each child cost
    /// more than the checks.)
    private static func recordedSubnode(
        _ subnode: DisplayNode, in recorded: UnsafeBufferPointer<CapturedChild>,
        cursor: inout Int
    ) -> Int? {
        let id = subnode.id
        for index in cursor..<min(cursor + 2, recorded.count) {
            let child = recorded.baseAddress! + index
            guard child.pointee.source?.nodeID == id else { continue }
            cursor = index + 1
            return holdsUnchanged(child, for: subnode) ? index : nil
        }
        return nil
    }

    /// Whether a recorded child of `subnode` can be reused as it is without looking the
    /// subnode up: nothing changed in it, not even an interface state, and it holds no scroll
    /// container to collect and no tappable area that nodes above it may cut.
    private static func holdsUnchanged(_ child: UnsafePointer<CapturedChild>, for subnode: DisplayNode) -> Bool {
        guard let source = child.pointee.source, source.nodeID == subnode.id else { return false }
        let revisions = subnode.revisions
        return source.subtreeRevision == revisions.subtree
            && source.interfaceStateRevision == revisions.interfaceStates && !source.holdsContainers
            && (!source.hasTappableAreas || !areasAreCutAbove(subnode))
    }

    /// The record of what `body` captures: its subtree, and the containers met meanwhile.
    private mutating func recording(_ body: (inout TreeCapturer) -> (element: CapturedChild, layoutChildCount: Int))
        -> CaptureCache.Record
    {
        let containersBefore = containers.count
        let (captured, layoutChildCount) = body(&self)
        return CaptureCache.Record(
            subtree: captured.subtree, layoutChildCount: layoutChildCount,
            containers: Array(containers[containersBefore...]))
    }

    /// `node` changed below itself only: its own fields and its spec tree are as `recorded`, the
    /// nodes placed in that tree and the other subnodes are looked up again.
    private mutating func recapture(_ node: DisplayNode, frame: Snapshot.Rect, keeping recorded: CaptureCache.Record)
        -> (element: CapturedChild, layoutChildCount: Int)
    {
        collectContainers(of: node)
        // The spec tree is the layout's, which did not change: the nodes placed in it keep their
        // frames and are looked up again. A node whose subtree is reused as it was replaces
        // nothing, so the specs on the way to it stay as recorded too.
        let subnodes = node.subnodes
        let layoutChildren = Array(recorded.subtree.children.prefix(recorded.layoutChildCount))
        var placed: [ObjectIdentifier] = []
        let lookedUp =
            SubnodesByID(subnodes).replacingNodeElements(in: layoutChildren) { child, subnode in
                placed.append(ObjectIdentifier(subnode))
                if withUnsafePointer(to: child, { Self.holdsUnchanged($0, for: subnode) }) { return nil }
                let current = self.node(subnode, frame: child.frame)
                return current.subtree === child.subtree ? nil : current
            } ?? layoutChildren
        var children = lookedUp
        children.reserveCapacity(lookedUp.count + subnodes.count)
        // The other subnodes: the recorded ones that still hold are reused as they are, at
        // their frames now (a scrolling feed's cells); the others are looked up.
        recorded.subtree.children.withUnsafeBufferPointer { recordedChildren in
            var cursor = recorded.layoutChildCount
            forEachSubnodeLayoutDidNotPlace(of: node, placed: placed) { capturer, subnode, frame in
                if let index = Self.recordedSubnode(subnode, in: recordedChildren, cursor: &cursor) {
                    let child = recordedChildren.baseAddress! + index
                    children.append(CapturedChild(child.pointee.subtree, frame: frame, source: child.pointee.source))
                } else {
                    children.append(capturer.node(subnode, frame: frame))
                }
            }
        }
        let subtree = CapturedSubtree(
            refreshing: recorded.subtree, interfaceState: Self.interfaceState(of: node),
            tappable: Self.tappableArea(of: node), children: children, moved: nil)
        return (CapturedChild(subtree, frame: frame), recorded.layoutChildCount)
    }

    /// `node` is a container that only scrolled since `recorded` (its position and ranges; its
    /// cells on screen are the same, unchanged): its children are shared as they are, and the
    /// worker moves the frames of its cells by the change of its bounds origin. While a feed
    /// scrolls without a cell coming or going, this is the whole capture of the feed. Its
    /// children are not even looked at unless `containersBelow`: then the scroll containers in
    /// its cells are collected from the cells' records, in order, as a walk would (a feed with
    /// a horizontal strip in a cell, a pager's page holding a table). Nil when one of those
    /// records no longer holds: the node is then read again.
    private mutating func rescrolled(
        _ node: DisplayNode, frame: Snapshot.Rect, keeping recorded: CaptureCache.Record,
        containersBelow: Bool
    ) -> (element: CapturedChild, layoutChildCount: Int)? {
        guard let held = containersBelow ? containersHeld(by: recorded.subtree.children, of: node) : [] else { return nil }
        collectContainers(of: node)
        containers.append(contentsOf: held)
        let base = recorded.subtree
        let moved = CapturedSubtree.Moved(
            from: recorded.layoutChildCount, readAt: base.moved?.readAt ?? recorded.boundsOrigin,
            now: Snapshot.Point(node.boundsOrigin))
        let subtree = CapturedSubtree(
            refreshing: base, interfaceState: base.interfaceState, tappable: Self.tappableArea(of: node),
            children: base.children, moved: moved)
        return (CapturedChild(subtree, frame: frame), recorded.layoutChildCount)
    }

    /// The scroll containers recorded for the cells among `children` that hold some, in order;
    /// nil when a record no longer holds.
    private func containersHeld(by children: [CapturedChild], of node: DisplayNode) -> [ContainerNode]? {
        var held: [ContainerNode] = []
        var subnodes: SubnodesByID?
        for child in children {
            guard let source = child.source, source.holdsContainers else { continue }
            if subnodes == nil { subnodes = SubnodesByID(node.subnodes) }
            guard let subnode = subnodes?[source.nodeID], let containers = output.cache.containers(recordedFor: subnode)
            else { return nil }
            held += containers
        }
        return held
    }

    /// `subtree` (recorded for `node`) with what may have changed while the subtree did not
    /// read again, in it and the node elements in it: the interface states (when they changed)
    /// and the tappable areas (when `tappableAreas`, `areasAreCutAbove`). Everything else stays
    /// as recorded. Nil when nothing differs, and only the path to what differs is new. Every
    /// node element in `subtree`'s spec tree or among its children is one of `node`'s subnodes
    /// (a container's cells on screen are its subnodes too). Without interface states to read,
    /// only the paths to tappable areas are walked.
    private static func refreshed(
        _ subtree: CapturedSubtree, of node: DisplayNode, interfaceStates: Bool,
        tappableAreas: Bool
    ) -> CapturedSubtree? {
        var (state, area) = (subtree.interfaceState, subtree.tappable)
        if interfaceStates { state = interfaceState(of: node) }
        if tappableAreas, area != nil, let control = node as? ControlNode, control.hasTargets { area = tappable(of: control) }
        let children =
            subtree.children.isEmpty
            ? nil
            : SubnodesByID(node.subnodes).replacingNodeElements(
                in: subtree.children, where: { interfaceStates || (tappableAreas && $0.hasTappableAreas) },
                { child, subnode in
                    refreshed(child.subtree, of: subnode, interfaceStates: interfaceStates, tappableAreas: tappableAreas)
                        .map { CapturedChild($0, frame: child.frame) }
                })
        guard state != subtree.interfaceState || area != subtree.tappable || children != nil else { return nil }
        return CapturedSubtree(
            refreshing: subtree, interfaceState: state, tappable: area,
            children: children ?? subtree.children, moved: subtree.moved)
    }

    /// Whether the tappable areas in `node`'s subtree are cut by nodes above it. An area's chain
    /// runs up to the root or the nearest scroll container (docs/texture-semantics.md section 5):
    /// below a root or a container's cell, the areas depend on the subtree alone, which did not
    /// change. (A feed scrolling moves its cells, not the bounds their areas are cut by.) Below
    /// any other parent, one of the nodes on the way up may have changed without the subtree
    /// changing.
    static func areasAreCutAbove(_ node: DisplayNode) -> Bool {
        guard let parent = node.supernode else { return false }
        return !(parent is ContainerNode)
    }
}

/// A node's subnodes found by id: a scan for the few subnodes most nodes have, a dictionary for
/// a big one (a root laying out thousands of rows).
struct SubnodesByID {
    private let subnodes: [DisplayNode]
    private let index: [String: DisplayNode]?

    init(_ subnodes: [DisplayNode]) {
        self.subnodes = subnodes
        index = subnodes.count > 16 ? Dictionary(subnodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }) : nil
    }

    subscript(id: String) -> DisplayNode? {
        if let index { return index[id] }
        return subnodes.first { $0.id == id }
    }

    /// `children` with `body`'s replacement for each node element among them and in their spec
    /// trees (specs are walked through; node elements are not entered), given with its node among
    /// these subnodes. Ids are unique, so the id finds it; a leaf that is not a node (a
    /// layout-json box) has none and stays. Nil when `body` replaced none (returned nil for
    /// each): an array, and a spec on the way, is new only when something in it is replaced.
    /// Only the subtrees `included` accepts are looked at.
    func replacingNodeElements(
        in children: [CapturedChild], where included: (CapturedSubtree) -> Bool = { _ in true },
        _ body: (CapturedChild, DisplayNode) -> CapturedChild?
    ) -> [CapturedChild]? {
        var result: [CapturedChild]?
        for index in children.indices where included(children[index].subtree) {
            let child = children[index]
            var replacement: CapturedChild?
            if child.subtree.kind == .spec {
                if let specChildren = replacingNodeElements(in: child.subtree.children, where: included, body) {
                    replacement = CapturedChild(
                        CapturedSubtree(refreshing: child.subtree, children: specChildren),
                        frame: child.frame)
                }
            } else if let subnode = self[child.subtree.id] {
                replacement = body(child, subnode)
            }
            if let replacement {
                if result == nil { result = children }
                result![index] = replacement
            }
        }
        return result
    }
}
