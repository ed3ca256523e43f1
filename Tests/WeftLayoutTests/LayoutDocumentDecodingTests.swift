import Foundation
import Testing

@testable import WeftLayout

/// Decoding the layout description format (docs/layout-json.md): what each key builds, and a
/// precise JSON path for every kind of mistake.
@Suite struct LayoutDocumentDecodingTests {
    func decode(_ json: String) throws -> LayoutDocument { try LayoutDocument(data: Data(json.utf8)) }

    /// The error message for `json`, or nil when it decodes.
    func error(_ json: String) -> String? {
        do {
            _ = try decode(json)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func buildsEveryElementTypeWithItsKeys() throws {
        let document = try decode(
            """
            {"scale": 3, "size": [100, 50], "root": {"type": "stack", "id": "s", "debugName": "list",
              "direction": "vertical", "spacing": 4, "justifyContent": "spaceAround", "alignItems": "baselineLast",
              "flexWrap": "wrap", "alignContent": "stretch", "lineSpacing": 2,
              "style": {"width": 10, "height": "20pt", "minWidth": "10%", "minHeight": "auto", "maxWidth": 300,
                        "maxHeight": "50%", "flexBasis": "25%", "flexGrow": 1, "flexShrink": 0.5, "ascender": 3,
                        "descender": -2, "spacingBefore": 1, "spacingAfter": 6, "alignSelf": "end",
                        "layoutPosition": [7, 8]},
              "children": [
                {"type": "box", "className": "ASTextNode", "intrinsicSize": [1, 2]},
                {"type": "inset", "insets": [1, "inf", 3, 4], "child": {"type": "box"}},
                {"type": "overlay", "child": {"type": "box"}, "overlay": {"type": "box"}},
                {"type": "background", "child": {"type": "box"}, "background": {"type": "box"}},
                {"type": "center", "centeringOptions": "y", "sizingOptions": "minimumX", "child": {"type": "box"}},
                {"type": "ratio", "ratio": 0.5, "child": {"type": "box"}},
                {"type": "relative", "horizontalPosition": "end", "verticalPosition": "center",
                 "sizingOption": "minimumSize", "child": {"type": "box"}},
                {"type": "absolute", "sizing": "sizeToFit", "children": []},
                {"type": "corner", "location": "bottomLeft", "offset": [1, 2], "wrapsCorner": true,
                 "child": {"type": "box"}, "corner": {"type": "box"}},
                {"type": "wrapper", "children": [{"type": "box"}]}
              ]}}
            """)
        #expect(document.scale == 3)
        #expect(document.sizeRange == SizeRange(exactly: Size(width: 100, height: 50)))
        let stack = try #require(document.root.element as? StackLayoutSpec)
        #expect(document.root.id == "s" && stack.debugName == "list")
        #expect(stack.direction == .vertical && stack.spacing == 4 && stack.justifyContent == .spaceAround)
        #expect(stack.alignItems == .baselineLast && stack.flexWrap == .wrap && stack.alignContent == .stretch)
        #expect(stack.lineSpacing == 2)
        #expect(
            stack.style.description == "<ASLayoutElementStyle: minLayoutSize = {10%, Auto}; "
                + "preferredSize = {10pt, 20pt}; maxLayoutSize = {300pt, 50%}; alignSelf = ASStackLayoutAlignSelfEnd; "
                + "ascender = 3; descender = -2; flexBasis = 25%; flexGrow = 1; flexShrink = 0.5; spacingAfter = 6; "
                + "spacingBefore = 1; layoutPosition = NSPoint: {7, 8}>")
        let children = document.root.children.map(\.element)
        let box = try #require(children[0] as? BoxNode)
        #expect(box.textureClassName == "ASTextNode" && box.intrinsicSize == Size(width: 1, height: 2))
        #expect((children[1] as? InsetLayoutSpec)?.insets == EdgeInsets(top: 1, left: .infinity, bottom: 3, right: 4))
        #expect(children[2] is OverlayLayoutSpec && children[3] is BackgroundLayoutSpec)
        let center = try #require(children[4] as? CenterLayoutSpec)
        #expect(center.centeringOptions == .y && center.sizingOptions == .minimumX)
        #expect((children[5] as? RatioLayoutSpec)?.ratio == 0.5)
        let relative = try #require(children[6] as? RelativeLayoutSpec)
        #expect(relative.horizontalPosition == .end && relative.verticalPosition == .center)
        #expect(relative.sizingOption == .minimumSize)
        #expect((children[7] as? AbsoluteLayoutSpec)?.sizing == .sizeToFit)
        let corner = try #require(children[8] as? CornerLayoutSpec)
        #expect(corner.location == .bottomLeft && corner.offset == Point(x: 1, y: 2) && corner.wrapsCorner)
        #expect(children[9] is WrapperLayoutSpec)
        // Named children keep the input order: child, then overlay / background / corner.
        #expect(document.root.children[3].children.map(\.type) == ["box", "box"])
    }

    @Test func defaultsAreTextures() throws {
        let document = try decode(#"{"root": {"type": "stack", "children": []}}"#)
        let stack = try #require(document.root.element as? StackLayoutSpec)
        #expect(stack.direction == .horizontal && stack.alignItems == .stretch && stack.justifyContent == .start)
        #expect(document.scale == nil && document.sizeRange == nil && document.root.id == nil)
        #expect(try decode(#"{"root": {"type": "box"}}"#).root.element.textureClassName == "ASDisplayNode")
    }

    @Test func sizeRangeWithInfinity() throws {
        let document = try decode(#"{"sizeRange": {"min": [10, 0], "max": [375, "inf"]}, "root": {"type": "box"}}"#)
        #expect(document.sizeRange == SizeRange(min: Size(width: 10, height: 0), max: Size(width: 375, height: .infinity)))
    }

    @Test func wrongTypesNameThePathAndTheValue() {
        #expect(
            error(
                #"{"root": {"type": "stack", "children": [{"type": "box"}, {"type": "box"}, {"type": "box", "style": {"flexGrow": "big"}}]}}"#
            )
                == #"root.children[2].style.flexGrow: expected a number, got "big""#)
        // Bool is not a number and a number is not a bool.
        #expect(
            error(#"{"root": {"type": "stack", "spacing": true, "children": []}}"#)
                == "root.spacing: expected a number, got true")
        #expect(
            error(
                #"{"root": {"type": "corner", "location": "topLeft", "wrapsCorner": 0, "child": {"type": "box"}, "corner": {"type": "box"}}}"#
            )
                == "root.wrapsCorner: expected true or false, got 0")
        #expect(
            error(#"{"root": {"type": "box", "style": {"width": "10px"}}}"#)
                == #"root.style.width: expected a dimension (a number, "<number>pt", "<number>%" or "auto"), got "10px""#)
        #expect(
            error(#"{"root": {"type": "box", "style": {"layoutPosition": [1]}}}"#)
                == "root.style.layoutPosition: expected [x, y], got 1 elements")
        #expect(
            error(#"{"root": {"type": "box", "intrinsicSize": [-1, 2]}}"#)
                == "root.intrinsicSize[0]: expected a number >= 0, got -1")
        #expect(error(#"{"root": {"type": "box", "id": 7}}"#) == "root.id: expected a string, got 7")
        #expect(error(#"{"scale": "2", "root": {"type": "box"}}"#) == #"scale: expected a number, got "2""#)
        #expect(error(#"{"scale": 0, "root": {"type": "box"}}"#) == "scale: expected a number > 0, got 0")
        #expect(
            error(#"{"root": {"type": "ratio", "ratio": -1, "child": {"type": "box"}}}"#)
                == "root.ratio: expected a number > 0, got -1")
    }

    @Test func badEnumValues() {
        #expect(
            error(#"{"root": {"type": "stack", "alignItems": "baseline", "children": []}}"#)
                == #"root.alignItems: expected one of start|end|center|stretch|baselineFirst|baselineLast, got "baseline""#)
        #expect(
            error(#"{"root": {"type": "box", "style": {"alignSelf": "baselineFirst"}}}"#)
                == #"root.style.alignSelf: expected one of auto|start|end|center|stretch, got "baselineFirst""#)
        #expect(
            error(#"{"root": {"type": "center", "centeringOptions": 3, "child": {"type": "box"}}}"#)
                == "root.centeringOptions: expected one of none|x|y|xy, got 3")
        #expect(
            error(#"{"root": {"type": "grid"}}"#)
                == #"root.type: unknown element type "grid" (expected one of box|stack|inset|overlay|background|center|ratio|relative|absolute|corner|wrapper)"#
        )
    }

    @Test func unknownAndMissingKeys() {
        #expect(
            error(#"{"root": {"type": "box", "flexGrow": 1}}"#)
                == "root.flexGrow: unknown key (allowed: type, id, debugName, style, intrinsicSize, className)")
        #expect(error(#"{"root": {"type": "box", "style": {"grow": 1}}}"#)?.hasPrefix("root.style.grow: unknown key") == true)
        #expect(error(#"{"rooot": {"type": "box"}}"#)?.hasPrefix("rooot: unknown key") == true)
        #expect(error(#"{}"#) == #"missing required key "root""#)
        #expect(error(#"{"root": {"id": "x"}}"#) == #"root: missing required key "type""#)
        #expect(error(#"{"root": {"type": "inset", "insets": [0, 0, 0, 0]}}"#) == #"root: missing required key "child""#)
        #expect(error(#"{"root": {"type": "overlay", "child": {"type": "box"}}}"#) == #"root: missing required key "overlay""#)
        #expect(error(#"{"root": {"type": "wrapper"}}"#) == #"root: missing required key "children""#)
        #expect(
            error(#"{"root": {"type": "wrapper", "children": {"type": "box"}}}"#)
                == "root.children: expected an array, got an object")
    }

    /// Elements are read from the text one at a time: a problem deep inside nested elements is
    /// found with its whole path, whatever the members around it.
    @Test func problemsDeepInsideNestedElementsNameTheirPath() throws {
        let leaf = #"{"type": "box", "intrinsicSize": [1, "2"]}"#
        let nested = (0..<30).reduce(leaf) { inner, _ in
            #"{"child": \#(inner), "type": "inset", "style": {"width": 10}, "insets": [1, 1, 1, 1]}"#
        }
        let path = "root" + String(repeating: ".child", count: 30) + ".intrinsicSize[1]"
        #expect(
            error(#"{"root": {"type": "stack", "children": [{"type": "box"}, \#(nested)]}}"#)
                == "root.children[1]" + path.dropFirst(4) + #": expected a number, got "2""#)
        let fine = (0..<30).reduce(#"{"type": "box", "intrinsicSize": [1, 2]}"#) { inner, _ in
            #"{"type": "overlay", "child": {"type": "box"}, "overlay": \#(inner)}"#
        }
        let document = try decode("\u{FEFF}  {\"root\": \(fine)}  ")
        var element = document.root
        for _ in 0..<30 { element = element.children[1] }
        #expect((element.element as? BoxNode)?.intrinsicSize == Size(width: 1, height: 2))
    }

    @Test func documentLevelMistakes() {
        #expect(error("[]") == "expected an object, got an array")
        #expect(
            error(#"{"root": {"type": "box"}, "size": [1, 1], "sizeRange": {}}"#)
                == #"sizeRange: give either "sizeRange" or "size", not both"#)
        #expect(
            error(#"{"sizeRange": {"min": [10, 10], "max": [5, 5]}, "root": {"type": "box"}}"#)
                == "sizeRange: min {10, 10} is larger than max {5, 5}")
        #expect(error(#"{"size": [1, "inf"], "root": {"type": "box"}}"#) == #"size[1]: expected a number, got "inf""#)
        #expect(
            error(#"{"root": {"type": "stack", "children": [{"type": "box", "id": "a"}, {"type": "box", "id": "a"}]}}"#)
                == #"root.children[1].id: duplicate id "a""#)
        #expect(error("{\"root\": ")?.hasPrefix("not valid JSON") == true)
    }

    /// The strict scanner reads layout-json as it reads snapshots: what JSONSerialization let
    /// through (a trailing comma, a repeated key whose last value won) is refused at its byte.
    @Test func invalidJSONNamesTheByteAndThePath() {
        #expect(error(#"{"root": {"type": "box"},}"#) == "not valid JSON (expected a key string, got '}' (byte 25))")
        #expect(
            error(#"{"root": {"type": "box", "type": "stack"}}"#)
                == #"not valid JSON (root.type: duplicate key "type" (byte 33))"#)
        #expect(
            error(#"{"root": {"type": "box", "style": {"flexGrow": 1e999}}}"#)
                == "not valid JSON (root.style.flexGrow: number out of range (byte 47))")
    }
}
