// Streaming captures reuse the elements of unchanged subtrees, so consecutive documents share
// most of their children arrays (copy-on-write storage). A shared array means an identical
// subtree below, which the diff can skip without looking: that keeps a per-frame diff
// proportional to what changed, not to the size of the document.

extension Snapshot.Element {
    /// Whether this element's `children` and `other`'s are the very same array storage, so both
    /// subtrees below are identical. Both arrays are alive while they are compared, so equal
    /// addresses cannot be a reused allocation; a shared storage is never written in place.
    func sharesChildren(with other: Snapshot.Element) -> Bool {
        guard !children.isEmpty, children.count == other.children.count else { return false }
        return children.withUnsafeBufferPointer { mine in
            other.children.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}

extension UpdateOps {
    /// The ids of elements found under the same parent (or in the root lists) of `a` and `b`,
    /// level by level from the roots, whose children are shared storage: the diff need not
    /// index or visit anything below them. Siblings are matched by position first, then by id.
    static func elementsWithSharedChildren(_ a: [Snapshot.Element], _ b: [Snapshot.Element]) -> Set<String> {
        var shared = Set<String>()
        func pair(_ a: [Snapshot.Element], _ b: [Snapshot.Element]) {
            var positionInA: [String: Int]?
            for (index, after) in b.enumerated() where !after.children.isEmpty {
                let before: Snapshot.Element
                if index < a.count, a[index].id == after.id {
                    before = a[index]
                } else {
                    if positionInA == nil {
                        positionInA = Dictionary(
                            a.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
                    }
                    guard let position = positionInA?[after.id] else { continue }
                    before = a[position]
                }
                if before.sharesChildren(with: after) {
                    shared.insert(after.id)
                } else {
                    pair(before.children, after.children)
                }
            }
        }
        pair(a, b)
        return shared
    }
}
