import Foundation
import Testing
import WeftJSON
import WeftSnapshot

/// `weft ascii`. The art itself is pinned by the shared hand-derived fixtures in fixtures/ascii
/// (docs/texture-semantics.md section 2): each fixture's box tree is written here as a snapshot (boxes
/// with children are layout specs, leaves are nodes) laid out by a node, and `weft ascii` must
/// print the fixture's expected text.
@Suite final class AsciiCommandTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    deinit {
        directory.remove()
    }

    /// A fixture box as a snapshot element: `ASStackLayoutSpec (column)` -> className
    /// ASStackLayoutSpec, debugName column; boxes with children are specs of the matching type.
    static func element(_ box: JSONValue, id: String) -> JSONValue {
        let fullName = box["name"]?.string ?? ""
        let className = String(fullName.prefix { $0 != " " })
        var object: JSONObject = ["id": .string(id), "className": .string(className)]
        if let open = fullName.firstIndex(of: "(") {
            object["debugName"] = .string(
                String(fullName[fullName.index(after: open)..<fullName.index(before: fullName.endIndex)]))
        }
        let children = box["children"]?.array ?? []
        guard !children.isEmpty else { return .object(object) }
        let types = ["ASStackLayoutSpec": "stack", "ASInsetLayoutSpec": "inset", "ASCenterLayoutSpec": "center"]
        object["kind"] = "spec"
        object["type"] = .string(types[className] ?? "wrapper")
        if box["direction"]?.string == "vertical" { object["props"] = ["direction": "vertical"] }
        object["children"] = .array(children.enumerated().map { element($1, id: "\(id).\($0)") })
        return .object(object)
    }

    /// A snapshot whose root node n1 lays out with the fixture's tree (its spec root n1/0), or,
    /// for a leaf fixture, whose root is that leaf.
    static func snapshot(laidOutBy box: JSONValue) -> String {
        let root: JSONValue
        if box["children"]?.array?.isEmpty ?? true {
            root = element(box, id: "n1")
        } else {
            root = ["id": "n1", "className": "ASDisplayNode", "children": [element(box, id: "n1/0")]]
        }
        return JSONFormatter.indentedString([
            "format": "weft.snapshot", "version": 1, "revision": 0, "meta": [:], "roots": [root],
        ])
    }

    static let fixtures: [URL] = {
        let folder = Repository.root.appendingPathComponent("fixtures/ascii")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }()

    @Test func sharedFixturesAreFound() {
        #expect(Self.fixtures.count >= 8)
    }

    @Test(arguments: fixtures) func fixtureArt(fixture: URL) throws {
        let document = try JSONReader.parse(Data(contentsOf: fixture))
        let input = try #require(document["input"])
        let expected = (document["expected"]?.array ?? []).compactMap(\.string).joined(separator: "\n") + "\n"
        let file = try directory.write(fixture.lastPathComponent, Self.snapshot(laidOutBy: input))
        let run = CLIRun.weft(["ascii", file])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == expected, "\(fixture.lastPathComponent)")
        if input["children"]?.array?.isEmpty == false {
            // The node's own spec, named by id and by path, is the same picture.
            let specName = CLIRun.weft(["ascii", file, "--element", "n1/0"])
            #expect(specName.stdout == expected)
            let rootSpec = try JSONReader.parse(Data(contentsOf: URL(fileURLWithPath: file)))["roots"]?.array?.first?["children"]?
                .array?.first
            let component = [rootSpec?["className"]?.string, rootSpec?["debugName"]?.string.map { "(\($0))" }].compactMap { $0 }
                .joined(separator: " ")
            let byPath = CLIRun.weft(["ascii", file, "--element", "ASDisplayNode > \(component)"])
            #expect(byPath.status == 0)
            #expect(byPath.stdout == expected)
        }
    }

    @Test func elementsByIdAndPath() throws {
        let file = try directory.write("card.json", CardSnapshot().json)
        // A node without a spec of its own prints its name (Texture's node asciiArtString).
        let title = CLIRun.weft(["ascii", file, "--element", "n2"])
        #expect(title.status == 0)
        #expect(title.stdout == "ASTextNode (title)\n")
        let byPath = CLIRun.weft(["ascii", file, "--element", CardSnapshot.titlePath])
        #expect(byPath.stdout == "ASTextNode (title)\n")
        let bySpecId = CLIRun.weft(["ascii", file, "--element", "n1/0"])
        #expect(bySpecId.stdout == CLIRun.weft(["ascii", file]).stdout, "the root node prints its spec's art")
    }

    @Test func ordinalsInPaths() throws {
        // Two untitled text nodes in one stack: the second is ASTextNode[1].
        let snapshot = #"""
            {"format": "weft.snapshot", "version": 1, "revision": 0, "meta": {}, "roots": [
             {"id": "n1/0", "kind": "spec", "type": "stack", "className": "ASStackLayoutSpec", "children": [
              {"id": "n2", "className": "ASTextNode"}, {"id": "n3", "className": "ASTextNode", "children": [
                {"id": "n3/0", "kind": "spec", "type": "inset", "className": "ASInsetLayoutSpec", "children": [{"id": "n4", "className": "ASImageNode"}]}]}]}]}
            """#
        let file = try directory.write("ordinals.json", snapshot)
        let second = CLIRun.weft(["ascii", file, "--element", "ASStackLayoutSpec > ASTextNode[1]"])
        #expect(second.status == 0)
        // n3 lays out with an inset around one image: the path and the spec's id name one picture.
        #expect(second.stdout == CLIRun.weft(["ascii", file, "--element", "n3/0"]).stdout)
        #expect(second.stdout.contains("ASInsetLayoutSpec"))
        #expect(second.stdout.contains("ASImageNode"))
        let first = CLIRun.weft(["ascii", file, "--element", "ASStackLayoutSpec > ASTextNode[0]"])
        #expect(first.stdout == "ASTextNode\n")
    }

    @Test func severalRootsAreSeparatedByABlankLine() throws {
        let snapshot = #"""
            {"format": "weft.snapshot", "version": 1, "revision": 0, "meta": {},
             "roots": [{"id": "n1", "className": "ASTextNode"}, {"id": "n2", "className": "ASImageNode", "debugName": "photo"}]}
            """#
        let run = CLIRun.weft(["ascii", "-"], stdin: snapshot)
        #expect(run.status == 0)
        #expect(run.stdout == "ASTextNode\n\nASImageNode (photo)\n")
    }

    @Test func missingElements() throws {
        let file = try directory.write("card.json", CardSnapshot().json)
        let cases: [(String, String)] = [
            ("n99", "--element: no element has the id \"n99\""),
            ("n1/0.7", "--element: no element has the id \"n1/0.7\""),
            ("ASDisplayNode (card) > ASTextNode", "no ASTextNode under ASDisplayNode (card)"),
            ("ASDisplayNode (card) > ASStackLayoutSpec[1]", "no ASStackLayoutSpec[1] under ASDisplayNode (card)"),
            ("ASDisplayNode", "no ASDisplayNode among the roots"),
            ("ASDisplayNode (card) >  > ASTextNode", "bad path component"),
        ]
        for (reference, message) in cases {
            let run = CLIRun.weft(["ascii", file, "--element", reference])
            #expect(run.status == 2, "\(reference)")
            #expect(run.stdout == "")
            #expect(run.stderr.contains(message), "\(reference): \(run.stderr)")
        }
    }

    @Test func badInput() throws {
        let file = try directory.write("card.json", CardSnapshot().json)
        let notSnapshot = try directory.write("layout.json", #"{"root": {"type": "box"}}"#)
        let cases: [([String], String)] = [
            ([], "missing FILE"),
            ([file, file], "expected one FILE, got 2"),
            ([directory.path("nope.json")], "nope.json: no such file"),
            ([notSnapshot], "layout.json: not a weft snapshot"),
            ([file, "--element"], "--element needs a value"),
            ([file, "--depth", "2"], "unknown option --depth"),
        ]
        for (arguments, message) in cases {
            let run = CLIRun.weft(["ascii"] + arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        #expect(CLIRun.weft(["ascii", "--help"]).stdout.hasPrefix("usage: weft ascii FILE"))
    }
}
