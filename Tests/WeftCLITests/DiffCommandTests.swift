import Foundation
import Testing
import WeftJSON
import WeftSnapshot

/// `weft diff`: each kind of difference, tolerance edges, ignore/include, the three formats and
/// bad input. Expected lines follow the documented format (`~ PATH: field before -> after`,
/// `+ PATH at x,y wxh`, `- PATH at ...`), derived by hand from the CardSnapshot changes.
@Suite final class DiffCommandTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    deinit {
        directory.remove()
    }

    /// Writes the two cards and runs `weft diff A B extra...`.
    func diff(_ a: CardSnapshot, _ b: CardSnapshot, _ extra: [String] = []) throws -> CLIRun {
        let pathA = try directory.write("a-\(UUID().uuidString).json", a.json)
        let pathB = try directory.write("b-\(UUID().uuidString).json", b.json)
        return CLIRun.weft(["diff", pathA, pathB] + extra)
    }

    @Test func sameLayoutWithOtherIdsMetaAndRevisionIsEqual() throws {
        // Two runs of a program: other node counters, pid and revision. Matching is by path and
        // meta/revision are ignored by default, so there is nothing to report.
        let run = try diff(CardSnapshot(), CardSnapshot(idPrefix: "m", revision: 9))
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "")
    }

    @Test func resized() throws {
        let run = try diff(CardSnapshot(), CardSnapshot(titleFrame: "[8, 8, 120, 20]"))
        #expect(run.status == 1)
        #expect(run.stdout == "~ \(CardSnapshot.titlePath): frame 8,8 100x20 -> 8,8 120x20\n")
    }

    @Test func moved() throws {
        let run = try diff(CardSnapshot(), CardSnapshot(titleFrame: "[8, 12, 100, 20]"))
        #expect(run.status == 1)
        #expect(run.stdout == "~ \(CardSnapshot.titlePath): frame 8,8 100x20 -> 8,12 100x20\n")
    }

    @Test func addedAndRemoved() throws {
        let added = try diff(CardSnapshot(), CardSnapshot(extraChild: true))
        #expect(added.status == 1)
        #expect(added.stdout == "+ \(CardSnapshot.stackPath) > ASImageNode (badge) at 150,8 24x24\n")
        let removed = try diff(CardSnapshot(), CardSnapshot(includeSubtitle: false))
        #expect(removed.status == 1)
        #expect(removed.stdout == "- \(CardSnapshot.stackPath) > ASTextNode (subtitle) at 8,32 100x16\n")
    }

    @Test func styleSpecAndNodeProperties() throws {
        let style = try diff(CardSnapshot(), CardSnapshot(titleStyle: #"{"flexGrow": 2}"#))
        #expect(style.stdout == "~ \(CardSnapshot.titlePath): style.flexGrow 1 -> 2\n")
        #expect(style.status == 1)
        let styleGone = try diff(CardSnapshot(), CardSnapshot(titleStyle: "{}"))
        #expect(styleGone.stdout == "~ \(CardSnapshot.titlePath): style.flexGrow 1 -> (none)\n")
        let spec = try diff(CardSnapshot(), CardSnapshot(spacing: 6))
        #expect(spec.stdout == "~ \(CardSnapshot.stackPath): props.spacing 4 -> 6\n")
        // The title's lines are implied (one line equal to the text, docs/snapshot-format.md), so
        // they change with the text: ["Hello"] -> ["Hi"].
        let node = try diff(CardSnapshot(), CardSnapshot(titleText: "Hi"))
        #expect(
            node.stdout
                == "~ \(CardSnapshot.titlePath): props.text \"Hello\" -> \"Hi\"\n~ \(CardSnapshot.titlePath): props.lines [\"Hello\"] -> [\"Hi\"]\n"
        )
    }

    @Test func otherElementFields() throws {
        // constrainedSize defaults to {[0, 0], [inf, inf]}; the diff prints both sides in their
        // snapshot JSON forms.
        let constrained = CardSnapshot(titleExtra: #", "constrainedSize": {"min": [0, 0], "max": [184, "inf"]}"#)
        let run = try diff(CardSnapshot(), constrained)
        #expect(run.status == 1)
        #expect(
            run.stdout
                == "~ \(CardSnapshot.titlePath): constrainedSize {\"min\":[0,0],\"max\":[\"inf\",\"inf\"]} -> {\"min\":[0,0],\"max\":[184,\"inf\"]}\n"
        )
        // A tappable area appearing, and its kind in JSON.
        let tappable = CardSnapshot(titleExtra: #", "tappable": {"rect": [-10, -10, 120, 40]}"#)
        let json = try diff(CardSnapshot(), tappable, ["--format", "json"])
        #expect(try JSONReader.parse(json.stdout)["changes"]?.array?.first?["kind"] == "field")
        #expect(try JSONReader.parse(json.stdout)["changes"]?.array?.first?["field"] == "tappable")
    }

    @Test func rangeControllers() throws {
        // feed.json has one range controller, owned by the table; without it the diff reports
        // the controller gone, by its owner's path.
        let feed = try String(contentsOfFile: Repository.path("fixtures/snapshots/feed.json"), encoding: .utf8)
        var document = try JSONReader.parse(feed).object!
        document["rangeControllers"] = nil
        let withoutRanges = try directory.write("no-ranges.json", JSONFormatter.indentedString(.object(document)))
        let run = CLIRun.weft(["diff", Repository.path("fixtures/snapshots/feed.json"), withoutRanges])
        #expect(run.status == 1)
        #expect(run.stdout == "- range ASDisplayNode (window) > ASStackLayoutSpec > ASTableNode (feed)\n")
    }

    @Test func interfaceStateOnlyOnRequest() throws {
        // 15 = measureLayout|preload|display|visible; 3 = measureLayout|preload (scrolled away).
        let a = CardSnapshot()
        let b = CardSnapshot(titleInterfaceState: 3)
        let quiet = try diff(a, b)
        #expect(quiet.status == 0)
        #expect(quiet.stdout == "")
        let included = try diff(a, b, ["--include", "interfaceState"])
        #expect(included.status == 1)
        #expect(
            included.stdout
                == "~ \(CardSnapshot.titlePath): interfaceState measureLayout|preload|display|visible -> measureLayout|preload\n")
    }

    @Test func metaAndRevisionOnRequest() throws {
        let a = CardSnapshot()
        let b = CardSnapshot(revision: 4, appId: "org.weft.Other")
        #expect(try diff(a, b).status == 0)
        let meta = try diff(a, b, ["--include", "meta"])
        #expect(meta.status == 1)
        // pid is revision * 100 in CardSnapshot: 300 -> 400.
        #expect(meta.stdout == "~ meta.appId \"org.weft.Tests\" -> \"org.weft.Other\"\n~ meta.pid 300 -> 400\n")
        let both = try diff(a, b, ["--include", "revision,meta"])
        #expect(both.stdout.hasPrefix("~ revision 3 -> 4\n"))
    }

    @Test func toleranceEdges() throws {
        // Width 100 -> 100.25 and -> 100.5 (exact binary fractions, so no rounding muddies the
        // edge). A difference equal to the tolerance is equal; anything past it is reported.
        let a = CardSnapshot()
        let quarter = CardSnapshot(titleFrame: "[8, 8, 100.25, 20]")
        let half = CardSnapshot(titleFrame: "[8, 8, 100.5, 20]")
        #expect(try diff(a, quarter).status == 1, "the default tolerance is 0: exact")
        #expect(try diff(a, quarter, ["--tolerance", "0.25"]).status == 0, "exactly at the tolerance")
        let past = try diff(a, half, ["--tolerance", "0.25"])
        #expect(past.status == 1, "just past the tolerance")
        #expect(past.stdout == "~ \(CardSnapshot.titlePath): frame 8,8 100x20 -> 8,8 100.5x20\n")
        #expect(try diff(a, CardSnapshot(titleFrame: "[8.25, 8, 100, 20]"), ["--tolerance=0.25"]).status == 0, "origins too")
        #expect(try diff(a, CardSnapshot(titleFrame: "[8.5, 8, 100, 20]"), ["--tolerance=0.25"]).status == 1)
    }

    @Test func ignoredFieldsAndKinds() throws {
        let a = CardSnapshot()
        let b = CardSnapshot(titleFrame: "[8, 8, 120, 20]", titleStyle: #"{"flexGrow": 2}"#, spacing: 6)
        #expect(try diff(a, b).stdout.split(separator: "\n").count == 3)
        let noFrames = try diff(a, b, ["--ignore", "frame"])
        #expect(
            noFrames.stdout
                == "~ \(CardSnapshot.stackPath): props.spacing 4 -> 6\n~ \(CardSnapshot.titlePath): style.flexGrow 1 -> 2\n")
        let repeated = try diff(a, b, ["--ignore", "resized", "--ignore", "style.flexGrow"])
        #expect(repeated.stdout == "~ \(CardSnapshot.stackPath): props.spacing 4 -> 6\n")
        let commaList = try diff(a, b, ["--ignore", "frame,spacing,style"])
        #expect(commaList.status == 0)
        #expect(commaList.stdout == "")
    }

    @Test func ignoredNamesAreChecked() throws {
        // A misspelt name would ignore nothing; it is a usage error (exit status 2, docs/cli.md)
        // naming it, the closest known name (one edit away), and every valid name.
        let a = try directory.write("a.json", CardSnapshot().json)
        let b = try directory.write("b.json", CardSnapshot(titleFrame: "[8, 8, 120, 20]").json)
        let misspelt = CLIRun.weft(["diff", a, b, "--ignore", "fram"])
        #expect(misspelt.status == 2)
        #expect(misspelt.stdout == "")
        #expect(
            misspelt.stderr.hasPrefix(
                #"weft diff: --ignore: unknown field or kind "fram" (did you mean "frame"?); valid names:"# + "\n"))
        #expect(
            misspelt.stderr.contains(
                "\n  kinds: added, removed, order, moved, resized, style, specProperty, nodeProperty, interfaceState, field, rangeController, document\n"
            ))
        #expect(
            misspelt.stderr.contains(
                "\n  fields: frame, kind, type, constrainedSize, calculatedSize, style, props, tappable, interfaceState, order, rangeControllers, meta, revision\n"
            ))
        #expect(misspelt.stderr.contains("\n  props.NAME or NAME: direction, spacing,"))
        #expect(misspelt.stderr.contains("\n  rangeControllers.NAME or NAME: dataSource, orientation,"))

        // Every bad name of a comma list or of repeated options is named, sorted; dotted names
        // are checked after the dot too (style keys are case-sensitive, as in layout-json).
        let several = CLIRun.weft([
            "diff", a, b, "--ignore", "frame,props.txt", "--ignore=style.flexgrow", "--ignore", "geometry",
        ])
        #expect(several.status == 2)
        // ("geometry" is more than two edits from every name: no suggestion.)
        #expect(
            several.stderr.hasPrefix(
                #"weft diff: --ignore: unknown fields or kinds "geometry", "#
                    + #""props.txt" (did you mean "props.text"?), "style.flexgrow" (did you mean "style.flexGrow"?); valid names:"#
            ))

        // The documented forms are all accepted: a kind, a field, dotted entries, bare entry
        // names, meta entries of the program's own, and the defaults meta and revision.
        let valid = CLIRun.weft([
            "diff", a, b, "--ignore",
            "order,moved,tappable,style.flexGrow,props.text,lines,rangeControllers.mode,itemCount,meta.appVersion,meta,revision",
        ])
        #expect(valid.status == 1, "\(valid.stderr)")
        #expect(valid.stdout == "~ \(CardSnapshot.titlePath): frame 8,8 100x20 -> 8,8 120x20\n")
        #expect(CLIRun.weft(["diff", a, b, "--ignore", "resized"]).status == 0)
    }

    @Test func siblingOrder() throws {
        // fixtures/semantic-diff/sibling-order.json: two roots swap and a background spec's two
        // children swap, every frame unchanged (expectations derived by hand there).
        let fixture = try JSONReader.parse(
            String(contentsOfFile: Repository.path("fixtures/semantic-diff/sibling-order.json"), encoding: .utf8))
        let a = try directory.write("order-a.json", JSONFormatter.indentedString(try #require(fixture["a"])))
        let b = try directory.write("order-b.json", JSONFormatter.indentedString(try #require(fixture["b"])))
        let run = CLIRun.weft(["diff", a, b])
        #expect(run.status == 1)
        #expect(
            run.stdout == #"""
                ~ order ["ASDisplayNode (card)","ASDisplayNode (toast)"] -> ["ASDisplayNode (toast)","ASDisplayNode (card)"]
                ~ ASDisplayNode (card) > ASBackgroundLayoutSpec: order ["ASTextNode (label)","ASDisplayNode (fill)"] -> ["ASDisplayNode (fill)","ASTextNode (label)"]

                """#)
        let json = try JSONReader.parse(CLIRun.weft(["diff", a, b, "--format", "json"]).stdout)
        #expect(json["counts"] == ["order": 2])
        #expect(json["changes"]?.array?.last?["idAfter"] == "n5/0", "the parent's id, for highlighting")
        #expect(CLIRun.weft(["diff", a, b, "--ignore", "order"]).status == 0)
    }

    @Test func jsonFormat() throws {
        let run = try diff(CardSnapshot(), CardSnapshot(titleFrame: "[8, 8, 120, 20]", titleText: "Hi"), ["--format", "json"])
        #expect(run.status == 1)
        let document = try JSONReader.parse(run.stdout)
        #expect(document["equal"] == .bool(false))
        #expect(document["counts"]?["resized"] == .number(1))
        #expect(document["counts"]?["nodeProperty"] == .number(2))  // props.text and its implied lines
        let changes = document["changes"]?.array ?? []
        #expect(changes.count == 3)
        #expect(changes.first?["path"] == .string(CardSnapshot.titlePath))
        #expect(changes.first?["field"] == .string("frame"))
        #expect(changes.first?["before"] == [8, 8, 100, 20])
        #expect(changes.first?["after"] == [8, 8, 120, 20])
        #expect(changes.first?["idBefore"] == "n2")

        let equal = try diff(CardSnapshot(), CardSnapshot(), ["--format", "json"])
        #expect(equal.status == 0)
        #expect(try JSONReader.parse(equal.stdout)["equal"] == .bool(true))
    }

    @Test func junitFormat() throws {
        let run = try diff(CardSnapshot(), CardSnapshot(spacing: 6), ["--format", "junit"])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"1\" failures=\"1\">"))
        #expect(
            run.stdout.contains(
                "<failure message=\"1 layout difference\" type=\"LayoutDifference\">~ ASDisplayNode (card) &gt; ASStackLayoutSpec: props.spacing 4 -&gt; 6</failure>"
            ))
        let equal = try diff(CardSnapshot(), CardSnapshot(), ["--format", "junit"])
        #expect(equal.status == 0)
        #expect(equal.stdout.contains("failures=\"0\""))
    }

    @Test func standardInput() throws {
        let b = try directory.write("b.json", CardSnapshot(spacing: 6).json)
        let run = CLIRun.weft(["diff", "-", b], stdin: CardSnapshot().json)
        #expect(run.status == 1)
        #expect(run.stdout == "~ \(CardSnapshot.stackPath): props.spacing 4 -> 6\n")
        let both = CLIRun.weft(["diff", "-", "-"], stdin: CardSnapshot().json)
        #expect(both.status == 2)
        #expect(both.stderr.contains("only one of A and B can be -"))
    }

    @Test func badFiles() throws {
        let good = try directory.write("good.json", CardSnapshot().json)
        let notJSON = try directory.write("not.json", "{\"format\": ")
        let wrongFormat = try directory.write("other.json", #"{"format": "something.else", "version": 1, "roots": []}"#)
        let badFrame = try directory.write("frame.json", CardSnapshot(titleFrame: #""wide""#).json)
        let cases: [(String, String)] = [
            (directory.path("missing.json"), "missing.json: no such file"),
            (directory.path, "is a directory"),
            (notJSON, "not.json: not a weft snapshot"),
            (wrongFormat, "other.json: not a weft snapshot"),
            (badFrame, "frame.json: not a weft snapshot: roots[0].children[0].children[0].frame"),
        ]
        for (bad, message) in cases {
            for arguments in [["diff", good, bad], ["diff", bad, good]] {
                let run = CLIRun.weft(arguments)
                #expect(run.status == 2, "\(bad)")
                #expect(run.stdout == "")
                #expect(run.stderr.hasPrefix("weft diff: "), "\(run.stderr)")
                #expect(run.stderr.contains(message), "\(run.stderr)")
            }
        }
    }

    @Test func usageErrors() throws {
        let good = try directory.write("good.json", CardSnapshot().json)
        let cases: [([String], String)] = [
            ([good], "expected two snapshots A and B, got 1"),
            ([good, good, good], "got 3"),
            ([good, good, "--tolerance", "-1"], "--tolerance must be a number of points >= 0"),
            ([good, good, "--tolerance", "wide"], "--tolerance must be a number"),
            ([good, good, "--tolerance", "inf"], "--tolerance must be a number"),
            ([good, good, "--tolerance"], "--tolerance needs a value"),
            ([good, good, "--format", "xml"], "--format must be text, json or junit"),
            ([good, good, "--include", "frame"], "--include takes interfaceState, meta, revision"),
            ([good, good, "--colour"], "unknown option --colour"),
        ]
        for (arguments, message) in cases {
            let run = CLIRun.weft(["diff"] + arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }

    @Test func help() {
        let run = CLIRun.weft(["diff", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("usage: weft diff A B"))
    }
}
