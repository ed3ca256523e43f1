// The common case between two frames: no element changed parent or order among its siblings.
// Elements were added, removed, or had fields changed: a scrolling list adds cells at one end
// and removes them at the other, and moves all the others (a `frame` set each). The full diff
// (`TreeDiffer`) indexes both trees by id to find moves; this walk needs no index, so a frame's
// diff costs about what changed rather than what is on screen.

extension UpdateOps {
    /// The ops that turn `a` into `b` when no element moved, in the order the full diff emits
    /// them; nil when one did (kept siblings came in another order, or an id was both removed
    /// and added), which takes the full diff.
    ///
    /// Ids are taken as unique within each document, as captures make them. With a duplicate,
    /// no ops apply, whichever diff made them (`apply` reports it).
    static func changesWithoutMoves(_ a: [Snapshot.Element], _ b: [Snapshot.Element]) -> [UpdateOp]? {
        var walk = SideBySideWalk()
        guard walk.compare(a, b, parent: nil), walk.movedNothing else { return nil }
        return walk.removals + walk.ops
    }
}

/// Walks two trees side by side, pairing the children of paired elements by id, and collects
/// the ops for what differs.
private struct SideBySideWalk {
    /// `remove` ops in the order of the full diff's first phase: a parent's after those of its
    /// kept children, each list in `a`'s order.
    private(set) var removals: [UpdateOp] = []
    /// `add` and `set` ops, top down in `b`'s order, as the full diff's reconciliation emits
    /// them: a parent's adds, then each child's set and what lies below it.
    private(set) var ops: [UpdateOp] = []
    /// Every id in the removed subtrees, and in the added ones.
    private var removedIds: [String] = []
    private var addedIds: [String] = []

    /// Whether no id was both removed and added: an element removed in one place and added in
    /// another moved (into a new wrapper, out of a removed one, to another parent).
    var movedNothing: Bool {
        guard !removedIds.isEmpty, !addedIds.isEmpty else { return true }
        return Set(removedIds).isDisjoint(with: addedIds)
    }

    /// Compares the child lists `a` and `b` of `parent` (nil: the root lists) and what lies
    /// below; false when kept elements changed order.
    mutating func compare(_ a: [Snapshot.Element], _ b: [Snapshot.Element], parent: String?) -> Bool {
        if a.count == b.count, a.indices.allSatisfy({ a[$0].id == b[$0].id }) {
            return a.indices.allSatisfy { compareKept(a[$0], b[$0]) }
        }
        // By index throughout: a loop variable would copy each element (a reference count
        // operation per field).
        let idsInA = Set(a.indices.lazy.map { a[$0].id })
        let idsInB = Set(b.indices.lazy.map { b[$0].id })
        let keptInA = a.indices.filter { idsInB.contains(a[$0].id) }
        let keptInB = b.indices.filter { idsInA.contains(b[$0].id) }
        guard keptInA.elementsEqual(keptInB, by: { a[$0].id == b[$1].id }) else { return false }
        for index in b.indices where !idsInA.contains(b[index].id) {
            ops.append(.add(parent: parent, index: index, element: b[index]))
            Self.collectIds(of: b[index], into: &addedIds)
        }
        for (before, after) in zip(keptInA, keptInB) where !compareKept(a[before], b[after]) { return false }
        for index in a.indices where !idsInB.contains(a[index].id) {
            removals.append(.remove(id: a[index].id))
            Self.collectIds(of: a[index], into: &removedIds)
        }
        return true
    }

    /// The set op of an element found in both trees, then its children (unless they are the
    /// same storage, hence the same subtree).
    private mutating func compareKept(_ before: Snapshot.Element, _ after: Snapshot.Element) -> Bool {
        if let set = TreeDiffer.setOp(from: before, to: after) { ops.append(set) }
        return before.sharesChildren(with: after) || compare(before.children, after.children, parent: after.id)
    }

    private static func collectIds(of element: Snapshot.Element, into ids: inout [String]) {
        ids.append(element.id)
        for index in element.children.indices { collectIds(of: element.children[index], into: &ids) }
    }
}
