import Foundation
import Testing
import WeftJSON
import WeftSynthetic

@testable import WeftSnapshot

@Suite struct SnapshotFixtureTests {
    /// The hand-written documents omit defaults and use the encoder's key order, so decoding and
    /// encoding again must give the same JSON value (fixtures/snapshots/README.md).
    @Test(arguments: try Fixtures.jsonFiles(in: "snapshots"))
    func fixtureDocumentsReadAndWriteBackUnchanged(_ file: URL) throws {
        let snapshot = try Snapshot(json: try Fixtures.bytes(file))
        let rewritten = try JSONReader.parse(snapshot.encoded())
        #expect(rewritten == (try Fixtures.json(file)))
        try Fixtures.writeArtifact(snapshot, named: "fixture-" + file.deletingPathExtension().lastPathComponent)
    }

    /// `explicit/profile-card.json` is `profile-card.json` as documents were written before
    /// implied values were left out (every spec's className, every text's lines, the avatar's
    /// decodedBytes 336 x 336 x 4 = 451584). Explicit values are always allowed: it reads as the
    /// same document and writes back in the compact form.
    @Test func anExplicitDocumentReadsAsItsCompactForm() throws {
        let folder = Fixtures.folder("snapshots")
        let compactFile = folder.appendingPathComponent("profile-card.json")
        let explicit = try Snapshot(json: try Fixtures.bytes(folder.appendingPathComponent("explicit/profile-card.json")))
        #expect(explicit == (try Snapshot(json: try Fixtures.bytes(compactFile))))
        #expect(try JSONReader.parse(explicit.encoded()) == (try Fixtures.json(compactFile)))
        let avatar = try #require(explicit.element(withId: "n2"))
        #expect(avatar.props["image"]?["decodedBytes"] == 451584)
        let name = try #require(explicit.element(withId: "n3"))
        #expect(name.props["lines"] == ["Ada Lovelace"])
        #expect(explicit.element(withId: "n1/0")?.className == "ASInsetLayoutSpec")
    }

    @Test func feedFixtureHasTheFieldsItWasWrittenWith() throws {
        let snapshot = try Snapshot(json: try Fixtures.bytes(Fixtures.folder("snapshots").appendingPathComponent("feed.json")))
        let like = try #require(snapshot.element(withId: "n12"))
        #expect(like.tappable == .init(rect: .init(x: -20, y: -8, width: 80, height: 60), restricted: [.top, .bottom, .right]))
        #expect(like.calculatedSize == .init(width: 44, height: 44))  // defaulted from the frame
        let controller = try #require(snapshot.rangeControllers.first)
        #expect(controller.mode == .full)
        #expect(controller.tuning == .textureDefaults)
        #expect(controller.itemStates == [.init(0, 1, .inHierarchy)])
        // window, its stack, header, table (4) + 2 cells x (cell, inset, stack, title, like) = 14.
        #expect(snapshot.elementCount == 14)
    }

    /// Synthetic documents of every shape the encoder writes, for `make test-schema`.
    @Test func writesEncoderOutputForTheSchemaCheck() throws {
        try Fixtures.writeArtifact(SyntheticFeed.snapshot(elementCount: 60, seed: 9), named: "synthetic-feed")
        let odd = Snapshot(
            revision: 2, meta: .init(extra: ["note": "odd values"]),
            roots: [
                Snapshot.Element(
                    id: "n1", kind: .spec, type: "ratio", className: "ASRatioLayoutSpec", debugName: "",
                    frame: .init(x: -0.5, y: 1e-7, width: .nan, height: .infinity),
                    constrainedSize: .init(min: .zero, max: .infinite), calculatedSize: .init(width: 3, height: 4),
                    style: ["alignSelf": "center"], props: ["ratio": 0.3333333333333333],
                    tappable: .init(rect: .zero, restricted: [.left], clipped: [.left]), interfaceState: [.preload])
            ],
            rangeControllers: [
                Snapshot.RangeController(id: "r1", owner: "n1", orientation: .horizontal, scrollDirection: [.left, .right])
            ])
        try Fixtures.writeArtifact(odd, named: "encoder-edge-values")
    }
}
