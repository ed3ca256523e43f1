import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `weft render` and `weft diff --svg`: the pictures are WeftSnapshot's (tested there); here,
/// that the commands write well-formed SVG where asked, honour the overlays and refuse bad input.
@Suite final class RenderCommandTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    deinit {
        directory.remove()
    }

    static let feed = Repository.path("fixtures/snapshots/feed.json")

    /// Parses `text` as XML and returns the root element's name and attributes.
    func svgRoot(_ text: String) throws -> (name: String, attributes: [String: String]) {
        final class Root: NSObject, XMLParserDelegate {
            var name = ""
            var attributes: [String: String] = [:]
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                if self.name.isEmpty {
                    self.name = name
                    self.attributes = attributes
                }
            }
        }
        let parser = XMLParser(data: Data(text.utf8))
        let root = Root()
        parser.delegate = root
        #expect(parser.parse(), "well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        return (root.name, root.attributes)
    }

    @Test func writesAnSVGFile() throws {
        let out = directory.path("feed.svg")
        let run = CLIRun.weft(["render", Self.feed, "-o", out])
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "")
        let root = try svgRoot(String(contentsOfFile: out, encoding: .utf8))
        #expect(root.name == "svg")
        // feed.json's window is 375 x 667 at the origin; the picture adds a 10-point margin.
        #expect(root.attributes["width"] == "395")
        #expect(root.attributes["height"] == "687")
    }

    @Test func overlays() throws {
        let plain = CLIRun.weft(["render", Self.feed, "-o", "-"])
        let ranges = CLIRun.weft(["render", Self.feed, "-o", "-", "--overlay", "ranges"])
        // One range controller: a 24-point range bar and another margin under the layout.
        #expect(try svgRoot(ranges.stdout).attributes["height"] == "721")
        let all = CLIRun.weft(["render", Self.feed, "--output=-", "--overlay", "slop,scaling", "--overlay", "ranges"])
        #expect(all.status == 0)
        #expect(all.stdout.count > ranges.stdout.count, "slop and scaling add layers")
        #expect(plain.stdout.count < ranges.stdout.count)
    }

    @Test func diffPicture() throws {
        let a = try directory.write("a.json", CardSnapshot().json)
        let b = try directory.write("b.json", CardSnapshot(titleFrame: "[8, 8, 120, 20]").json)
        let out = directory.path("diff.svg")
        let run = CLIRun.weft(["diff", a, b, "--svg", out])
        #expect(run.status == 1)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(try svgRoot(text).name == "svg")
        #expect(text.contains(a) && text.contains(b), "both sides are labelled with their files")
        #expect(text.contains("1 difference"))

        let equal = CLIRun.weft(["diff", a, a, "--svg", out])
        #expect(equal.status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("no differences"))

        let unwritable = CLIRun.weft(["diff", a, b, "--svg", directory.path("no/such/dir/diff.svg")])
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.contains("cannot be written"))
    }

    /// An output path that cannot be a file says why in words, one line, exit status 2 (a CI log
    /// read later must tell a typo from a full disk): not Foundation's "NSCocoaErrorDomain error
    /// 512". Nothing is created on the way.
    @Test func outputPathsThatCannotBeWrittenSayWhy() throws {
        let missingFolder = directory.path("missing/dir")
        let cases: [(output: String, message: String)] = [
            (directory.path, "\(directory.path): cannot be written (it is a directory)"),
            (missingFolder + "/out.svg", "\(missingFolder)/out.svg: cannot be written (no such directory \(missingFolder))"),
            ("", "an empty output file name (give a path, or - for standard output)"),
        ]
        for (output, message) in cases {
            let run = CLIRun.weft(["render", Self.feed, "-o", output])
            #expect(run.status == 2, "\(output)")
            #expect(run.stderr == "weft render: \(message)\n", "\(output)")
            let svg = CLIRun.weft(["diff", Self.feed, Self.feed, "--svg", output])
            #expect(svg.status == 2, "\(output)")
            #expect(svg.stderr == "weft diff: \(message)\n", "\(output)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing")))
    }

    @Test func badInput() throws {
        let cases: [([String], String)] = [
            ([Self.feed], "missing -o OUT.svg"),
            (["-o", "x.svg"], "missing FILE"),
            ([Self.feed, Self.feed, "-o", "x.svg"], "expected one FILE, got 2"),
            ([Self.feed, "-o", "-", "--overlay", "slop,glow"], "--overlay takes slop, ranges, scaling, got \"glow\""),
            ([directory.path("none.json"), "-o", "-"], "none.json: no such file"),
            ([Self.feed, "-o", directory.path("missing/dir/out.svg")], "cannot be written"),
            ([Self.feed, "-o", "-", "--scale", "2"], "unknown option --scale"),
            // The option as it was written, not "--o".
            ([Self.feed, "-o"], "weft render: -o needs a value\n"),
        ]
        for (arguments, message) in cases {
            let run = CLIRun.weft(["render"] + arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        #expect(CLIRun.weft(["render", "-h"]).stdout.hasPrefix("usage: weft render FILE -o OUT.svg"))
    }
}
