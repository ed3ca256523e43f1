import Testing

@testable import WeftSnapshot

/// The names `SemanticDiff.Options.ignoredFields` accepts (docs/cli.md, `--ignore`): kinds,
/// fields, dotted entries and entry names on their own; anything else is refused with the list.
@Suite struct SemanticDiffFieldNamesTests {
    @Test(arguments: [
        "frame", "constrainedSize", "calculatedSize", "tappable", "kind", "type", "style", "props", "order",
        "rangeControllers", "meta", "revision", "interfaceState",
        "added", "removed", "moved", "resized", "specProperty", "nodeProperty", "field", "rangeController", "document",
        "style.flexGrow", "flexGrow", "props.text", "text", "props.image", "props.spacing", "spacing", "props.loadState",
        "rangeControllers.mode", "mode", "rangeControllers.itemStates", "meta.appId", "appId", "meta.appVersion",
    ])
    func documentedNamesAreKnown(_ name: String) {
        #expect(SemanticDiffFieldNames.isKnown(name))
    }

    @Test(arguments: [
        "fram", "Frame", "", ".", "style.", "style.flexgrow", "props.txt", "txt", "rangeControllers.modes", "meta.",
        "frame.width", "children", "id", "className", "debugName", "appVersion",
    ])
    func otherNamesAreNot(_ name: String) {
        #expect(!SemanticDiffFieldNames.isKnown(name))
    }

    @Test func everyCompareKindAndControllerFieldIsListed() {
        #expect(SemanticDiffFieldNames.kinds == SemanticChange.Kind.allCases.map(\.rawValue))
        #expect(
            SemanticDiffFieldNames.rangeControllerKeys == [
                "dataSource", "orientation", "scrollDirection", "mode", "tuning", "viewport", "contentSize", "contentOffset",
                "itemCount", "visible", "display", "preload", "itemStates",
            ])
    }

    @Test func validateNamesTheUnknownOnesWithASuggestionAndTheValidNames() throws {
        #expect(throws: Never.self) { try SemanticDiff.Options(ignoredFields: ["meta", "revision", "frame", "text"]).validate() }
        let options = SemanticDiff.Options(ignoredFields: ["meta", "fram", "props.txt", "zzzzzz"])
        #expect(throws: SemanticDiff.Options.UnknownFieldError(names: ["fram", "props.txt", "zzzzzz"])) { try options.validate() }
        do {
            try options.validate()
        } catch {
            // "fram" is one edit from "frame", "props.txt" one from "props.text"; "zzzzzz" is
            // near nothing.
            let text = error.description
            #expect(
                text.hasPrefix(
                    #"unknown fields or kinds "fram" (did you mean "frame"?), "props.txt" (did you mean "props.text"?), "zzzzzz"; valid names:"#
                ))
            #expect(
                text.contains(
                    "\n  kinds: added, removed, order, moved, resized, style, specProperty, nodeProperty, interfaceState, field, rangeController, document\n"
                ))
            #expect(text.contains("\n  style.NAME or NAME: width, height, minWidth,"))
        }
    }
}
