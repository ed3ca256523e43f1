import WeftSnapshot

/// A capture on its way to the publisher. A streamed capture is handed over as the shared
/// subtrees the host thread read (`CapturedSubtree`), and assembled into a document where it
/// is published: on the worker, so that the host pays only for reading its trees.
///
/// A class, immutable once made: the host and the worker hand it over, replace it and release
/// it as one reference. (As an enum with its payload inline, every move through the hand-off's
/// optionals went through the runtime's generic value witnesses, cold code and metadata in a
/// frame that starts cold: about a third of a streamed capture's cost at 60 fps.)
final class PendingCapture: @unchecked Sendable {
    private enum Content {
        case document(Snapshot)
        case streamed(roots: [CapturedChild], rangeControllers: [(RangeControllerCapture.Reading, RangeControllerMemo)],
                      meta: SharedMeta)
    }

    /// A session's meta as its streamed captures carry it: one reference, where a copy of its
    /// strings, made and destroyed through value witnesses in every capture, cost a tenth of a
    /// capture at 60 fps.
    final class SharedMeta: @unchecked Sendable {
        let meta: Snapshot.Meta
        init(_ meta: Snapshot.Meta) { self.meta = meta }
    }

    private let content: Content

    private init(_ content: Content) {
        self.content = content
    }

    /// A document read afresh (`Tree.getDocument`).
    static func document(_ snapshot: Snapshot) -> PendingCapture {
        PendingCapture(.document(snapshot))
    }

    /// A streamed capture: the roots' subtrees, and the range controllers as read, with the
    /// memos their snapshot forms are derived with.
    static func streamed(roots: [CapturedChild], rangeControllers: [(RangeControllerCapture.Reading, RangeControllerMemo)],
                         meta: SharedMeta) -> PendingCapture {
        PendingCapture(.streamed(roots: roots, rangeControllers: rangeControllers, meta: meta))
    }

    /// A streamed capture's roots, as read (nil for a document).
    var streamedRoots: [CapturedChild]? {
        if case .streamed(let roots, _, _) = content { roots } else { nil }
    }

    /// The document (revision 0: the publisher numbers it), a streamed capture's assembled by
    /// `assembly`.
    func snapshot(assembling assembly: inout ElementAssembly) -> Snapshot {
        switch content {
        case .document(let snapshot):
            snapshot
        case .streamed(let roots, let rangeControllers, let meta):
            Snapshot(revision: 0, meta: meta.meta, roots: assembly.elements(of: roots),
                     rangeControllers: rangeControllers.map { RangeControllerCapture.snapshot(of: $0, memo: $1) })
        }
    }
}
