import Testing
import WeftJSON

@testable import WeftSnapshot

/// The values a document leaves out because the element's other values imply them
/// (docs/snapshot-format.md, "Implied values"): a spec's `className` (its type's Texture class),
/// `props.lines` (`[text]`), `props.image.decodedBytes` (`pixelWidth * pixelHeight * 4`), the
/// `constrainedSize` of a node's layout root (the node's) and a node's `interfaceState` (its
/// nearest node ancestor's).
/// Expectations are written from those rules, not from the encoder's output.
@Suite struct ImpliedValuesTests {
    private func text(_ element: Snapshot.Element) -> String {
        String(decoding: element.encoded(), as: UTF8.self)
    }

    private func roundTrip(_ element: Snapshot.Element) throws -> Snapshot.Element {
        try Snapshot.Element(json: element.encoded())
    }

    private func decode(_ json: String) throws -> Snapshot.Element {
        try Snapshot.Element(json: Array(json.utf8))
    }

    // MARK: A spec's className

    // layout-json `stack` is Texture's ASStackLayoutSpec, `inset` ASInsetLayoutSpec
    // (docs/layout-json.md, Elements): both implied, so neither element writes its class.
    @Test func aSpecOfABuiltInTypeLeavesOutItsClassName() throws {
        let stack = Snapshot.Element(
            id: "n9/0.0", kind: .spec, type: "stack", className: "ASStackLayoutSpec",
            frame: .init(x: 16, y: 8, width: 343, height: 44), props: ["spacing": 10])
        #expect(text(stack) == #"{"id":"n9/0.0","kind":"spec","type":"stack","frame":[16,8,343,44],"props":{"spacing":10}}"#)
        #expect(try roundTrip(stack) == stack)
        let inset = Snapshot.Element(id: "n9/0", kind: .spec, type: "inset", className: "ASInsetLayoutSpec", children: [stack])
        #expect(
            text(inset)
                == #"{"id":"n9/0","kind":"spec","type":"inset","children":[{"id":"n9/0.0","kind":"spec","type":"stack","frame":[16,8,343,44],"props":{"spacing":10}}]}"#
        )
        #expect(try roundTrip(inset) == inset)
    }

    // Every type of the table and its class, as docs/layout-json.md lists them.
    @Test func everyBuiltInTypeImpliesTexturesClass() throws {
        let classes = [
            "stack": "ASStackLayoutSpec", "inset": "ASInsetLayoutSpec", "overlay": "ASOverlayLayoutSpec",
            "background": "ASBackgroundLayoutSpec", "center": "ASCenterLayoutSpec", "ratio": "ASRatioLayoutSpec",
            "relative": "ASRelativeLayoutSpec", "absolute": "ASAbsoluteLayoutSpec", "corner": "ASCornerLayoutSpec",
            "wrapper": "ASWrapperLayoutSpec",
        ]
        for (type, className) in classes {
            let element = try decode(#"{"id":"a/0","kind":"spec","type":"\#(type)"}"#)
            #expect(element.className == className, "\(type)")
        }
    }

    // A user's subclass keeps its own name: written even with a built-in type, and always for
    // a custom type, which implies no class.
    @Test func aCustomSpecClassIsWritten() throws {
        let subclass = Snapshot.Element(id: "n2/0", kind: .spec, type: "stack", className: "FeedRowStackSpec")
        #expect(text(subclass) == #"{"id":"n2/0","kind":"spec","type":"stack","className":"FeedRowStackSpec"}"#)
        #expect(try roundTrip(subclass) == subclass)
        let custom = Snapshot.Element(id: "n2/0", kind: .spec, type: "custom", className: "ASLayoutSpec")
        #expect(text(custom) == #"{"id":"n2/0","kind":"spec","type":"custom","className":"ASLayoutSpec"}"#)
        #expect(try roundTrip(custom) == custom)
    }

    // Nodes always write their class, whatever it is.
    @Test func nodesAlwaysWriteTheirClassName() {
        let node = Snapshot.Element(id: "n1", className: "ASStackLayoutSpec")
        #expect(text(node) == #"{"id":"n1","className":"ASStackLayoutSpec"}"#)
    }

    @Test func aClassNameThatCannotBeImpliedIsRequired() {
        let custom = thrown(JSONError.self) { _ = try decode(#"{"id":"a/0","kind":"spec","type":"custom"}"#) }
        #expect(custom?.message == #"element is missing "className" (a spec of type "custom" always writes it)"#)
        let node = thrown(JSONError.self) { _ = try decode(#"{"id":"n1","type":"stack"}"#) }
        #expect(node?.message == #"element is missing "className" (a node always writes it)"#)
    }

    // MARK: props.lines

    // "Item 1" drawn on one line as it is: lines ["Item 1"] is implied.
    @Test func oneLineEqualToTheTextIsLeftOut() throws {
        let element = Snapshot.Element(
            id: "n7", className: "ASTextNode",
            props: ["text": "Item 1", "lines": ["Item 1"], "font": ["size": 16, "weight": "bold"]])
        #expect(
            text(element) == #"{"id":"n7","className":"ASTextNode","props":{"text":"Item 1","font":{"size":16,"weight":"bold"}}}"#
        )
        #expect(try roundTrip(element) == element)
    }

    // Lines that are not [text] are information: a wrapped text (two lines), a truncated one
    // (its line ends in the token), one whose trailing space is not drawn, and an empty text,
    // which draws no lines at all (TextLineBreaker gives [] for ""), so [] differs from [""].
    @Test(arguments: [
        ("Sunset over the bay", ["Sunset over", "the bay"] as [JSONValue]),
        ("Sunset over the bay", ["Sunset over th\u{2026}"]),
        ("Hi ", ["Hi"]),
        ("", []),
    ])
    func linesThatAreNotTheTextAreWritten(_ text: String, _ lines: [JSONValue]) throws {
        let element = Snapshot.Element(id: "n7", className: "ASTextNode", props: ["text": .string(text), "lines": .array(lines)])
        let written = try JSONReader.parse(element.encoded())
        #expect(written["props"]?["lines"] == .array(lines))
        #expect(try roundTrip(element) == element)
    }

    // The reader puts the implied lines right after text, where capture puts them.
    @Test func theReaderFillsInTheLinesAfterTheText() throws {
        let element = try decode(#"{"id":"n7","className":"ASTextNode","props":{"text":"Hi","font":{"size":13},"alpha":0.5}}"#)
        #expect(element.props == ["text": "Hi", "lines": ["Hi"], "font": ["size": 13], "alpha": 0.5])
        // Explicit lines are kept as written, in their place.
        let explicit = try decode(#"{"id":"n7","className":"ASTextNode","props":{"lines":["Hi"],"text":"Hi"}}"#)
        #expect(explicit.props == ["lines": ["Hi"], "text": "Hi"])
        // Only a string text implies lines; spec props have neither.
        #expect(try decode(#"{"id":"n7","className":"X","props":{"text":7}}"#).props == ["text": 7])
        #expect(try decode(#"{"id":"a/0","kind":"spec","type":"stack","props":{"spacing":4}}"#).props == ["spacing": 4])
    }

    // MARK: props.image.decodedBytes

    // 88 x 88 pixels x 4 bytes = 30976: implied.
    @Test func decodedBytesOfWidthTimesHeightTimesFourIsLeftOut() throws {
        let element = Snapshot.Element(
            id: "n6", className: "ASImageNode",
            props: [
                "image": ["pixelWidth": 88, "pixelHeight": 88, "scale": 2, "scalingRatio": 1, "decodedBytes": 30976]
            ])
        #expect(
            text(element)
                == #"{"id":"n6","className":"ASImageNode","props":{"image":{"pixelWidth":88,"pixelHeight":88,"scale":2,"scalingRatio":1}}}"#
        )
        #expect(try roundTrip(element) == element)
    }

    // Capture cannot produce another value (ImageNode.decodedBytes is w x h x 4), but a document
    // may carry one (another runtime's decoder, a hand-written file): it is written and kept.
    @Test func anotherDecodedSizeIsWrittenAndKept() throws {
        let json =
            #"{"id":"n6","className":"ASImageNode","props":{"image":{"pixelWidth":88,"pixelHeight":88,"scale":2,"decodedBytes":1000}}}"#
        let element = try decode(json)
        #expect(element.props["image"]?["decodedBytes"] == 1000)
        #expect(text(element) == json)
    }

    @Test func theReaderFillsInTheDecodedSizeLast() throws {
        let element = try decode(
            #"{"id":"n6","className":"ASImageNode","props":{"image":{"pixelWidth":3,"pixelHeight":2,"scale":1},"clipsToBounds":true}}"#
        )
        // 3 x 2 x 4 = 24
        #expect(
            element.props == [
                "image": ["pixelWidth": 3, "pixelHeight": 2, "scale": 1, "decodedBytes": 24], "clipsToBounds": true,
            ])
    }

    // MARK: Update ops

    // A text change in a set op: props is replaced whole and is self-contained, so its lines are
    // left out too; the op read back and applied gives the new lines.
    @Test func setOpsLeaveOutImpliedPropsAndApplyThem() throws {
        let before = Snapshot.Element(id: "n7", className: "ASTextNode", props: ["text": "Item 1", "lines": ["Item 1"]])
        var after = before
        after.props = ["text": "Item 2", "lines": ["Item 2"]]
        let op = try #require(UpdateOps.diff(Snapshot(roots: [before]), Snapshot(roots: [after])).only)
        #expect(
            String(decoding: UpdateOp.encode([op]), as: UTF8.self)
                == #"[{"op":"set","id":"n7","fields":{"props":{"text":"Item 2"}}}]"#)
        var document = Snapshot(roots: [before])
        try UpdateOps.apply(try UpdateOp.decode(UpdateOp.encode([op])), to: &document)
        #expect(document.roots == [after])
    }

    // className in a set op is always written: the op may not carry the type it would follow.
    @Test func setOpsAlwaysWriteClassName() throws {
        let before = Snapshot.Element(id: "n2/0", kind: .spec, type: "custom", className: "RowSpec")
        var after = before
        after.type = "stack"
        after.className = "ASStackLayoutSpec"
        let op = try #require(UpdateOps.diff(Snapshot(roots: [before]), Snapshot(roots: [after])).only)
        #expect(
            String(decoding: UpdateOp.encode([op]), as: UTF8.self)
                == #"[{"op":"set","id":"n2/0","fields":{"type":"stack","className":"ASStackLayoutSpec"}}]"#)
        // A class change alone, on a spec whose type stays stack.
        var document = Snapshot(roots: [after])
        try UpdateOps.apply(
            try UpdateOp.decode(Array(#"[{"op":"set","id":"n2/0","fields":{"className":"MyStack"}}]"#.utf8)), to: &document)
        #expect(document.roots[0].className == "MyStack")
        #expect(document.roots[0].type == "stack")
    }

    // An add op carries a whole element: its spec class is implied like in a document.
    @Test func addOpsCarryCompactElements() throws {
        let spec = Snapshot.Element(id: "w", kind: .spec, type: "overlay", className: "ASOverlayLayoutSpec")
        let op = UpdateOp.add(parent: nil, index: 0, element: spec)
        #expect(
            String(decoding: UpdateOp.encode([op]), as: UTF8.self)
                == #"[{"op":"add","parent":null,"index":0,"element":{"id":"w","kind":"spec","type":"overlay"}}]"#)
        #expect(try UpdateOp.decode(UpdateOp.encode([op])) == [op])
    }

    // MARK: A node's layout root's constrainedSize

    /// A feed cell laid out in [375 x 0...inf]; its inset (its layout root) gets the same range,
    /// and the inset's stack gets it less the insets (16 + 16): [343 x 0...inf].
    private func cell(rootRange: Snapshot.SizeRange) -> Snapshot.Element {
        let range = Snapshot.SizeRange(min: .init(width: 375, height: 0), max: .init(width: 375, height: .infinity))
        let stack = Snapshot.Element(
            id: "n9/0.0", kind: .spec, type: "stack", className: "ASStackLayoutSpec",
            constrainedSize: .init(min: .init(width: 343, height: 0), max: .init(width: 343, height: .infinity)))
        let inset = Snapshot.Element(
            id: "n9/0", kind: .spec, type: "inset", className: "ASInsetLayoutSpec",
            constrainedSize: rootRange, children: [stack])
        return Snapshot.Element(id: "n9", className: "ASCellNode", constrainedSize: range, children: [inset])
    }

    @Test func aLayoutRootLeavesOutTheRangeItsNodeImplies() throws {
        let element = cell(rootRange: .init(min: .init(width: 375, height: 0), max: .init(width: 375, height: .infinity)))
        #expect(
            text(element)
                == #"{"id":"n9","className":"ASCellNode","constrainedSize":{"min":[375,0],"max":[375,"inf"]},"children":[{"id":"n9/0","kind":"spec","type":"inset","children":[{"id":"n9/0.0","kind":"spec","type":"stack","constrainedSize":{"min":[343,0],"max":[343,"inf"]}}]}]}"#
        )
        #expect(try roundTrip(element) == element)
    }

    @Test func aLayoutRootWithAnotherRangeWritesIt_evenTheDefault() throws {
        let element = cell(rootRange: .unconstrained)
        // Left out, the root's range would read as the node's: the default is written out.
        #expect(
            text(element).contains(
                #""id":"n9/0","kind":"spec","type":"inset","constrainedSize":{"min":[0,0],"max":["inf","inf"]}"#))
        #expect(try roundTrip(element) == element)
    }

    @Test func theReaderFillsTheLayoutRootsRangeWhereverTheNodeWritesItsOwn() throws {
        // The node's range after its children: the root's still follows it.
        let element = try decode(
            #"{"id":"n9","className":"ASCellNode","children":[{"id":"n9/0","kind":"spec","type":"inset"}],"constrainedSize":{"min":[375,0],"max":[375,"inf"]}}"#
        )
        #expect(element.children[0].constrainedSize == element.constrainedSize)
        // A spec that is not a node's first child, and a node's first child that is a node, imply nothing.
        let nested = try decode(
            #"{"id":"n1","className":"ASDisplayNode","constrainedSize":{"min":[10,10],"max":[10,10]},"children":[{"id":"n2","className":"ASDisplayNode"},{"id":"n1/x","kind":"spec","type":"stack"}]}"#
        )
        #expect(nested.children.map(\.constrainedSize) == [.unconstrained, .unconstrained])
    }

    // An add op's element has no parent written around it: it writes its own range.
    @Test func anAddedLayoutRootWritesItsOwnRange() throws {
        let root = Snapshot.Element(
            id: "n9/0", kind: .spec, type: "inset", className: "ASInsetLayoutSpec",
            constrainedSize: .init(min: .init(width: 375, height: 0), max: .init(width: 375, height: .infinity)))
        let op = UpdateOp.add(parent: "n9", index: 0, element: root)
        #expect(
            String(decoding: UpdateOp.encode([op]), as: UTF8.self).contains(
                #""constrainedSize":{"min":[375,0],"max":[375,"inf"]}"#))
        #expect(try UpdateOp.decode(UpdateOp.encode([op])) == [op])
    }

    // MARK: A node's interface state

    /// A visible cell (15) > inset spec > [a label (15), a nested strip (7: in the display range
    /// only) > its item (7), an image outside every range (0)].
    private func cellWithStates() -> Snapshot.Element {
        let item = Snapshot.Element(id: "n4", className: "ASCellNode", interfaceState: [.measureLayout, .preload, .display])
        let strip = Snapshot.Element(
            id: "n3", className: "ASCollectionNode", interfaceState: [.measureLayout, .preload, .display],
            children: [item])
        let label = Snapshot.Element(id: "n2", className: "ASTextNode", interfaceState: .inHierarchy)
        let image = Snapshot.Element(id: "n5", className: "ASImageNode")
        let inset = Snapshot.Element(
            id: "n1/0", kind: .spec, type: "inset", className: "ASInsetLayoutSpec",
            children: [label, strip, image])
        return Snapshot.Element(id: "n1", className: "ASCellNode", interfaceState: .inHierarchy, children: [inset])
    }

    @Test func nodesLeaveOutTheStateTheirNearestNodeAncestorImplies() throws {
        let element = cellWithStates()
        // Through the spec: the label shares the cell's 15; the strip writes its 7, its item
        // shares it; the image writes its 0.
        #expect(
            text(element)
                == #"{"id":"n1","className":"ASCellNode","interfaceState":15,"children":[{"id":"n1/0","kind":"spec","type":"inset","children":[{"id":"n2","className":"ASTextNode"},{"id":"n3","className":"ASCollectionNode","interfaceState":7,"children":[{"id":"n4","className":"ASCellNode"}]},{"id":"n5","className":"ASImageNode","interfaceState":0}]}]}"#
        )
        #expect(try roundTrip(element) == element)
    }

    @Test func aWholeElementWritesItsOwnState() throws {
        // Nothing is written around a root or an added element: a missing state is 0.
        #expect(try decode(#"{"id":"n9","className":"ASDisplayNode"}"#).interfaceState == [])
        let label = Snapshot.Element(id: "n2", className: "ASTextNode", interfaceState: .inHierarchy)
        let op = UpdateOp.add(parent: "n1/0", index: 0, element: label)
        #expect(String(decoding: UpdateOp.encode([op]), as: UTF8.self).contains(#""interfaceState":15"#))
        #expect(try UpdateOp.decode(UpdateOp.encode([op])) == [op])
    }
}

extension Array {
    /// The element of a one-element array, else nil.
    fileprivate var only: Element? { count == 1 ? first : nil }
}
