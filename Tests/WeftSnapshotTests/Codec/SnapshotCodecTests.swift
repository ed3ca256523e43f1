import Testing
import WeftJSON
import WeftSynthetic

@testable import WeftSnapshot

@Suite struct SnapshotCodecTests {
    private func text(_ element: Snapshot.Element) -> String {
        String(decoding: element.encoded(), as: UTF8.self)
    }

    private func decodeFailure(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONError? {
        thrown(JSONError.self, sourceLocation: sourceLocation) { _ = try Snapshot(json: text) }
    }

    // docs/protocol.md: omit keys at their defaults; kind defaults to node, type to "node",
    // calculatedSize to the frame's size, lines to [text] (docs/snapshot-format.md).
    @Test func aTypicalNodeOmitsItsDefaults() {
        let element = Snapshot.Element(
            id: "n7", className: "ASTextNode", debugName: "title",
            frame: .init(x: 8, y: 8, width: 100, height: 20),
            constrainedSize: .init(min: .zero, max: .init(width: 359, height: .infinity)),
            props: ["text": "Hello", "lines": ["Hello"]], interfaceState: .inHierarchy)
        #expect(
            text(element)
                == #"{"id":"n7","className":"ASTextNode","debugName":"title","frame":[8,8,100,20],"constrainedSize":{"min":[0,0],"max":[359,"inf"]},"props":{"text":"Hello"},"interfaceState":15}"#
        )
    }

    // A stack's class, ASStackLayoutSpec, is implied by its type and left out.
    @Test func aSpecWritesKindAndTypeAndAnUnusualCalculatedSize() {
        let element = Snapshot.Element(
            id: "n1/0", kind: .spec, type: "stack", className: "ASStackLayoutSpec",
            frame: .init(x: 0, y: 0, width: 10.5, height: 4), calculatedSize: .init(width: 12, height: 4),
            style: ["flexGrow": 1], props: ["direction": "vertical"],
            children: [Snapshot.Element(id: "n2", className: "ASDisplayNode")])
        #expect(
            text(element)
                == #"{"id":"n1/0","kind":"spec","type":"stack","frame":[0,0,10.5,4],"calculatedSize":[12,4],"style":{"flexGrow":1},"props":{"direction":"vertical"},"children":[{"id":"n2","className":"ASDisplayNode"}]}"#
        )
    }

    @Test func tappableAreasListTheirEdgesInOrder() {
        let element = Snapshot.Element(
            id: "n3", className: "ASButtonNode",
            tappable: .init(rect: .init(x: -10, y: -10, width: 64, height: 40), restricted: [.right, .top], clipped: [.right]))
        #expect(
            text(element)
                == #"{"id":"n3","className":"ASButtonNode","tappable":{"rect":[-10,-10,64,40],"restricted":["top","right"],"clipped":["right"]}}"#
        )
    }

    @Test func aRangeControllerLeavesOutTexturesTuning() throws {
        let controller = Snapshot.RangeController(
            id: "r1", owner: "n3", dataSource: "Feed", scrollDirection: [.down], mode: .full, itemCount: 3,
            visible: [.init(0, 1)], itemStates: [.init(0, 1, .inHierarchy), .init(2, 2, .measureLayout)])
        let json = String(decoding: controller.encoded(), as: UTF8.self)
        #expect(
            json
                == #"{"id":"r1","owner":"n3","dataSource":"Feed","scrollDirection":["down"],"mode":"full","itemCount":3,"visible":[[0,1]],"itemStates":[[0,1,15],[2,2,1]]}"#
        )
        #expect(try Snapshot.RangeController(json: controller.encoded()) == controller)
    }

    @Test func aTuningThatDiffersInOneModeIsWrittenForEveryMode() throws {
        // A pager's full mode (docs/texture-semantics.md section 6): display (1, 1), preload (2, 2).
        var controller = Snapshot.RangeController(id: "r2", owner: "n4")
        controller.tuning.full = Snapshot.RangeTuning(
            display: .init(leading: 1, trailing: 1), preload: .init(leading: 2, trailing: 2))
        let json = String(decoding: controller.encoded(), as: UTF8.self)
        #expect(
            json
                == #"{"id":"r2","owner":"n4","tuning":{"minimum":{"display":[0.25,0.25],"preload":[0.5,0.25]},"full":{"display":[1,1],"preload":[2,2]},"visibleOnly":{"display":[0,0],"preload":[0,0]},"lowMemory":{"display":[0,0],"preload":[0,0]}}}"#
        )
        #expect(try Snapshot.RangeController(json: controller.encoded()) == controller)
        // Written in full with Texture's values, it reads as the default.
        let explicit =
            #"{"id":"r1","owner":"n3","tuning":{"minimum":{"display":[0.25,0.25],"preload":[0.5,0.25]},"full":{"display":[1,0.5],"preload":[2.5,1.5]},"visibleOnly":{"display":[0,0],"preload":[0,0]},"lowMemory":{"display":[0,0],"preload":[0,0]}}}"#
        #expect(try Snapshot.RangeController(json: Array(explicit.utf8)).tuning == .textureDefaults)
    }

    @Test func documentsRoundTrip() throws {
        let snapshot = SyntheticFeed.snapshot(elementCount: 500, seed: 3)
        let decoded = try Snapshot(json: snapshot.encoded())
        #expect(decoded == snapshot)
        #expect(try Snapshot(json: decoded.encodedPretty()) == snapshot)
    }

    @Test func metaKeepsUnknownKeysInOrder() throws {
        let text =
            #"{"format":"weft.snapshot","version":1,"revision":3,"meta":{"checkpoint":"feed-loaded","appId":"a","screen":{"width":375,"height":667,"scale":3},"x":[1]},"roots":[]}"#
        let snapshot = try Snapshot(json: text)
        #expect(snapshot.meta.appId == "a")
        #expect(snapshot.meta.screen == .init(width: 375, height: 667, scale: 3))
        #expect(snapshot.meta.extra == ["checkpoint": "feed-loaded", "x": [1]])
        #expect(snapshot.revision == 3)
    }

    @Test func infinityAndNaNReadBack() throws {
        let element = try Snapshot.Element(
            json: Array(
                #"{"id":"a","className":"B","frame":[0,0,null,"inf"],"constrainedSize":{"min":[0,0],"max":["inf","-inf"]}}"#.utf8)
        )
        #expect(element.frame.width.isNaN)
        #expect(element.frame.height == .infinity)
        #expect(element.constrainedSize.max == .init(width: .infinity, height: -.infinity))
    }

    @Test func rejectsDocumentsThatAreNotVersionOneSnapshots() {
        #expect(
            decodeFailure(#"{"format":"other","version":1,"roots":[]}"#)?.message
                == "not a Weft snapshot: format is \"other\", expected \"weft.snapshot\"")
        #expect(
            decodeFailure(#"{"format":"weft.snapshot","version":2,"roots":[]}"#)?.message
                == "unsupported snapshot version 2 (this reader knows version 1)")
        #expect(decodeFailure(#"{"version":1,"roots":[]}"#)?.message == "not a Weft snapshot: no \"format\" key")
        #expect(decodeFailure(#"{"format":"weft.snapshot","version":1}"#)?.message == "snapshot has no \"roots\"")
        #expect(decodeFailure("[]")?.message == "expected an object, got an array")
    }

    @Test func elementErrorsNameTheirPath() {
        let head = #"{"format":"weft.snapshot","version":1,"revision":0,"roots":["#
        let frame = decodeFailure(head + #"{"id":"a","className":"X","children":[{"id":"b","className":"Y","frame":"wide"}]}]}"#)
        #expect(frame?.pathString == "roots[0].children[0].frame")
        #expect(frame?.message == "expected an array, got a string")
        let short = decodeFailure(head + #"{"id":"a","className":"X","frame":[1,2,3]}]}"#)
        #expect(short?.message == "expected [x, y, width, height] with 4 numbers, got 3")
        #expect(decodeFailure(head + #"{"id":"a","className":"X","framee":[]}]}"#)?.message == "unknown element key \"framee\"")
        #expect(decodeFailure(head + #"{"id":"a"}]}"#)?.message == "element is missing \"className\" (a node always writes it)")
        #expect(decodeFailure(head + #"{"id":"a","className":"X","kind":"spec"}]}"#)?.message == "a spec element needs \"type\"")
        #expect(
            decodeFailure(head + #"{"id":"a","className":"X","kind":"view"}]}"#)?.message
                == "unknown kind \"view\" (expected \"node\" or \"spec\")")
        #expect(decodeFailure(head + #"{"id":"a","className":"X","id":"b"}]}"#)?.message == "duplicate key \"id\"")
        #expect(
            decodeFailure(head + #"{"id":"a","className":"X","interfaceState":-1}]}"#)?.message
                == "expected a non-negative integer, got -1")
        #expect(decodeFailure(head + #"{"id":"a","className":"X","frame":[0,0,"big",0]}]}"#)?.pathString == "roots[0].frame[2]")
        #expect(
            decodeFailure(head + #"{"id":"a","className":"X","tappable":{"rect":[0,0,1,1],"restricted":["middle"]}}]}"#)?.message
                == "unknown name \"middle\" (expected one of \"top\", \"left\", \"bottom\", \"right\")")
    }

    @Test func rangeControllerErrorsNameTheirPath() {
        let head = #"{"format":"weft.snapshot","version":1,"revision":0,"roots":[],"rangeControllers":["#
        let tuning = decodeFailure(head + #"{"id":"r","owner":"n1","tuning":{"full":{"display":[1,0.5],"preload":[2.5,1.5]}}}]}"#)
        #expect(tuning?.message == "tuning is missing mode \"minimum\"")
        #expect(tuning?.pathString == "rangeControllers[0].tuning")
        #expect(
            decodeFailure(head + #"{"id":"r","owner":"n1","mode":"fast"}]}"#)?.message
                == "unknown value \"fast\" (expected one of \"minimum\", \"full\", \"visibleOnly\", \"lowMemory\")")
        #expect(
            decodeFailure(head + #"{"id":"r","owner":"n1","visible":[[3,1]]}]}"#)?.message == "run start 3 is after its end 1")
        #expect(decodeFailure(head + #"{"id":"r"}]}"#)?.message == "range controller is missing \"owner\"")
    }
}
