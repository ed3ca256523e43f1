import Testing
import WeftSynthetic

@testable import WeftSnapshot

@Suite struct SemanticDiffTests {
    private func text(_ id: String, _ name: String? = nil, x: Double = 0) -> Snapshot.Element {
        Snapshot.Element(id: id, className: "ASTextNode", debugName: name, frame: .init(x: x, y: 0, width: 10, height: 10))
    }

    private var card: Snapshot {
        Snapshot(roots: [
            Snapshot.Element(
                id: "n1/0", kind: .spec, type: "stack", className: "ASStackLayoutSpec",
                children: [
                    text("n2"), text("n3", "title"), text("n4"),
                    Snapshot.Element(
                        id: "n1/0.3", kind: .spec, type: "stack", className: "ASStackLayoutSpec", children: [text("n5")]),
                ])
        ])
    }

    @Test func pathsResolveByClassDebugNameAndOrdinal() throws {
        #expect(try card.element(atPath: "ASStackLayoutSpec").id == "n1/0")
        #expect(try card.element(atPath: "ASStackLayoutSpec > ASTextNode").id == "n2")
        #expect(try card.element(atPath: "ASStackLayoutSpec > ASTextNode[1]").id == "n4")  // the title has its own name
        #expect(try card.element(atPath: "ASStackLayoutSpec > ASTextNode (title)").id == "n3")
        #expect(try card.element(atPath: "ASStackLayoutSpec > ASStackLayoutSpec > ASTextNode").id == "n5")
        #expect(StructuralPath.paths(of: card)["n4"] == "ASStackLayoutSpec > ASTextNode[1]")
    }

    @Test func unresolvablePathsSayWhere() {
        #expect(throws: StructuralPath.PathError(message: "no ASTextNode[2] under ASStackLayoutSpec")) {
            try card.element(atPath: "ASStackLayoutSpec > ASTextNode[2]")
        }
        #expect(throws: StructuralPath.PathError(message: "no ASImageNode among the roots")) {
            try card.element(atPath: "ASImageNode")
        }
        #expect(throws: StructuralPath.PathError(message: "bad ordinal in path component \"ASTextNode[x]\"")) {
            try card.element(atPath: "ASTextNode[x]")
        }
        #expect(throws: StructuralPath.PathError.self) { try card.element(atPath: "") }
    }

    @Test func idsDoNotMatter() {
        let a = SyntheticFeed.snapshot(elementCount: 200, seed: 4)
        var b = a
        b.roots[0].id = "n999"
        b.roots[0].children[0].id = "n999/0"
        #expect(SemanticDiff.compare(a, b).isEmpty)
        #expect(SemanticDiff.compare(a, a).isEmpty)
    }

    @Test func jsonReportCountsChangesByKind() {
        var b = card
        b.roots[0].children[0].frame.width = 12
        b.roots[0].children.remove(at: 2)
        let changes = SemanticDiff.compare(card, b)
        let report = SemanticDiffReport.json(changes, a: "a.json", b: "b.json")
        #expect(report["equal"] == false)
        #expect(report["counts"] == ["removed": 1, "resized": 1])  // in SemanticChange.Kind order
        #expect(report["changes"]?.array?.first?["text"] == "~ ASStackLayoutSpec > ASTextNode: frame 0,0 10x10 -> 0,0 12x10")
        #expect(report["changes"]?.array?.first?["idAfter"] == "n2")
        #expect(SemanticDiffReport.json([], a: "a", b: "b")["equal"] == true)
    }

    @Test func junitReportHasACasePerComparisonAndEscapesXML() {
        let change = SemanticChange(kind: .nodeProperty, path: "ASTextNode", field: "props.text", before: "a<b", after: "\"&\"")
        let xml = SemanticDiffReport.junit([
            .init(name: "feed-loaded", changes: [change]),
            .init(name: "first-layout", changes: []),
        ])
        #expect(
            xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites tests="2" failures="1">
                  <testsuite name="weft.layout" tests="2" failures="1">
                    <testcase classname="weft.layout" name="feed-loaded">
                      <failure message="1 layout difference" type="LayoutDifference">~ ASTextNode: props.text &quot;a&lt;b&quot; -&gt; &quot;\\&quot;&amp;\\&quot;&quot;</failure>
                    </testcase>
                    <testcase classname="weft.layout" name="first-layout"/>
                  </testsuite>
                </testsuites>

                """)
    }
}
