import Testing
import WeftJSON
import WeftLayout
import WeftNodes

@testable import WeftCapture

/// The program's list of live edits, which every attached inspector shows (Layout.editsChanged,
/// Layout.getEdits, Layout.undoEdit, Layout.redoEdit, Layout.revertEdits of one property), and
/// its run state (Runtime.stateChanged, Runtime.getState), on the Card of Support.swift.
@Suite("Shared edits and run state")
struct SharedEditsTests {
    /// The `Layout.editsChanged` events sent so far: (change, edits, undo, redo).
    private func changes(_ recorder: RecordingSession) -> [(change: String, edits: [JSONValue], undo: Int, redo: Int)] {
        recorder.events.filter { $0.method == "Layout.editsChanged" }.map {
            (
                $0.params["change"]?.string ?? "", $0.params["edits"]?.array ?? [], $0.params["undo"]?.integer ?? -1,
                $0.params["redo"]?.integer ?? -1
            )
        }
    }

    @Test("an edit is listed with its element, path, old and new value and who made it")
    func editListed() throws {
        let card = Card()
        let recorder = RecordingSession(loop: loop(with: [card.root]))
        _ = try recorder.result("Tree.getDocument")
        _ = try recorder.result(
            "Layout.setStyle", ["id": .string(card.avatar.id), "property": "width", "value": 60, "by": "tab A"])
        let event = try #require(changes(recorder).last)
        #expect(event.change == "applied" && event.undo == 1 && event.redo == 0)
        #expect(
            event.edits == [
                [
                    "id": .string(card.avatar.id), "name": "ASDisplayNode (avatar)",
                    "path": "ASDisplayNode (card) > ASInsetLayoutSpec > ASStackLayoutSpec > ASDisplayNode (avatar)",
                    "kind": "style", "property": "width", "old": 50, "value": 60, "by": "tab A",
                ]
            ])
        // A second edit of the same property replaces it and keeps the first value before.
        _ = try recorder.result("Layout.setStyle", ["id": .string(card.avatar.id), "property": "width", "value": 70])
        let list = try recorder.result("Layout.getEdits")
        #expect(list["edits"]?.array?.count == 1)
        #expect(
            list["edits"]?.array?[0]["old"] == 50 && list["edits"]?.array?[0]["value"] == 70
                && list["edits"]?.array?[0]["by"] == nil)
        #expect(list["undo"] == 2 && list["redo"] == 0)
        // A spec property: old is the spec's own value.
        _ = try recorder.result(
            "Layout.setSpecProperty", ["id": .string("\(card.root.id)/0.0"), "property": "spacing", "value": 25])
        let spec = try #require(changes(recorder).last?.edits.last)
        #expect(spec["kind"] == "spec" && spec["old"] == 5 && spec["value"] == 25 && spec["name"] == "ASStackLayoutSpec")
    }

    @Test("undo and redo walk the program's history, whoever made the edits")
    func undoRedo() throws {
        let card = Card()
        let loop = loop(with: [card.root])
        let recorder = RecordingSession(loop: loop)
        let avatar = card.avatar.id
        _ = try recorder.result("Layout.setStyle", ["id": .string(avatar), "property": "width", "value": 60, "by": "A"])
        _ = try recorder.result("Layout.setStyle", ["id": .string(avatar), "property": "width", "value": 70, "by": "B"])
        #expect(card.avatar.style.width == .points(70))

        // Undo B: A's 60 is back, and listed again as A's.
        let afterUndo = try recorder.result("Layout.undoEdit")
        #expect(card.avatar.style.width == .points(60))
        #expect(afterUndo["edits"]?.array?[0]["value"] == 60 && afterUndo["edits"]?.array?[0]["by"] == "A")
        #expect(afterUndo["undo"] == 1 && afterUndo["redo"] == 1)
        // Undo A: the node's own value, and nothing listed.
        _ = try recorder.result("Layout.undoEdit")
        #expect(card.avatar.style.width == .points(50))
        #expect(card.title.frame.origin.x == 10 + 55)
        #expect(try recorder.result("Layout.getEdits")["edits"] == [])
        #expect(recorder.errorCode("Layout.undoEdit") == -32602)
        #expect(changes(recorder).suffix(2).map(\.change) == ["undone", "undone"])

        // Redo both, in order.
        _ = try recorder.result("Layout.redoEdit")
        #expect(card.avatar.style.width == .points(60))
        let redone = try recorder.result("Layout.redoEdit")
        #expect(card.avatar.style.width == .points(70))
        #expect(redone["edits"]?.array?[0]["old"] == 50 && redone["undo"] == 2 && redone["redo"] == 0)
        #expect(recorder.errorCode("Layout.redoEdit") == -32602)
        #expect(changes(recorder).last?.change == "redone")
        // A new edit after an undo clears what Redo could make.
        _ = try recorder.result("Layout.undoEdit")
        _ = try recorder.result("Layout.setStyle", ["id": .string(card.title.id), "property": "height", "value": 30])
        #expect(try recorder.result("Layout.getEdits")["redo"] == 0)
    }

    @Test("revert one property keeps the element's other edits; revert all clears the list")
    func revertOne() throws {
        let card = Card()
        let loop = loop(with: [card.root])
        let recorder = RecordingSession(loop: loop)
        let stack = "\(card.root.id)/0.0"
        _ = try recorder.result("Layout.setStyle", ["id": .string(card.avatar.id), "property": "width", "value": 60])
        _ = try recorder.result("Layout.setStyle", ["id": .string(card.avatar.id), "property": "height", "value": 40])
        _ = try recorder.result("Layout.setSpecProperty", ["id": .string(stack), "property": "spacing", "value": 25])
        _ = try recorder.result("Layout.setSpecProperty", ["id": .string(stack), "property": "alignItems", "value": "end"])

        #expect(try recorder.result("Layout.revertEdits", ["id": .string(card.avatar.id), "property": "width"]) == [:])
        #expect(card.avatar.style.width == .points(50) && card.avatar.style.height == .points(40))
        #expect(try recorder.result("Layout.revertEdits", ["id": .string(stack), "property": "spacing"]) == [:])
        // The stack is built afresh with the host's spacing, and the alignItems edit applied again.
        let spec = try recorder.result("Tree.getElement", ["id": .string(stack)])
        #expect(spec["element"]?["props"]?["spacing"] == 5 && spec["element"]?["props"]?["alignItems"] == "end")
        let listed = try #require(changes(recorder).last)
        #expect(listed.change == "reverted")
        #expect(listed.edits.map { $0["property"] } == ["height", "alignItems"])
        // Undo takes back only what is still listed: alignItems.
        #expect(listed.undo == 2)
        #expect(recorder.errorCode("Layout.revertEdits", ["property": "width"]) == -32602)

        _ = try recorder.result("Layout.revertEdits")
        #expect(changes(recorder).last.map { ($0.edits.count, $0.undo, $0.redo) } ?? (-1, -1, -1) == (0, 0, 0))
        #expect(card.avatar.style.height == .points(30))
    }

    @Test("an edit the program drops leaves the list with the event")
    func droppedEdit() throws {
        let card = Card()
        let loop = loop(with: [card.root])
        let recorder = RecordingSession(loop: loop)
        _ = try recorder.result(
            "Layout.setSpecProperty", ["id": .string("\(card.root.id)/0.0"), "property": "spacing", "value": 25])
        card.wrapInCenter = true
        card.root.setNeedsLayout()
        loop.run(frames: 1)
        let last = try #require(changes(recorder).last)
        #expect(last.change == "dropped" && last.edits.isEmpty && last.undo == 0)
    }

    @Test("pauses, resumes and steps are reported, whoever makes them, and Runtime.getState reads the state")
    func runState() throws {
        let card = Card()
        let loop = loop(with: [card.root])
        let recorder = RecordingSession(loop: loop)
        let stateEvents = { recorder.events.filter { $0.method == "Runtime.stateChanged" }.map(\.params) }
        #expect(try recorder.result("Runtime.getState")["paused"] == false)
        _ = try recorder.result("Runtime.pause")
        _ = try recorder.result("Runtime.pause")  // already paused: no second event
        #expect(stateEvents().map { $0["change"] } == ["paused"])
        #expect(try recorder.result("Runtime.getState")["paused"] == true)
        let frame = loop.frame
        _ = recorder.call("Runtime.step", ["frames": 2])
        let stepped = try #require(stateEvents().last)
        #expect(stepped["change"] == "stepped" && stepped["paused"] == true && stepped["frame"]?.integer == frame + 2)
        // The host resumes by itself: inspectors are told too.
        loop.resume()
        #expect(stateEvents().last?["change"] == "resumed" && stateEvents().last?["paused"] == false)
        #expect(try recorder.result("Runtime.getState")["frame"]?.integer == loop.frame)
        // A stopped session says nothing more.
        recorder.session.stop()
        loop.pause()
        #expect(stateEvents().count == 3)
    }
}
