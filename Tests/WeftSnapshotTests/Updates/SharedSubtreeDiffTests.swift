import Testing
import WeftSynthetic

@testable import WeftSnapshot

/// The diff skips subtrees whose children are the same storage in both documents (what a
/// streaming capture produces for unchanged subtrees). These tests build the second document
/// from the first the way capture does (a copy, then changes), so unchanged parts share storage.
@Suite struct SharedSubtreeDiffTests {
    /// The synthetic feed's cells: window `n1` > stack `n1/0` > [header `n2`, table `n3`] > cells.
    private func cells(_ snapshot: Snapshot) -> [Snapshot.Element] {
        snapshot.roots[0].children[0].children[1].children
    }

    private func mutateCells(_ snapshot: inout Snapshot, _ body: (inout [Snapshot.Element]) -> Void) {
        body(&snapshot.roots[0].children[0].children[1].children)
    }

    @Test func sharedStorageIsTellingApartCopiesFromEqualRebuilds() {
        let a = SyntheticFeed.snapshot(elementCount: 60)
        let cell = cells(a)[0]
        var copy = cell
        #expect(cell.sharesChildren(with: copy))
        copy.frame.y += 1  // the element's own fields do not touch its children's storage
        #expect(cell.sharesChildren(with: copy))
        copy.children[0].frame.x += 1  // copy on write: now separate storage
        #expect(!cell.sharesChildren(with: copy))
        // Equal but built separately: not shared (the diff then simply looks inside).
        let rebuilt = cells(SyntheticFeed.snapshot(elementCount: 60))[0]
        #expect(rebuilt == cell && !rebuilt.sharesChildren(with: cell))
        let leaf = Snapshot.Element(id: "n9", className: "ASDisplayNode")
        #expect(!leaf.sharesChildren(with: leaf))  // no children: nothing to skip
    }

    /// A scroll frame: every cell moved, the first one left, a new one came in, and one cell's
    /// content changed. Only the changed cell and the path above it are looked into.
    @Test func aScrollFrameLooksOnlyAtWhatChanged() throws {
        let a = SyntheticFeed.snapshot(elementCount: 200)
        var b = a
        let incoming = cells(SyntheticFeed.snapshot(elementCount: 400, seed: 9)).last!
        mutateCells(&b) { cells in
            cells.removeFirst()
            for index in cells.indices { cells[index].frame.y -= 100 }
            cells[3].children[0].props["insets"] = [1, 2, 3, 4]
            cells.append(incoming)
        }
        let shared = UpdateOps.elementsWithSharedChildren(a.roots, b.roots)
        // Every kept cell but the edited one (index 3) shares its children with `a`; inside the
        // edited cell, the spec whose own props changed still shares its children. The window,
        // stack and table (their children arrays were written) and the new cell are looked into.
        let edited = cells(b)[3]
        var expected = Set(cells(b).dropLast().map(\.id))
        expected.remove(edited.id)
        #expect(!edited.children[0].children.isEmpty)
        expected.insert(edited.children[0].id)
        #expect(shared == expected)
        var result = a
        try UpdateOps.apply(UpdateOps.diff(a, b), to: &result)
        #expect(result.roots == b.roots)
    }

    /// Shared subtrees that changed place (reordered siblings, moved under another parent) and
    /// edits next to them: applying the diff still gives the new document exactly.
    @Test func sharedSubtreesThatMoveStillDiffExactly() throws {
        var edits = RandomEdits(seed: 4242)
        for round in 0..<300 {
            let a = edits.snapshot()
            var b = a
            if !b.roots.isEmpty { b.roots.reverse() }
            b = edits.edited(b)
            let ops = UpdateOps.diff(a, b)
            var result = a
            try UpdateOps.apply(ops, to: &result)
            #expect(result.roots == b.roots, "round \(round)")
            if result.roots != b.roots { break }
        }
        // A cell moved whole from the table to the window: its children stay shared storage.
        let a = SyntheticFeed.snapshot(elementCount: 100)
        var b = a
        var moved: Snapshot.Element?
        mutateCells(&b) { moved = $0.remove(at: 2) }
        b.roots[0].children.append(try #require(moved))
        var result = a
        try UpdateOps.apply(UpdateOps.diff(a, b), to: &result)
        #expect(result.roots == b.roots)
    }
}
