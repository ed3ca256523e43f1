import Testing

@testable import WeftCapture

/// Element ids (docs/protocol.md, Identity of elements): `"n<counter>"` for nodes, `"<owner>/<path>"` for specs.
@Suite struct ElementIDTests {
    @Test("a node's layout root is <owner>/0; a spec's children append .<index>")
    func childSpecIDs() {
        #expect(ElementID.childSpecID(of: "n12", parentIsNode: true, index: 0) == "n12/0")
        #expect(ElementID.childSpecID(of: "n12/0", parentIsNode: false, index: 1) == "n12/0.1")
        #expect(ElementID.childSpecID(of: "n12/0", parentIsNode: false, index: 10) == "n12/0.10")
        // Past the 15 bytes a string holds inline.
        #expect(
            ElementID.childSpecID(of: "n123456/0.1.2.3.4", parentIsNode: false, index: 1_207)
                == "n123456/0.1.2.3.4.1207")
    }

    @Test("a built child id reads back as its owner and path")
    func childSpecIDsParse() {
        let id = ElementID.childSpecID(
            of: ElementID.childSpecID(of: "n7", parentIsNode: true, index: 0),
            parentIsNode: false, index: 42)
        #expect(ElementID(id) == .spec(owner: "n7", path: [0, 42]))
    }
}
