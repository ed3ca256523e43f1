import WeftSnapshot

/// Assembles the `Snapshot.Element` values of streamed captures from their shared subtrees
/// (`CapturedSubtree`), where they are published: on the worker. A node element assembled for
/// one capture is reused by the next one that still holds its subtree (a cell on screen), so a
/// subtree is assembled once for as long as it stays in the captures.
///
/// The elements are kept here, on the worker's side, and not in the subtrees the host holds:
/// the host never frees them (releasing an element made by the worker, with copies of its
/// children's elements, cost the host's frame about a microsecond), and only the last
/// capture's are kept, which share their storage with the published document.
struct ElementAssembly {
    /// The node elements of the last capture assembled, and of the one being assembled, by
    /// subtree serial (a serial is never reused; the subtrees themselves are not held).
    private var previous: [UInt64: Snapshot.Element] = [:]
    private var current: [UInt64: Snapshot.Element] = [:]

    /// The elements of a capture's roots.
    mutating func elements(of roots: [CapturedChild]) -> [Snapshot.Element] {
        let elements = roots.map { element(of: $0.subtree, at: $0.frame) }
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
        return elements
    }

    private mutating func element(of subtree: CapturedSubtree, at frame: Snapshot.Rect) -> Snapshot.Element {
        var element: Snapshot.Element
        if let assembled = previous[subtree.serial] {
            element = assembled
        } else {
            element = subtree.fields
            element.children = subtree.children.indices.map { index in
                self.element(of: subtree.children[index].subtree, at: subtree.frame(ofChild: index))
            }
        }
        // Specs and leaves are reused with the node element they belong to.
        if subtree.kind == .node { current[subtree.serial] = element }
        element.frame = frame
        return element
    }
}
