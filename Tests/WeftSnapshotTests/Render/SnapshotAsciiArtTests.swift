import Testing
import WeftJSON

@testable import WeftSnapshot

@Suite struct SnapshotAsciiArtTests {
    private func spec(_ id: String, _ type: String, _ className: String, props: JSONObject = [:], _ children: [Snapshot.Element])
        -> Snapshot.Element
    {
        Snapshot.Element(id: id, kind: .spec, type: type, className: className, props: props, children: children)
    }

    private func node(_ id: String, _ className: String, debugName: String? = nil, children: [Snapshot.Element] = [])
        -> Snapshot.Element
    {
        Snapshot.Element(id: id, className: className, debugName: debugName, children: children)
    }

    // docs/texture-semantics.md section 2, first exact example: a horizontal stack of two vertical
    // stacks, each with two image nodes.
    @Test func stackOfStacksMatchesTheSharedExample() {
        let column = { (id: String) in
            self.spec(
                id, "stack", "ASStackLayoutSpec", props: ["direction": "vertical"],
                [self.node(id + "a", "ASImageNode"), self.node(id + "b", "ASImageNode")])
        }
        let row = spec("n1/0", "stack", "ASStackLayoutSpec", [column("n1/0.0"), column("n1/0.1")])
        #expect(
            SnapshotAsciiArt.art(of: row) == """
                -----------------------ASStackLayoutSpec----------------------
                |  -----ASStackLayoutSpec-----  -----ASStackLayoutSpec-----  |
                |  |       ASImageNode       |  |       ASImageNode       |  |
                |  |       ASImageNode       |  |       ASImageNode       |  |
                |  ---------------------------  ---------------------------  |
                --------------------------------------------------------------
                """)
    }

    // Second exact example: an inset spec around a text node.
    @Test func insetAroundATextNode() {
        let inset = spec("n1/0", "inset", "ASInsetLayoutSpec", props: ["insets": [8, 8, 8, 8]], [node("n2", "ASTextNode")])
        #expect(
            SnapshotAsciiArt.art(of: inset) == """
                --ASInsetLayoutSpec--
                |     ASTextNode    |
                ---------------------
                """)
    }

    @Test func aNodeIsItsNameAndItsSpecIsTheLayoutText() {
        let inset = spec("n1/0", "inset", "ASInsetLayoutSpec", [node("n2", "ASTextNode")])
        let card = node("n1", "ASCellNode", debugName: "card", children: [inset, node("n3", "ASImageNode")])
        #expect(SnapshotAsciiArt.art(of: card) == "ASCellNode (card)")
        #expect(SnapshotAsciiArt.layoutArt(of: card) == SnapshotAsciiArt.art(of: inset))
        #expect(SnapshotAsciiArt.layoutArt(of: node("n4", "ASTextNode")) == nil)
        // A spec without children is its bare name; a ratio spec prints its ratio, not its debug name.
        #expect(SnapshotAsciiArt.art(of: spec("n5/0", "wrapper", "ASWrapperLayoutSpec", [])) == "ASWrapperLayoutSpec")
        var ratio = spec("n5/0", "ratio", "ASRatioLayoutSpec", props: ["ratio": 0.75], [])
        ratio.debugName = "photo"
        #expect(SnapshotAsciiArt.art(of: ratio) == "ASRatioLayoutSpec (0.8)")  // %.1f of 0.75 rounds to even
    }
}
