import Testing

@testable import WeftLayout

/// asciiArtString of real element trees, docs/texture-semantics.md section 2.
@Suite struct ElementAsciiArtTests {
    @Test func firstExampleFromRealSpecs() {
        func image() -> BoxNode { BoxNode(intrinsicSize: nil, className: "ASImageNode") }
        let column = { StackLayoutSpec.vertical(children: [image(), image()]) }
        let row = StackLayoutSpec.horizontal(children: [column(), column()])
        #expect(
            row.asciiArtString == """
                -----------------------ASStackLayoutSpec----------------------
                |  -----ASStackLayoutSpec-----  -----ASStackLayoutSpec-----  |
                |  |       ASImageNode       |  |       ASImageNode       |  |
                |  |       ASImageNode       |  |       ASImageNode       |  |
                |  ---------------------------  ---------------------------  |
                --------------------------------------------------------------
                """)
    }

    @Test func secondExampleFromRealSpecs() {
        let inset = InsetLayoutSpec(insets: EdgeInsets(all: 4), child: BoxNode(className: "ASTextNode"))
        #expect(
            inset.asciiArtString == """
                --ASInsetLayoutSpec--
                |     ASTextNode    |
                ---------------------
                """)
    }

    @Test func namedChildrenKeepTexturesOrder() {
        // Overlay [child, overlay], background [child, background], corner [child, corner],
        // always in a horizontal box.
        let a = BoxNode(className: "A")
        let b = BoxNode(className: "B")
        let expected = AsciiArt.box(name: "ASOverlayLayoutSpec", children: ["A", "B"])
        #expect(OverlayLayoutSpec(child: a, overlay: b).asciiArtString == expected)
        #expect(
            BackgroundLayoutSpec(child: a, background: b).asciiArtString
                == AsciiArt.box(name: "ASBackgroundLayoutSpec", children: ["A", "B"]))
        #expect(
            CornerLayoutSpec(child: a, corner: b, location: .topLeft).asciiArtString
                == AsciiArt.box(name: "ASCornerLayoutSpec", children: ["A", "B"]))
    }

    @Test func debugNamesAndNodes() {
        let node = BoxNode(className: "ASTextNode", debugName: "title")
        #expect(node.asciiArtString == "ASTextNode (title)")
        let spec = WrapperLayoutSpec(child: node)
        spec.debugName = "wrap"
        #expect(spec.asciiArtString == AsciiArt.box(name: "ASWrapperLayoutSpec (wrap)", children: ["ASTextNode (title)"]))
        // A spec without children is its bare name.
        #expect(LayoutSpec().asciiArtString == "ASLayoutSpec")
    }

    @Test func ratioUsesItsRatioInTheBox() {
        #expect(
            RatioLayoutSpec(ratio: 1.25, child: BoxNode()).asciiArtString
                == AsciiArt.box(name: "ASRatioLayoutSpec (1.2)", children: ["ASDisplayNode"]))
    }
}
