import WeftJSON

/// Update ops between two revisions of a document (docs/protocol.md, Updates): `diff` finds the ops
/// that turn one snapshot into the other, matching elements by id; `apply` replays them.
/// `apply(diff(a, b), to: a)` gives `b`'s roots and range controllers exactly.
public enum UpdateOps {
    /// The ops that turn `a`'s roots and range controllers into `b`'s. `revision` and `meta` are
    /// not ops: `Tree.updated` carries the revisions itself.
    public static func diff(_ a: Snapshot, _ b: Snapshot) -> [UpdateOp] {
        let elementOps: [UpdateOp]
        if let ops = changesWithoutMoves(a.roots, b.roots) {
            elementOps = ops
        } else {
            var differ = TreeDiffer(from: a, to: b)
            differ.run()
            elementOps = differ.ops
        }
        return elementOps + rangeOps(from: a.rangeControllers, to: b.rangeControllers)
    }

    /// Range controller ops: `range` replaces a controller in place or appends a new one, so the
    /// controllers after the longest common prefix (by id) are removed and appended again when
    /// their order changed.
    static func rangeOps(from a: [Snapshot.RangeController], to b: [Snapshot.RangeController]) -> [UpdateOp] {
        let bIds = Set(b.map(\.id))
        var ops: [UpdateOp] = a.filter { !bIds.contains($0.id) }.map { .rangeRemoved(id: $0.id) }
        let kept = a.filter { bIds.contains($0.id) }
        var prefix = 0
        while prefix < kept.count, prefix < b.count, kept[prefix].id == b[prefix].id { prefix += 1 }
        for index in 0..<prefix where kept[index] != b[index] { ops.append(.range(b[index])) }
        ops += kept[prefix...].map { .rangeRemoved(id: $0.id) }
        ops += b[prefix...].map { .range($0) }
        return ops
    }
}

/// Computes element ops by simulating them on a lightweight copy of the tree's structure (ids
/// only), so every index it writes is the index `apply` will see.
///
/// 1. Subtrees of `a` with no element left in `b` are removed first (one op per top-most one).
/// 2. `b` is walked top down; at each parent the children already in the right relative order
///    (a longest increasing subsequence) stay, others are moved in or added. An added element
///    carries its whole new subtree except parts that already exist, which are moved in later.
///    Each element found in both gets one `set` op with the fields that differ.
/// 3. Elements gone from `b` that held survivors (now moved out) are removed last.
struct TreeDiffer {
    private struct Entry {
        let parent: String?
        let element: Snapshot.Element
    }

    private let target: Snapshot
    /// Every element of `a` by id, with its parent.
    private var old: [String: Entry] = [:]
    private var oldRootIds: [String]
    private var newIds = Set<String>()
    /// The simulated structure, where it differs from `a`'s.
    private var childrenOverride: [String?: [String]] = [:]
    private var parentOverride: [String: String?] = [:]
    /// Elements added by an `add` op; those whose subtree lacks moved-in parts need no more work.
    private var added = Set<String>()
    private var addedWithMissingParts = Set<String>()
    /// Elements of `a` gone from `b` whose subtrees hold survivors.
    private var stale: [String] = []
    private(set) var ops: [UpdateOp] = []
    /// Ids must be unique in a document; when one is not, the diff cannot match by id.
    /// (Duplicates hidden inside shared subtrees are not looked for: `apply` reports them.)
    private var hasDuplicateIds = false
    /// Elements whose children are the same storage in `a` and `b`: nothing below them is
    /// indexed or visited (`UpdateOps.elementsWithSharedChildren`).
    private let shared: Set<String>

    init(from a: Snapshot, to b: Snapshot) {
        target = b
        oldRootIds = a.roots.map(\.id)
        let shared = UpdateOps.elementsWithSharedChildren(a.roots, b.roots)
        self.shared = shared
        var duplicates = false
        func indexOld(_ element: Snapshot.Element, parent: String?) {
            if old.updateValue(Entry(parent: parent, element: element), forKey: element.id) != nil { duplicates = true }
            guard !shared.contains(element.id) else { return }
            for child in element.children { indexOld(child, parent: element.id) }
        }
        for root in a.roots { indexOld(root, parent: nil) }
        func indexNew(_ element: Snapshot.Element) {
            if !newIds.insert(element.id).inserted { duplicates = true }
            guard !shared.contains(element.id) else { return }
            for child in element.children { indexNew(child) }
        }
        for root in b.roots { indexNew(root) }
        hasDuplicateIds = duplicates
    }

    mutating func run() {
        guard !hasDuplicateIds else {
            // No id matching is possible: replace every root (apply reports the duplicate ids).
            ops =
                oldRootIds.map { .remove(id: $0) }
                + target.roots.enumerated().map { .add(parent: nil, index: $0.offset, element: $0.element) }
            return
        }
        var vanishedRoots = Set<String>()
        for id in oldRootIds where !removeVanished(in: old[id]!.element) { vanishedRoots.insert(id) }
        removeChildren(vanishedRoots, of: nil)
        reconcile(parent: nil, with: target.roots)
        let staleSet = Set(stale)
        for id in stale where !(old[id]!.parent.map(staleSet.contains) ?? false) {
            ops.append(.remove(id: id))
        }
    }

    // MARK: Structure of the simulated tree

    private func children(of parent: String?) -> [String] {
        if let list = childrenOverride[parent] { return list }
        guard let parent else { return oldRootIds }
        return old[parent]?.element.children.map(\.id) ?? []
    }

    /// Whether `parent`'s simulated children are `wanted`'s ids, in order, without building the
    /// id list when the structure is still `a`'s.
    private func childrenMatch(of parent: String?, _ wanted: [Snapshot.Element]) -> Bool {
        if let list = childrenOverride[parent] { return list.elementsEqual(wanted.lazy.map(\.id)) }
        guard let parent else { return oldRootIds.elementsEqual(wanted.lazy.map(\.id)) }
        guard let entry = old[parent] else { return wanted.isEmpty }
        let children = entry.element.children
        guard children.count == wanted.count else { return false }
        for index in children.indices where children[index].id != wanted[index].id { return false }
        return true
    }

    private func parent(of id: String) -> String? {
        if let moved = parentOverride[id] { return moved }
        return old[id]!.parent
    }

    // MARK: Phase 1: vanished subtrees

    /// Removes the vanished children of `element` (recursively) and says whether `element`'s
    /// subtree holds an element of `b` (if not, the caller removes it whole).
    private mutating func removeVanished(in element: Snapshot.Element) -> Bool {
        if shared.contains(element.id) { return true }  // the same subtree is in `b`
        var vanished = Set<String>()
        for child in element.children where !removeVanished(in: child) { vanished.insert(child.id) }
        let survives = newIds.contains(element.id)
        guard survives || vanished.count < element.children.count else { return false }
        removeChildren(vanished, of: element.id)
        if !survives { stale.append(element.id) }
        return true
    }

    private mutating func removeChildren(_ ids: Set<String>, of parent: String?) {
        guard !ids.isEmpty else { return }
        var list = children(of: parent)
        for id in list where ids.contains(id) { ops.append(.remove(id: id)) }
        list.removeAll(where: ids.contains)
        childrenOverride[parent] = list
    }

    // MARK: Phase 2: top-down reconciliation

    private mutating func reconcile(parent: String?, with wanted: [Snapshot.Element]) {
        if !childrenMatch(of: parent, wanted) {
            var current = children(of: parent)
            place(wanted, in: parent, current: &current)
            childrenOverride[parent] = current
        }
        for element in wanted {
            if let entry = old[element.id] {
                emitSet(from: entry.element, to: element)
                if !shared.contains(element.id) { reconcile(parent: element.id, with: element.children) }
            } else if addedWithMissingParts.contains(element.id) {
                reconcile(parent: element.id, with: element.children)
            }
        }
    }

    /// Moves or adds the children of `parent` that are not already in order.
    private mutating func place(_ wanted: [Snapshot.Element], in parent: String?, current: inout [String]) {
        var wantedPosition: [String: Int] = [:]
        for (position, element) in wanted.enumerated() { wantedPosition[element.id] = position }
        let order = current.compactMap { wantedPosition[$0] }
        let inOrder = Set(longestIncreasingSubsequence(order).map { order[$0] })
        for (position, element) in wanted.enumerated() where !inOrder.contains(position) {
            let id = element.id
            let exists = old[id] != nil || added.contains(id)
            if exists {
                let from = self.parent(of: id)
                if from == parent {
                    current.remove(at: current.firstIndex(of: id)!)
                } else {
                    var list = children(of: from)
                    list.remove(at: list.firstIndex(of: id)!)
                    childrenOverride[from] = list
                }
            }
            let index = position == 0 ? 0 : current.firstIndex(of: wanted[position - 1].id)! + 1
            current.insert(id, at: index)
            if exists {
                parentOverride[id] = parent
                ops.append(.move(id: id, parent: parent, index: index))
            } else {
                ops.append(.add(parent: parent, index: index, element: addable(element)))
            }
        }
    }

    /// `element` without the parts of its subtree that exist already (they are moved in later),
    /// recording the simulated children of every new element.
    private mutating func addable(_ element: Snapshot.Element) -> Snapshot.Element {
        added.insert(element.id)
        var copy = element
        copy.children = element.children.compactMap { child in
            old[child.id] == nil ? addable(child) : nil
        }
        childrenOverride[element.id] = copy.children.map(\.id)
        if copy.children.count < element.children.count
            || copy.children.contains(where: { addedWithMissingParts.contains($0.id) })
        {
            addedWithMissingParts.insert(element.id)
        }
        return copy
    }

    private mutating func emitSet(from before: Snapshot.Element, to after: Snapshot.Element) {
        if let set = Self.setOp(from: before, to: after) { ops.append(set) }
    }

    /// The `set` op for the fields that differ, nil when none does.
    static func setOp(from before: Snapshot.Element, to after: Snapshot.Element) -> UpdateOp? {
        var fields = JSONObject()
        var unset: [String] = []
        for field in ElementField.settable where field.differs(before, after) {
            if field.isDefault(in: after) {
                unset.append(field.rawValue)
            } else {
                fields.append(key: field.rawValue, value: field.jsonValue(of: after))
            }
        }
        guard !fields.isEmpty || !unset.isEmpty else { return nil }
        return .set(id: after.id, fields: fields, unset: unset)
    }
}
