import Testing
import WeftJSON
import WeftSynthetic

@testable import WeftSnapshot

@Suite struct UpdateOpsTests {
    private func node(_ id: String, _ children: [Snapshot.Element] = [], width: Double = 10) -> Snapshot.Element {
        Snapshot.Element(
            id: id, className: "ASDisplayNode", frame: .init(x: 0, y: 0, width: width, height: 10), children: children)
    }

    private func failure(_ ops: [UpdateOp], on snapshot: Snapshot, sourceLocation: SourceLocation = #_sourceLocation)
        -> UpdateOpError?
    {
        thrown(UpdateOpError.self, sourceLocation: sourceLocation) { _ = try UpdateOps.applying(ops, to: snapshot) }
    }

    /// The property the protocol relies on: applying the diff of a and b to a gives b, for random
    /// trees and random edits, also after the ops go through JSON.
    @Test func applyingTheDiffGivesTheNewDocument() throws {
        var edits = RandomEdits(seed: 2026)
        for round in 0..<600 {
            let a = edits.snapshot()
            let b = edits.edited(a)
            let ops = UpdateOps.diff(a, b)
            // No ops exactly when nothing changed.
            #expect(ops.isEmpty == (a.roots == b.roots && a.rangeControllers == b.rangeControllers), "round \(round)")
            var result = a
            try UpdateOps.apply(ops, to: &result)
            #expect(result.roots == b.roots, "round \(round): ops \(String(decoding: UpdateOp.encode(ops), as: UTF8.self))")
            #expect(result.rangeControllers == b.rangeControllers, "round \(round)")
            let wire = try UpdateOp.decode(UpdateOp.encode(ops))
            #expect(wire == ops, "round \(round): ops change through JSON")
            if result.roots != b.roots { break }
        }
    }

    /// Frames in which nothing moved take the side-by-side walk; it must emit exactly what the
    /// full diff emits, and leave every edit that moves something to the full diff.
    @Test func theShortcutWithoutMovesAgreesWithTheFullDiff() throws {
        var edits = RandomEdits(seed: 77)
        func fullDiff(_ a: Snapshot, _ b: Snapshot) -> [UpdateOp] {
            var differ = TreeDiffer(from: a, to: b)
            differ.run()
            return differ.ops
        }
        for round in 0..<400 {
            let a = edits.snapshot()
            let b = edits.edited(a, movingNothing: round % 2 == 0)
            let shortcut = UpdateOps.changesWithoutMoves(a.roots, b.roots)
            if round % 2 == 0 {
                #expect(shortcut != nil, "round \(round): nothing moved")
            }
            guard let shortcut else { continue }
            #expect(shortcut == fullDiff(a, b), "round \(round)")
            #expect(try UpdateOps.applying(shortcut, to: a).roots == b.roots, "round \(round)")
        }
    }

    // Hand-derived: each way an element can move leaves the walk.
    @Test func movesTakeTheFullDiff() {
        let a = [node("p", [node("a", [node("x")]), node("b"), node("c")])]
        let moves: [String: [Snapshot.Element]] = [
            "reordered siblings": [node("p", [node("b"), node("a", [node("x")]), node("c")])],
            "to another parent": [node("p", [node("a"), node("b", [node("x")]), node("c")])],
            "into a new wrapper": [node("p", [node("w", [node("a", [node("x")])]), node("b"), node("c")])],
            "out of a removed parent": [node("p", [node("x"), node("b"), node("c")])],
        ]
        for (move, b) in moves {
            #expect(UpdateOps.changesWithoutMoves(a, b) == nil, "\(move)")
        }
    }

    // Hand-derived: a list that scrolled by a row removes the first, adds one at the end (at its
    // index in the new list) and moves the rest; the removal comes first, as in the full diff.
    @Test func aScrolledListIsRemovalAdditionAndSets() {
        let a = Snapshot(roots: [node("list", [node("r1"), node("r2"), node("r3")])])
        var b = Snapshot(roots: [node("list", [node("r2"), node("r3"), node("r4")])])
        b.roots[0].children[0].frame.y = -10
        #expect(
            UpdateOps.diff(a, b) == [
                .remove(id: "r1"),
                .add(parent: "list", index: 2, element: node("r4")),
                .set(id: "r2", fields: ["frame": [0, -10, 10, 10]], unset: []),
            ])
    }

    /// A set op's field is the value its JSON reads as, whether built directly or written and
    /// read back: NaN reads as null, infinities as the snapshot's strings.
    @Test func aSetFieldIsWhatItsJSONReadsAs() throws {
        var edits = RandomEdits(seed: 5)
        var elements = (0..<40).map { _ in edits.element(depth: 0) }
        for (index, number) in [Double.nan, .infinity, -.infinity, -0.0, 0.1, 1e20, -2.5e-7].enumerated() {
            var element = node("odd\(index)")
            element.frame = .init(x: number, y: 1, width: -number, height: number)
            element.calculatedSize = .init(width: number, height: 2)
            elements.append(element)
        }
        for element in elements {
            for field in ElementField.settable {
                var writer = JSONWriter(capacity: 64)
                writer.byte(UInt8(ascii: "{"))
                field.encode(element, into: &writer)
                writer.byte(UInt8(ascii: "}"))
                let read = try JSONReader.parse(writer.bytes).object!.entries[0].value
                #expect(field.jsonValue(of: element) == read, "\(field) of \(element.id)")
            }
        }
    }

    /// Equal documents that share no storage (a capture read afresh that found nothing new) too.
    @Test func identicalDocumentsNeedNoOps() throws {
        let snapshot = SyntheticFeed.snapshot(elementCount: 300)
        #expect(UpdateOps.diff(snapshot, snapshot).isEmpty)
        #expect(UpdateOps.diff(snapshot, try Snapshot(json: snapshot.encoded())).isEmpty)
    }

    // Hand-derived: one changed field gives one set op with just that field.
    @Test func aResizeIsOneSetOp() {
        let a = Snapshot(roots: [node("n1", [node("n2")])])
        let b = Snapshot(roots: [node("n1", [node("n2", width: 20)])])
        #expect(UpdateOps.diff(a, b) == [.set(id: "n2", fields: ["frame": [0, 0, 20, 10]], unset: [])])
    }

    // Hand-derived: n3 leaves n2 for n1; the survivor is moved before nothing is removed, and
    // n2 (gone, but holding n3) is removed last.
    @Test func survivorsAreMovedOutBeforeTheirOldParentIsRemoved() {
        let a = Snapshot(roots: [node("n1", [node("n2", [node("n3")])])])
        let b = Snapshot(roots: [node("n1", [node("n3")])])
        #expect(UpdateOps.diff(a, b) == [.move(id: "n3", parent: "n1", index: 0), .remove(id: "n2")])
    }

    @Test func aNewWrapperIsAddedEmptyAndTheExistingChildMovedIn() {
        let a = Snapshot(roots: [node("n1", [node("n2")])])
        let b = Snapshot(roots: [node("n1", [node("n9", [node("n10"), node("n2")])])])
        let ops = UpdateOps.diff(a, b)
        #expect(
            ops == [
                .add(parent: "n1", index: 0, element: node("n9", [node("n10")])),
                .move(id: "n2", parent: "n9", index: 1),
            ])
    }

    @Test func applyRejectsOpsThatDoNotFit() {
        let snapshot = Snapshot(roots: [node("n1", [node("n2", [node("n3")])])])
        #expect(failure([.remove(id: "n9")], on: snapshot)?.description == "op 0 (remove): unknown element id \"n9\"")
        #expect(failure([.add(parent: "n9", index: 0, element: node("n4"))], on: snapshot)?.message == "unknown parent id \"n9\"")
        #expect(
            failure([.add(parent: "n1", index: 2, element: node("n4"))], on: snapshot)?.message
                == "index 2 is out of range for \"n1\", which has 1 children")
        #expect(
            failure([.add(parent: nil, index: -1, element: node("n4"))], on: snapshot)?.message
                == "index -1 is out of range for the root list, which has 1 children")
        #expect(
            failure([.add(parent: "n1", index: 0, element: node("n3"))], on: snapshot)?.message
                == "element id \"n3\" already exists")
        #expect(
            failure([.add(parent: "n1", index: 0, element: node("n5", [node("n5")]))], on: snapshot)?.message
                == "element id \"n5\" appears twice in the added subtree")
        #expect(
            failure([.move(id: "n2", parent: "n3", index: 0)], on: snapshot)?.message == "cannot move \"n2\" into its own subtree"
        )
        #expect(
            failure([.move(id: "n2", parent: "n2", index: 0)], on: snapshot)?.message == "cannot move \"n2\" into its own subtree"
        )
        #expect(
            failure([.move(id: "n3", parent: "n2", index: 1)], on: snapshot)?.message
                == "index 1 is out of range for \"n2\", which has 0 other children")
        #expect(
            failure([.set(id: "n2", fields: ["children": []], unset: [])], on: snapshot)?.message
                == "field \"children\" cannot be set")
        #expect(failure([.set(id: "n2", fields: ["colour": 1], unset: [])], on: snapshot)?.message == "unknown field \"colour\"")
        #expect(
            failure([.set(id: "n2", fields: [:], unset: ["className"])], on: snapshot)?.message
                == "field \"className\" cannot be unset")
        #expect(
            failure([.set(id: "n2", fields: ["frame": [1, 2]], unset: [])], on: snapshot)?.message
                == "frame: expected [x, y, width, height] with 4 numbers, got 2 (byte 0)")
        #expect(failure([.rangeRemoved(id: "r1")], on: snapshot)?.message == "unknown range controller id \"r1\"")
        // The failing op's position is reported, and earlier ops do not leak into the document.
        let second = failure([.remove(id: "n3"), .remove(id: "n3")], on: snapshot)
        #expect(second?.opIndex == 1)
        let duplicated = Snapshot(roots: [node("n1"), node("n1")])
        #expect(failure([], on: duplicated)?.message == "the document itself is invalid: duplicate element id \"n1\"")
    }

    @Test func moveWithinTheSameParentCountsTheIndexAfterRemoval() throws {
        // [a, b, c]: moving a to index 2 puts it after c (index in the list after the move).
        let snapshot = Snapshot(roots: [node("p", [node("a"), node("b"), node("c")])])
        let moved = try UpdateOps.applying([.move(id: "a", parent: "p", index: 2)], to: snapshot)
        #expect(moved.roots[0].children.map(\.id) == ["b", "c", "a"])
    }

    @Test func unsetCalculatedSizeFollowsTheNewFrame() throws {
        var element = node("n1")
        element.calculatedSize = .init(width: 99, height: 99)
        let snapshot = Snapshot(roots: [element])
        let ops: [UpdateOp] = [.set(id: "n1", fields: ["frame": [0, 0, 30, 40]], unset: ["calculatedSize"])]
        let result = try UpdateOps.applying(ops, to: snapshot)
        #expect(result.roots[0].calculatedSize == .init(width: 30, height: 40))
    }

    @Test func opsReadFromJSONWithClearErrors() throws {
        let ops = try UpdateOp.decode(
            Array(
                #"[{"op":"remove","id":"n1"},{"op":"move","id":"n2","parent":null,"index":0},{"op":"set","id":"n3","unset":["style"]}]"#
                    .utf8))
        #expect(
            ops == [.remove(id: "n1"), .move(id: "n2", parent: nil, index: 0), .set(id: "n3", fields: [:], unset: ["style"])])
        #expect(
            String(decoding: UpdateOp.encode([.add(parent: nil, index: 0, element: node("n4"))]), as: UTF8.self)
                == #"[{"op":"add","parent":null,"index":0,"element":{"id":"n4","className":"ASDisplayNode","frame":[0,0,10,10]}}]"#
        )
        #expect(throws: JSONError.self) { try UpdateOp.decode(Array(#"[{"op":"teleport","id":"n1"}]"#.utf8)) }
        #expect(throws: JSONError.self) { try UpdateOp.decode(Array(#"[{"op":"move","id":"n1"}]"#.utf8)) }
    }
}
