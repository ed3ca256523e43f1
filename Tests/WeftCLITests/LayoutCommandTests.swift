import Foundation
import Testing

@testable import WeftCLI

/// `weft layout`, run in-process. Expectations derived by hand from docs/texture-semantics.md.
@Suite struct LayoutCommandTests {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let feedRow = repositoryRoot.appendingPathComponent("Examples/layouts/feed-row.json").path

    func weft(_ arguments: [String], stdin: String = "") -> Result {
        let stdout = CapturedOutput()
        let stderr = CapturedOutput()
        let io = CommandIO(stdout: stdout, stderr: stderr, readStandardInput: { Data(stdin.utf8) })
        let status = WeftCLI.run(arguments, io: io)
        return Result(status: status, stdout: stdout.text, stderr: stderr.text)
    }

    /// A temporary file holding `text`.
    func file(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("weft-layout-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    // Infinite top and bottom insets centre the box in a height that is infinite here:
    // (inf - 10) / 2 rounds to inf, and inf - (inf + 10) is NaN. Texture's -[ASLayout frame]
    // gives 0 for it (asserting in debug builds): so does weft layout, with a warning.
    @Test func nonFinitePositionPrintsZeroWithAWarning() throws {
        let path = try file(
            """
            {"sizeRange": {"min": [0, 0], "max": [100, "inf"]},
             "root": {"id": "outer", "type": "inset", "insets": ["inf", 8, "inf", 8],
                      "child": {"id": "dot", "type": "box", "intrinsicSize": [10, 10]}}}
            """)
        let result = weft(["layout", path])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""frame": [8, 0, 10, 10]"#), "\(result.stdout)")
        #expect(!result.stdout.contains("null"))
        #expect(
            result.stderr == """
                weft layout: warning: "dot": its position {8, nan} is not finite (an infinite inset in an unbounded range?); \
                printed as 0 on that axis, as Texture's -[ASLayout frame] gives

                """)
    }

    @Test func feedRowFrames() {
        // Inset 8 at width 375: the row stack gets exactly 359 wide. Avatar 32x32; the text
        // column (grow 1, shrink 1, the one flexible child) gets 359 - 32 - 8 = 319; its two
        // texts are stretched to 319 wide, 18 and 14 tall -> 32. alignItems center: the line is
        // 32 tall, both at y 0. Row = 359 + 16 by 32 + 16.
        let result = weft(["layout", "--width", "375", Self.feedRow])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                {
                  "size": [375, 48],
                  "root": {
                    "id": "row",
                    "type": "inset",
                    "frame": [0, 0, 375, 48],
                    "children": [
                      {
                        "id": "line",
                        "type": "stack",
                        "frame": [8, 8, 359, 32],
                        "children": [
                          {
                            "id": "avatar",
                            "type": "box",
                            "frame": [0, 0, 32, 32],
                            "children": []
                          },
                          {
                            "id": "text",
                            "type": "stack",
                            "frame": [40, 0, 319, 32],
                            "children": [
                              {
                                "id": "title",
                                "type": "box",
                                "frame": [0, 0, 319, 18],
                                "children": []
                              },
                              {
                                "id": "subtitle",
                                "type": "box",
                                "frame": [0, 18, 319, 14],
                                "children": []
                              }
                            ]
                          }
                        ]
                      }
                    ]
                  }
                }

                """)
    }

    @Test func asciiFormat() {
        // Column: widest child "ASTextNode (subtitle)" (21) >= the name (17): 2 spaces each
        // side; "ASTextNode (title)" (18) gets ceil(3/2) = 2 more on the left, 1 on the right.
        // Row: the 1-line image next to the 4-line column gets 2 blank lines on top, 1 below;
        // 53 wide, 36 dashes split 18/18. Inset: 59 wide, 42 dashes split 21/21.
        let result = weft(["layout", "--format", "ascii", Self.feedRow])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                ---------------------ASInsetLayoutSpec---------------------
                |  ------------------ASStackLayoutSpec------------------  |
                |  |                      -----ASStackLayoutSpec-----  |  |
                |  |                      |    ASTextNode (title)   |  |  |
                |  |  ASNetworkImageNode  |  ASTextNode (subtitle)  |  |  |
                |  |                      ---------------------------  |  |
                |  -----------------------------------------------------  |
                -----------------------------------------------------------

                """)
    }

    @Test func readsStandardInputAndAppliesOverrides() {
        // A box without intrinsic size takes the max when bounded: --max 100,50 -> 100x50;
        // --height 20 then fixes the height; --scale 1 rounds 10.3 up to 11 (scale 2: 10.5).
        let box = #"{"root": {"type": "box"}}"#
        #expect(weft(["layout", "--max", "100,50", "-"], stdin: box).stdout.contains(#""size": [100, 50]"#))
        #expect(
            weft(["layout", "--max", "100,50", "--height", "20", "-"], stdin: box).stdout
                .contains(#""size": [100, 20]"#))
        #expect(
            weft(["layout", "--width", "10.3", "--height", "1", "--scale", "1", "-"], stdin: box).stdout
                .contains(#""size": [11, 1]"#))
        #expect(
            weft(["layout", "--width", "10.3", "--height", "1", "-"], stdin: box).stdout
                .contains(#""size": [10.5, 1]"#))
        // The file's own size and scale apply without options.
        let sized = #"{"scale": 1, "size": [10.3, 5], "root": {"type": "box"}}"#
        #expect(weft(["layout", "-"], stdin: sized).stdout.contains(#""size": [11, 5]"#))
        // Elements without an id echo null.
        #expect(weft(["layout", "-"], stdin: sized).stdout.contains(#""id": null"#))
    }

    @Test func help() {
        let result = weft(["layout", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("usage: weft layout"))
        let top = weft(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("layout"))
    }

    // MARK: Bad usage and bad input: a message on stderr, exit status 2, nothing on stdout.

    func expectUsageError(
        _ arguments: [String], stdin: String = "", _ message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let result = weft(arguments, stdin: stdin)
        #expect(result.status == 2, sourceLocation: sourceLocation)
        #expect(result.stdout == "", sourceLocation: sourceLocation)
        #expect(result.stderr == message, sourceLocation: sourceLocation)
    }

    @Test func badFlags() {
        expectUsageError(["layout", "--wdith", "3", Self.feedRow], "weft layout: unknown option --wdith\n")
        expectUsageError(["layout", Self.feedRow, "--width"], "weft layout: --width needs a value\n")
        expectUsageError(
            ["layout", "--width", "wide", Self.feedRow],
            "weft layout: --width needs numbers >= 0, got \"wide\"\n")
        expectUsageError(
            ["layout", "--width", "-5", Self.feedRow],
            "weft layout: --width needs numbers >= 0, got \"-5\"\n")
        expectUsageError(["layout", "--max", "10", Self.feedRow], "weft layout: --max must be W,H, got \"10\"\n")
        expectUsageError(
            ["layout", "--min", "50,50", "--max", "10,inf", Self.feedRow],
            "weft layout: the root's minimum size {50, 50} is larger than its maximum {10, inf}\n")
        expectUsageError(["layout", "--scale", "0", Self.feedRow], "weft layout: --scale must be a number > 0, got \"0\"\n")
        expectUsageError(
            ["layout", "--format", "xml", Self.feedRow],
            "weft layout: --format must be json or ascii, got \"xml\"\n")
        expectUsageError(["layout", "--help=yes"], "weft layout: unknown option --help=yes\n")
        expectUsageError(["layout"], "weft layout: missing FILE (give a path, or - for stdin; see --help)\n")
        expectUsageError(["layout", "a.json", "b.json"], "weft layout: expected one FILE, got 2\n")
    }

    @Test func badCommand() {
        let result = weft(["layuot"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("weft: unknown command \"layuot\""))
        #expect(weft([]).status == 2)
    }

    @Test func badFiles() throws {
        expectUsageError(["layout", "/nonexistent/row.json"], "weft layout: /nonexistent/row.json: no such file\n")
        let directory = NSTemporaryDirectory()
        expectUsageError(["layout", directory], "weft layout: \(directory): is a directory\n")
        let notJSON = try file("{ root: ")
        let result = weft(["layout", notJSON])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("weft layout: \(notJSON): not valid JSON"))
        let wrongType = try file(#"{"root": {"type": "stack", "children": [{"type": "box", "style": {"flexGrow": "big"}}]}}"#)
        expectUsageError(
            ["layout", wrongType],
            "weft layout: \(wrongType): root.children[0].style.flexGrow: expected a number, got \"big\"\n")
        expectUsageError(
            ["layout", "-"], stdin: #"{"root": {"type": "box", "id": null}}"#,
            "weft layout: stdin: root.id: expected a string, got null\n")
        for junk in ["", "\u{0}\u{1}\u{2}", "[]", "42", "null"] {
            let path = try file(junk)
            let junkResult = weft(["layout", path])
            #expect(junkResult.status == 2, "\(junk.debugDescription)")
            #expect(junkResult.stdout == "")
            #expect(junkResult.stderr.hasPrefix("weft layout: \(path): "))
        }
    }
}
