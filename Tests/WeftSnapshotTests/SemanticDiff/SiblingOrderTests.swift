import Testing
import WeftJSON

@testable import WeftSnapshot

/// The `order` change beyond the shared fixtures (fixtures/semantic-diff/sibling-order*.json):
/// its ids point at the parent, it counts as its own kind in the JSON summary, same-named
/// siblings never produce one, and it survives the fast path of equal child lists.
@Suite struct SiblingOrderTests {
    private func node(_ id: String, _ className: String, _ name: String? = nil) -> Snapshot.Element {
        Snapshot.Element(id: id, className: className, debugName: name, frame: .init(x: 0, y: 0, width: 50, height: 50))
    }

    /// An overlay spec (owned by node n1) over `children`, all at the same frame.
    private func overlay(_ children: [Snapshot.Element], owner: String = "n1") -> Snapshot {
        Snapshot(roots: [
            Snapshot.Element(
                id: "\(owner)/0", kind: .spec, type: "overlay", className: "ASOverlayLayoutSpec",
                frame: .init(x: 0, y: 0, width: 50, height: 50), children: children)
        ])
    }

    @Test func aSwapOfEqualFramesIsOneOrderChangeOnTheParent() {
        // Child and overlay swap: every frame is 0,0 50x50 before and after, so nothing but the
        // order tells. The change carries the parent's ids (n1/0 before, n7/0 after) so that
        // renderers highlight the parent.
        let a = overlay([node("n2", "ASImageNode", "photo"), node("n3", "ASTextNode", "caption")])
        let b = overlay([node("n9", "ASTextNode", "caption"), node("n8", "ASImageNode", "photo")], owner: "n7")
        let changes = SemanticDiff.compare(a, b)
        #expect(
            changes == [
                SemanticChange(
                    kind: .order, path: "ASOverlayLayoutSpec", field: "order",
                    before: ["ASImageNode (photo)", "ASTextNode (caption)"],
                    after: ["ASTextNode (caption)", "ASImageNode (photo)"],
                    idBefore: "n1/0", idAfter: "n7/0")
            ])
        #expect(
            SemanticDiffReport.line(changes[0])
                == #"~ ASOverlayLayoutSpec: order ["ASImageNode (photo)","ASTextNode (caption)"] -> ["ASTextNode (caption)","ASImageNode (photo)"]"#
        )
        // Its own kind in the summary, between removed and moved (SemanticChange.Kind order).
        #expect(SemanticDiffReport.json(changes, a: "a", b: "b")["counts"] == ["order": 1])
        #expect(SemanticDiff.compare(a, b, options: .init(ignoredFields: ["order"])).isEmpty)
    }

    @Test func sameNamedSiblingsNeverReorder() {
        // Two unnamed text nodes swapping are matched by ordinal (the first is ASTextNode, the
        // second ASTextNode[1] on both sides): their texts differ instead, and no order line.
        var first = node("n2", "ASTextNode")
        var second = node("n3", "ASTextNode")
        first.props = ["text": "one", "lines": ["one"]]
        second.props = ["text": "two", "lines": ["two"]]
        let changes = SemanticDiff.compare(overlay([first, second]), overlay([second, first]))
        #expect(!changes.contains { $0.kind == .order })
        #expect(changes.map(\.field) == ["props.text", "props.lines", "props.text", "props.lines"])
    }

    @Test func aMoveAmongManySiblingsListsOnlyTheKeptOnes() {
        // 12 siblings (past the short-list path of StructuralPath.ordinals): c0...c11 of
        // different classes; c11 moves to the front and c5 goes away. The kept ones are c0...c4,
        // c6...c11 before and c11, c0...c4, c6...c10 after.
        let a = (0..<12).map { node("n\($0)", "C\($0)") }
        var b = a
        b.remove(at: 5)
        b.insert(b.removeLast(), at: 0)
        let changes = SemanticDiff.compare(overlay(a), overlay(b))
        let kept = (0..<12).filter { $0 != 5 }.map { JSONValue.string("C\($0)") }
        #expect(changes.map(\.kind) == [.order, .removed])
        #expect(changes.first?.before == .array(kept))
        #expect(changes.first?.after == .array([kept.last!] + kept.dropLast()))
    }
}
