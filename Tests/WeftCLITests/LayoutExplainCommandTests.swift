import Foundation
import Testing

@testable import WeftCLI

/// `weft layout --explain ID`: the derivation of one element's frame, as text and as JSON.
/// Numbers derived by hand (docs/layout-json.md, "A complete example").
extension LayoutCommandTests {
    @Test func explainsTheFeedRowTitleAsText() {
        // At width 375 the inset gives the row exactly 359; the text column, the one child that
        // both grows and shrinks, is only sized by the flex pass: 359 - (32 + 8) = 319 free,
        // flexGrow 1 / 1 of it. In the column (exactly 319 wide, stretch) the title measures
        // 120 x 18 (its intrinsic size) clamped to exactly 319 wide.
        let result = weft(["layout", "--width", "375", "--explain", "title", Self.feedRow])
        #expect(result.status == 0 && result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "0. ASInsetLayoutSpec (the root): 375 x 48 at (0, 0)")
        #expect(
            lines.contains(
                "   < grows: flexGrow 1 / 1 of 319 free = 319, rounded down to 319; laid out again with exactly width 319"))
        #expect(lines.contains("3. ASTextNode (title) (child 0 of ASStackLayoutSpec): 319 x 18 at (0, 0)"))
        #expect(lines.contains("   - measures 120 x 18 (its intrinsic size); clamped into the range: 319 x 18"))
    }

    @Test func explainsAsJSON() throws {
        let result = weft(["layout", "--width", "375", "--explain", "text", "--format", "json", Self.feedRow])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let chain = try #require(object["chain"] as? [[String: Any]])
        #expect(chain.map { $0["id"] as? String } == ["row", "line", "text"])
        #expect(chain[2]["frame"] as? [Double] == [40, 0, 319, 32])
        let root = try #require(chain[0]["constrainedSize"] as? [String: Any])
        #expect(root["max"] as? [AnyHashable] == [375, "inf"])
        let steps = try #require(chain[2]["steps"] as? [[String: Any]])
        let grow = try #require(steps.first { $0["rule"] as? String == "stack.flex.grow" })
        #expect(grow["section"] as? String == "parent" && grow["child"] as? Int == 1)
        let values = try #require(grow["values"] as? [String: Double])
        #expect(values["violation"] == 319 && values["share"] == 319 && values["after"] == 319)
        #expect((object["text"] as? String)?.hasPrefix("0. ASInsetLayoutSpec") == true)
    }

    @Test func explainsAStyleWidthThatAnExactRangeOverrides() throws {
        // A column exactly 375 wide stretches its child: the child's width 50% (187.5) does not
        // overlap [375, 375], and the parent's value is kept.
        let path = try file(
            """
            {"size": [375, 100], "root": {"type": "stack", "direction": "vertical", "children": [
              {"id": "button", "type": "box", "intrinsicSize": [20, 44], "style": {"width": "50%"}}]}}
            """)
        let result = weft(["layout", "--explain", "button", path])
        #expect(
            result.stdout.contains("   - style width 50% of 375 = 187.5 has no effect: the parent gave an exact width of 375"))
        #expect(result.stdout.contains("1. ASDisplayNode (child 0 of ASStackLayoutSpec): 375 x 44 at (0, 0)"))
    }

    @Test func badExplainUsage() {
        expectUsageError(["layout", "--explain", "nope", Self.feedRow], "weft layout: --explain: no element has id \"nope\"\n")
        expectUsageError(
            ["layout", "--explain", "title", "--format", "ascii", Self.feedRow],
            "weft layout: --format must be text or json with --explain, got \"ascii\"\n")
        expectUsageError(
            ["layout", "--explain", Self.feedRow], "weft layout: missing FILE (give a path, or - for stdin; see --help)\n")
    }
}
