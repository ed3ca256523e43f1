import Foundation
import Synchronization
import Testing
import WeftJSON
import WeftLayout
import WeftNodes
import WeftProtocol
import WeftSnapshot

@testable import WeftCapture

/// Device methods against a live node tree (the Card of Support.swift: inset 10 around a stack
/// with spacing 5 of a 50x30 avatar and a title 100 wide that grows to 300 at x = 55).
@Suite("Device methods on a live tree")
struct CommandTests {
    @Test("the session serves exactly the protocol's device methods")
    func servesTheDeviceMethods() {
        #expect(CaptureSession.methods == ProtocolMethods.device.sorted())
    }

    @Test("Tree.getDocument and Tree.getElement")
    func documentAndElement() throws {
        let card = Card()
        let recorder = RecordingSession(loop: loop(with: [card.root]))
        let document = try Snapshot(json: try recorder.result("Tree.getDocument").jsonBytes)
        #expect(document.revision == 1)
        #expect(document.roots.map(\.id) == [card.root.id])
        let element = try recorder.result("Tree.getElement", ["id": .string("\(card.root.id)/0.0")])
        #expect(element["element"]?["type"] == "stack")
        #expect(element["element"]?["children"]?.array?.count == 2)
        let title = try recorder.result("Tree.getElement", ["id": .string(card.title.id)])
        // A node's element has the frame its parent's unflattened layout gives it.
        #expect(title["element"]?["frame"] == [55, 0, 300, 20])
    }

    @Test("a spec edit relays out at once, survives relayouts and is dropped when the shape changes")
    func specEdit() throws {
        let card = Card()
        let loop = loop(with: [card.root])
        let recorder = RecordingSession(loop: loop)
        let stackID = "\(card.root.id)/0.0"
        // spacing 25: the title starts at 50 + 25 = 75 and grows into 355 - 75 = 280.
        let edited = try recorder.result("Layout.setSpecProperty", ["id": .string(stackID), "property": "spacing", "value": 25])
        #expect(edited["element"]?["props"]?["spacing"] == 25)
        #expect(edited["element"]?["children"]?.array?[1]["frame"] == [75, 0, 280, 20])

        // The host lays out again (its block builds a stack with spacing 5): the override wins.
        card.root.setNeedsLayout()
        loop.run(frames: 1)
        #expect(card.title.frame.origin.x == 10 + 75)

        // The spec tree changes shape: n/0.0 is now a center spec, so the override is dropped.
        card.wrapInCenter = true
        card.root.setNeedsLayout()
        loop.run(frames: 1)
        let dropped = recorder.events.filter { $0.method == "Layout.editDropped" }
        #expect(dropped.count == 1)
        #expect(dropped.first?.params["id"] == .string(stackID))
        #expect(!recorder.session.edits.hasEdits(for: stackID))
        // The stack (now n/0.0.0) has the host's spacing again: the title is at 55 within it.
        let stack = try recorder.result("Tree.getElement", ["id": .string("\(card.root.id)/0.0.0")])
        #expect(stack["element"]?["props"]?["spacing"] == 5)
    }

    @Test("a node style edit and its revert")
    func nodeStyleEdit() throws {
        let card = Card()
        let loop = loop(with: [card.root])
        let recorder = RecordingSession(loop: loop)
        // avatar 60 wide: the title starts at 60 + 5 = 65 and is 355 - 65 = 290 wide.
        let edited = try recorder.result("Layout.setStyle", ["id": .string(card.avatar.id), "property": "width", "value": 60])
        #expect(edited["element"]?["style"]?["width"] == 60)
        #expect(card.title.frame.origin.x == 10 + 65 && card.title.frame.size.width == 290)
        card.root.setNeedsLayout()
        loop.run(frames: 1)
        #expect(card.title.frame.origin.x == 75)

        #expect(try recorder.result("Layout.revertEdits", ["id": .string(card.avatar.id)]) == [:])
        #expect(card.avatar.style.width == .points(50))
        #expect(card.title.frame.origin.x == 10 + 55)

        _ = try recorder.result("Layout.setStyle", ["id": .string(card.title.id), "property": "width", "value": "50%"])
        _ = try recorder.result(
            "Layout.setSpecProperty", ["id": .string("\(card.root.id)/0"), "property": "insets", "value": [0, 0, 0, 0]])
        #expect(try recorder.result("Layout.revertEdits") == [:])
        #expect(card.title.style.width == .points(100))
        #expect(card.avatar.frame.origin == Point(x: 10, y: 10))
    }

    @Test("dimension edits at the edges of what Texture lays out are accepted")
    func dimensionEditsAtTheEdges() throws {
        let card = Card()
        let recorder = RecordingSession(loop: loop(with: [card.root]))
        // Large fractions are legitimate (150% of the parent), and so is a size just under
        // Texture's 1e7-point invalid-size bound; zero is a valid size too.
        #expect(
            recorder.errorCode("Layout.setStyle", ["id": .string(card.title.id), "property": "width", "value": "150%"]) == nil)
        #expect(
            recorder.errorCode("Layout.setStyle", ["id": .string(card.title.id), "property": "height", "value": 9_999_999]) == nil
        )
        #expect(recorder.errorCode("Layout.setStyle", ["id": .string(card.title.id), "property": "minWidth", "value": 0]) == nil)
        #expect(card.title.style.size.width == .fraction(1.5))
        #expect(card.title.style.size.height == .points(9_999_999))
    }

    @Test("bad ids, properties, values and methods get protocol errors")
    func errors() throws {
        let card = Card()
        let recorder = RecordingSession(loop: loop(with: [card.root]))
        let r = card.root.id
        #expect(recorder.errorCode("Tree.getElement", ["id": "n999999"]) == -32010)
        #expect(recorder.errorCode("Tree.getElement", ["id": .string("\(r)/0.7")]) == -32010)
        #expect(recorder.errorCode("Tree.getElement", ["id": .string("\(r)/x")]) == -32010)
        #expect(recorder.errorCode("Tree.getElement", [:]) == -32602)
        #expect(recorder.errorCode("Tree.getElement", ["id": 12]) == -32602)
        #expect(
            recorder.errorCode("Layout.setStyle", ["id": .string(card.title.id), "property": "flexGrow", "value": "big"])
                == -32011)
        #expect(
            recorder.errorCode("Layout.setStyle", ["id": .string(card.title.id), "property": "width", "value": "12px"]) == -32011)
        // A negative size, or one at Texture's 1e7-point invalid-size bound, would lay out as a
        // silent 0-sized frame: refused as invalid values instead.
        #expect(
            recorder.errorCode("Layout.setStyle", ["id": .string(card.title.id), "property": "width", "value": "-5pt"]) == -32011)
        #expect(
            recorder.errorCode("Layout.setStyle", ["id": .string(card.title.id), "property": "width", "value": -5]) == -32011)
        #expect(
            recorder.errorCode("Layout.setStyle", ["id": .string(card.title.id), "property": "height", "value": 1e9]) == -32011)
        #expect(
            recorder.errorCode("Layout.setStyle", ["id": .string(card.title.id), "property": "minWidth", "value": "-10%"])
                == -32011)
        #expect(
            recorder.errorCode("Layout.setStyle", ["id": .string(card.title.id), "property": "colour", "value": 1]) == -32602)
        #expect(
            recorder.errorCode(
                "Layout.setSpecProperty", ["id": .string("\(r)/0.0"), "property": "direction", "value": "diagonal"]) == -32011)
        #expect(
            recorder.errorCode(
                "Layout.setSpecProperty", ["id": .string("\(r)/0.0"), "property": "insets", "value": [1, 2, 3, 4]]) == -32602)
        #expect(
            recorder.errorCode("Layout.setSpecProperty", ["id": .string(card.title.id), "property": "spacing", "value": 1])
                == -32602)
        #expect(recorder.errorCode("Layout.revertEdits", ["id": "n999999"]) == -32010)
        #expect(recorder.errorCode("Scroll.toItem", ["id": .string(card.title.id), "index": 0]) == -32602)
        #expect(recorder.errorCode("Runtime.step", ["frames": 0]) == -32602)
        #expect(recorder.errorCode("Runtime.step", ["frames": 1.5]) == -32602)
        #expect(recorder.errorCode("Runtime.setApplicationState", ["state": "asleep"]) == -32602)
        #expect(recorder.errorCode("Tree.explode") == -32601)
        // Malformed params: not JSON, not an object.
        var code: Int?
        recorder.session.handle(method: "Tree.getElement", params: Array("{\"id\":".utf8)) {
            if case .failure(let e) = $0 { code = e.code }
        }
        #expect(code == -32602)
        recorder.session.handle(method: "Tree.getElement", params: Array("[1]".utf8)) {
            if case .failure(let e) = $0 { code = e.code }
        }
        #expect(code == -32602)
        // Nothing was edited by the refused calls.
        #expect(recorder.session.edits.isEmpty)
    }

    @Test("hit-test probe and ASCII art")
    func probeAndAscii() throws {
        let card = Card()
        let recorder = RecordingSession(loop: loop(with: [card.root]))
        // (15, 15) is inside the avatar, which sits at (10, 10) with size 50x30.
        let hit = try recorder.result("HitTest.probe", ["x": 15, "y": 15])
        #expect(hit["path"] == .array([.string(card.root.id), .string(card.avatar.id)]))
        #expect(hit["target"] == .string(card.avatar.id))
        // Outside the root: no path and a null target.
        let miss = try recorder.result("HitTest.probe", ["x": 500, "y": 15])
        #expect(miss["path"] == [] && miss["target"] == .null)
        #expect(recorder.errorCode("HitTest.probe", ["x": 1, "y": 1, "root": "n999999"]) == -32010)

        let art = try recorder.result("Layout.getAsciiArt", ["id": .string(card.root.id)])
        #expect(art["text"] == "ASDisplayNode (card)")
        let layoutText = try #require(art["layoutText"]?.string)
        #expect(layoutText.contains("ASInsetLayoutSpec") && layoutText.contains("ASStackLayoutSpec"))
        let specArt = try recorder.result("Layout.getAsciiArt", ["id": .string("\(card.root.id)/0.0")])
        #expect(specArt["text"]?.string?.hasPrefix("-") == true && specArt["layoutText"] == nil)
    }

    @Test("Layout.getAsciiArt measures art too long to draw and says so in its place")
    func asciiArtTooLongIsOmitted() throws {
        // A row of one column of 200 nodes and 200 nodes pads every node to the column's height:
        // the row's art is 204 lines of 17 497 characters, from a tree of 400 nodes.
        let root = DisplayNode()
        root.automaticallyManagesSubnodes = true
        let leaves = (0..<400).map { index in
            let node = DisplayNode()
            node.debugName = "leaf \(index) " + String(repeating: "x", count: 60)
            node.style.preferredSize = Size(width: 1, height: 1)
            return node
        }
        root.layoutSpecBlock = { _, _ in
            let column = StackLayoutSpec(direction: .vertical, children: Array(leaves[..<200]))
            return StackLayoutSpec(direction: .horizontal, children: [column] + Array(leaves[200...]))
        }
        let recorder = RecordingSession(loop: loop(with: [root]))
        let row = try #require(root.calculatedLayout?.sublayouts.first?.element as? LayoutSpec)
        let size = AsciiArt.size(of: row)
        #expect(size.length > DrawnAsciiArt.maximumLength)
        let sentence =
            "the ASCII art would be \(size.height) lines of \(size.width) characters, longer than Layout.getAsciiArt draws (\(DrawnAsciiArt.maximumLength) characters)"

        let ofNode = try recorder.result("Layout.getAsciiArt", ["id": .string(root.id)])
        #expect(ofNode["text"] == .string(root.asciiArtString))
        #expect(ofNode["layoutText"] == nil && ofNode["layoutTextOmitted"] == .string(sentence))
        let ofRow = try recorder.result("Layout.getAsciiArt", ["id": .string("\(root.id)/0")])
        #expect(ofRow["text"] == nil && ofRow["textOmitted"] == .string(sentence))
        // The column alone is within the limit: drawn exactly as asciiArtString draws it.
        let ofColumn = try recorder.result("Layout.getAsciiArt", ["id": .string("\(root.id)/0.0")])
        #expect(ofColumn["text"] == .string(row.children[0].asciiArtString) && ofColumn["textOmitted"] == nil)
    }

    @Test("Layout.evaluate lays out a layout-json document")
    func evaluate() throws {
        let recorder = RecordingSession(loop: loop(with: []))
        // An inset of 8 around a 32x32 box, in exactly 100x48: the box gets the range
        // {100 - 16, 48 - 16} exactly, so it is clamped to 84x32 and sits at (8, 8).
        let document: JSONValue = [
            "size": [100, 48],
            "root": [
                "type": "inset", "insets": [8, 8, 8, 8],
                "child": ["id": "box", "type": "box", "intrinsicSize": [32, 32]],
            ],
        ]
        let output = try recorder.result("Layout.evaluate", ["document": document])
        #expect(output["size"] == [100, 48])
        #expect(output["root"]?["children"]?.array?.first?["frame"] == [8, 8, 84, 32])
        #expect(output["ascii"]?.string?.contains("ASInsetLayoutSpec") == true)
        #expect(output["warnings"] == nil)
        // Infinite left and right insets in an unbounded width centre the box at NaN: 0, as
        // Texture's -[ASLayout frame] gives, with a warning naming it.
        let centred: JSONValue = [
            "root": [
                "type": "inset", "insets": [8, "inf", 8, "inf"],
                "child": ["id": "box", "type": "box", "intrinsicSize": [32, 32]],
            ]
        ]
        let unbounded = try recorder.result("Layout.evaluate", ["document": centred])
        #expect(unbounded["root"]?["children"]?.array?.first?["frame"] == [0, 8, 32, 32])
        #expect(unbounded["warnings"]?.array?.first?.string?.hasPrefix("\"box\": its position {nan, 8} is not finite") == true)
        #expect(recorder.errorCode("Layout.evaluate", ["document": ["root": ["type": "blob"]]]) == -32602)
        #expect(recorder.errorCode("Layout.evaluate", ["document": 3]) == -32602)
    }

    /// A document of `count` boxes in a vertical stack (count + 1 elements).
    private func stackParams(boxes count: Int) -> [UInt8] {
        let box = #"{"type":"box","intrinsicSize":[10,10]}"#
        let children = Array(repeating: box, count: count).joined(separator: ",")
        return Array(
            #"{"document":{"size":[100,100],"root":{"type":"stack","direction":"vertical","children":[\#(children)]}}}"#.utf8)
    }

    @Test("Layout.evaluate runs off the loop's thread, and refuses a document above its element limit")
    func evaluateOffTheLoop() throws {
        let recorder = RecordingSession(loop: loop(with: []))
        // With a limit of 6, the root and 5 boxes fit; one more box does not.
        let fits = try LayoutEvaluation.evaluate(params: stackParams(boxes: 5), maximumElements: 6).get()
        let children = try JSONReader.parse(fits)["root"]?["children"]?.array
        #expect(children?.count == 5)
        #expect(children?.last?["frame"] == [0, 40, 100, 10])
        guard case .failure(let small) = LayoutEvaluation.evaluate(params: stackParams(boxes: 6), maximumElements: 6) else {
            Issue.record("a document above the limit was laid out")
            return
        }
        #expect(small.message == "document: more than 6 elements (the limit of Layout.evaluate)")
        // The session's own limit: refused before anything is laid out.
        let limit = LayoutEvaluation.maximumElements
        guard case .failure(let error) = recorder.call("Layout.evaluate", rawParams: stackParams(boxes: limit)) else {
            Issue.record("a document above the limit was laid out")
            return
        }
        #expect(error.code == -32602)
        #expect(error.message == "document: more than \(limit) elements (the limit of Layout.evaluate)")
        // Elements under every kind of member count, not only `children`.
        let nested: JSONValue = [
            "type": "overlay", "child": ["type": "box"],
            "overlay": [
                "type": "corner", "location": "topLeft", "child": ["type": "box"],
                "corner": ["type": "inset", "child": ["type": "wrapper", "children": [["type": "box"]]]],
            ],
        ]
        let document: JSONValue = ["root": nested]
        #expect(LayoutEvaluation.elementCount(in: ArraySlice(document.jsonBytes), stoppingAfter: 100) == 7)
        #expect(LayoutEvaluation.elementCount(in: ArraySlice(document.jsonBytes), stoppingAfter: 3) == 4)

        // The loop only hands the request over: the answer comes from another thread.
        let replied = DispatchSemaphore(value: 0)
        let caller = pthread_self()
        let onCallersThread = Mutex<Bool?>(nil)
        recorder.session.handle(method: "Layout.evaluate", params: stackParams(boxes: 3)) { result in
            onCallersThread.withLock { $0 = pthread_equal(pthread_self(), caller) != 0 }
            replied.signal()
        }
        #expect(replied.wait(timeout: .now() + 30) == .success)
        #expect(onCallersThread.withLock { $0 } == false, "Layout.evaluate answered on the loop's thread")
    }

    @Test("Layout.evaluate leaves out ASCII art too long to draw, and answers in a size proportional to the elements")
    func evaluateBoundsItsAnswer() throws {
        func evaluate(_ root: String) throws -> (bytes: [UInt8], output: JSONValue) {
            let bytes = try LayoutEvaluation.evaluate(params: Array(#"{"document":{"root":\#(root)}}"#.utf8)).get()
            return (bytes, try JSONReader.parse(bytes))
        }
        let box = #"{"type":"box","intrinsicSize":[10,10]}"#
        // A row of one column of 1 000 boxes and 1 000 boxes pads every box to the column's
        // height: 1 004 lines of 15 033 characters, beyond what Layout.evaluate draws.
        let column =
            #"{"type":"stack","direction":"vertical","children":[\#(Array(repeating: box, count: 1_000).joined(separator: ","))]}"#
        let row = #"{"type":"stack","children":[\#(column),\#(Array(repeating: box, count: 1_000).joined(separator: ","))]}"#
        let omitted = try evaluate(row)
        #expect(omitted.output["ascii"] == nil)
        #expect(
            omitted.output["asciiOmitted"]
                == .string(
                    "the ASCII art would be 1004 lines of 15033 characters, longer than Layout.evaluate draws (\(DrawnAsciiArt.maximumLength) characters)"
                ))
        #expect(omitted.output["root"]?["children"]?.array?.count == 1_001)
        #expect(omitted.bytes.count < 70 * 2_002, "\(omitted.bytes.count) bytes for 2 002 elements")
        // 120 nested wrappers around 1 000 boxes: the answer is compact, so its size does not
        // grow with the depth (indented, each box would take some 3 KB).
        let nested = (0..<120).reduce(column) { inner, _ in #"{"type":"wrapper","children":[\#(inner)]}"# }
        let deep = try evaluate(nested)
        #expect(deep.output["ascii"]?.string?.contains("-ASWrapperLayoutSpec-") == true)
        let art = try #require(deep.output["ascii"]).jsonBytes.count
        #expect(deep.bytes.count - art < 70 * 1_121, "\(deep.bytes.count - art) bytes besides the art for 1 121 elements")
    }

    @Test("Layout.evaluate's params are read as text with the errors every method gives")
    func evaluateParamsErrors() {
        func message(_ params: String) -> String? {
            guard case .failure(let error) = LayoutEvaluation.evaluate(params: Array(params.utf8)) else { return nil }
            #expect(error.code == -32602)
            return error.message
        }
        #expect(message("") == #"missing "document""#)
        #expect(message(#"{"other": 1}"#) == #"missing "document""#)
        #expect(message("[1]") == "params must be an object, got an array")
        #expect(message(#"{"document": {"root": {"type": "box"}}"#)?.hasPrefix("params are not valid JSON: ") == true)
        #expect(message(#"{"document": {"root": {"type": "box"}}, "document": 1}"#)?.contains("duplicate key") == true)
        #expect(message(#"{"document": "x"}"#) == #""document" must be a layout-json object, got a string"#)
        #expect(message(#"{"document": {"root": {"type": "box", "id": 1}}}"#) == "document.root.id: expected a string, got 1")
        #expect(message(#"{"document": {}}"#) == #"document: missing required key "root""#)
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(message(#"{"document": {"root": \#(deep)}}"#)?.hasSuffix(": nested deeper than 256 levels (byte 276)") == true)
    }

    @Test("Layout.evaluate refuses requests past the evaluator's queue at once")
    func evaluateQueueIsBounded() throws {
        let evaluator = LayoutEvaluator()
        let results = Mutex<[Result<[UInt8], CommandError>]>([])
        let big = stackParams(boxes: 5_000)
        // One runs, `maximumWaiting` wait; the ones past them are refused before any finishes.
        let sent = LayoutEvaluator.maximumWaiting + 3
        for _ in 0..<sent {
            evaluator.submit(params: big) { result in results.withLock { $0.append(result) } }
        }
        let refused = results.withLock { $0 }
        #expect(refused.count >= 2)
        for case .failure(let error) in refused {
            #expect(error.code == -32603 && error.message.hasPrefix("too many Layout.evaluate requests wait"))
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while results.withLock({ $0.count }) < sent, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(results.withLock { $0.count } == sent, "every request is answered once")
    }

    @Test("methods served on the loop refuse params above their limit without reading them")
    func largeParamsAreRefused() throws {
        let card = Card()
        let recorder = RecordingSession(loop: loop(with: [card.root]))
        let padding = String(repeating: " ", count: CaptureSession.maximumParamsBytes)
        for method in CaptureSession.methods where method != "Layout.evaluate" {
            let params = Array("{\"id\":\"\(card.root.id)\"\(padding)}".utf8)
            guard case .failure(let error) = recorder.call(method, rawParams: params) else {
                Issue.record("\(method) took \(params.count) bytes of params")
                continue
            }
            #expect(error.code == -32602)
            #expect(
                error.message == "params of \(params.count) bytes: \(method) takes at most \(CaptureSession.maximumParamsBytes)")
        }
        // At the limit they are read as before.
        let id = "{\"id\":\"\(card.root.id)\"}"
        let atLimit = Array((id + String(repeating: " ", count: CaptureSession.maximumParamsBytes - id.utf8.count)).utf8)
        #expect(try recorder.call("Tree.getElement", rawParams: atLimit).get()["element"] != nil)
    }
}
