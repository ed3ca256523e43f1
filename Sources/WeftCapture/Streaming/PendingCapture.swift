import WeftSnapshot

/// A capture on its way to the publisher. A streamed capture is handed over as the shared
/// subtrees the host thread read (`CapturedSubtree`), and assembled into a document where it
/// is published: on the worker, so that the host pays only for reading its trees.
///
/// A class, so that the hand-off moves one reference: as an enum of its two forms, every move
/// through the publisher's hand-off copied the payloads field by field (their value witnesses
/// were a tenth of a streamed capture's instruction cache misses).
final class PendingCapture: @unchecked Sendable {
    /// A document read afresh; nil for a streamed capture.
    private let freshDocument: Snapshot?
    /// A streamed capture: the roots' subtrees (none for a document), and the range
    /// controllers as read, with the memos their snapshot forms are derived with.
    let roots: [CapturedChild]
    private let rangeControllers: [(RangeControllerCapture.Reading, RangeControllerMemo)]
    private let meta: Snapshot.Meta

    private init(
        freshDocument: Snapshot?, roots: [CapturedChild],
        rangeControllers: [(RangeControllerCapture.Reading, RangeControllerMemo)], meta: Snapshot.Meta
    ) {
        self.freshDocument = freshDocument
        (self.roots, self.rangeControllers, self.meta) = (roots, rangeControllers, meta)
    }

    /// A document read afresh (`Tree.getDocument`).
    static func document(_ snapshot: Snapshot) -> PendingCapture {
        PendingCapture(freshDocument: snapshot, roots: [], rangeControllers: [], meta: snapshot.meta)
    }

    /// A streamed capture.
    static func streamed(
        roots: [CapturedChild], rangeControllers: [(RangeControllerCapture.Reading, RangeControllerMemo)],
        meta: Snapshot.Meta
    ) -> PendingCapture {
        PendingCapture(freshDocument: nil, roots: roots, rangeControllers: rangeControllers, meta: meta)
    }

    /// The document (revision 0: the publisher numbers it), a streamed capture's assembled by
    /// `assembly`.
    func snapshot(assembling assembly: inout ElementAssembly) -> Snapshot {
        if let freshDocument { return freshDocument }
        return Snapshot(
            revision: 0, meta: meta, roots: assembly.elements(of: roots),
            rangeControllers: rangeControllers.map { RangeControllerCapture.snapshot(of: $0, memo: $1) })
    }
}
