/// A node's change tracking (`DisplayNode.revisions`; docs/nodes.md, "Change tracking"):
/// counters that move, by one and wrapping, with every observable change of their kind and
/// never otherwise. Compare a reading with an earlier one of the same node: an equal counter
/// means no change of its kind happened in between.
public struct NodeRevisions: Equatable, Sendable {
    /// Changes of the node itself: its properties and its layout (which places the nodes of its
    /// spec tree). A change of its list of subnodes alone (a container's visible cells) is a
    /// change below it, not of it.
    public internal(set) var own: UInt64 = 0
    /// Changes of the node and its subtree other than interface states: `own` and every change
    /// below, the scroll state included.
    public internal(set) var subtree: UInt64 = 0
    /// Changes of the node's scroll state: a container's scroll position, its ranges, its items'
    /// range states and any change in its cells off screen (not in its tree). Each counts in
    /// `subtree` too; when both moved by the same amount, the container only scrolled and the
    /// subtrees below it are as they were.
    public internal(set) var scrollState: UInt64 = 0
    /// Interface-state changes of the node and its subtree (kept apart from `subtree`: ranges
    /// change the states of whole cells as they scroll, and nothing else of them).
    public internal(set) var interfaceStates: UInt64 = 0
    /// On a root: every change anywhere in its tree, of any kind (the main loop sums the roots'
    /// into `changeCount`). Meaningless below a root.
    public internal(set) var tree: UInt64 = 0

    /// A new node's revisions: all 0.
    public init() {}
}
