import WeftSnapshot

/// A capture on its way to the publisher. A streamed capture is handed over as the shared
/// subtrees the host thread read (`CapturedSubtree`), and assembled into a document where it
/// is published: on the worker, so that the host pays only for reading its trees.
enum PendingCapture: @unchecked Sendable {
    /// A document read afresh (`Tree.getDocument`).
    case document(Snapshot)
    /// A streamed capture: the roots' subtrees, and the range controllers as read, with the
    /// memos their snapshot forms are derived with.
    case streamed(roots: [CapturedChild], rangeControllers: [(RangeControllerCapture.Reading, RangeControllerMemo)],
                  meta: Snapshot.Meta)

    /// The document (revision 0: the publisher numbers it), a streamed capture's assembled by
    /// `assembly`.
    func snapshot(assembling assembly: inout ElementAssembly) -> Snapshot {
        switch self {
        case .document(let snapshot):
            snapshot
        case .streamed(let roots, let rangeControllers, let meta):
            Snapshot(revision: 0, meta: meta, roots: assembly.elements(of: roots),
                     rangeControllers: rangeControllers.map { RangeControllerCapture.snapshot(of: $0, memo: $1) })
        }
    }
}
