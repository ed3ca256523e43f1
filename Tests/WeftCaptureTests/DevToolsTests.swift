import Testing
import WeftJSON
import WeftLayout
import WeftNodes
import WeftSnapshot

@testable import WeftCapture

/// Chrome DevTools' view of a live tree (`DevTools.call`), on the Card of Support.swift: inset 10
/// around a stack (spacing 5) of a 50x30 avatar and a title that grows to 300 at x = 55.
@Suite("DevTools (CDP) on a live tree")
struct DevToolsTests {
    /// A CDP call for connection `session`; its events land in the recorder as `DevTools.event`.
    private func cdp(_ recorder: RecordingSession, _ method: String, _ params: JSONValue = [:], session: Int = 1)
        -> Result<JSONValue, CommandError>
    {
        recorder.call("DevTools.call", ["session": .number(Double(session)), "method": .string(method), "params": params])
    }

    /// A node's `index`th described child.
    private func child(_ node: JSONValue?, _ index: Int) -> JSONValue? {
        node?["children"]?.array.flatMap { index < $0.count ? $0[index] : nil }
    }

    /// The CDP events sent to `session` since the last call, in order.
    private func events(_ recorder: RecordingSession, session: Int = 1) -> [(method: String, params: JSONValue)] {
        defer { recorder.events.removeAll() }
        return recorder.events.filter { $0.method == "DevTools.event" && $0.params["session"]?.integer == session }
            .map { ($0.params["message"]?["method"]?.string ?? "", $0.params["message"]?["params"] ?? .null) }
    }

    @Test("layout style reads as CSS and every CSS form reads back as the same layout-json value")
    func styleMapping() throws {
        let style: JSONObject = [
            "width": "50%", "height": 12, "minWidth": "8pt", "flexGrow": 1, "flexShrink": 0.5,
            "alignSelf": "baselineLast", "layoutPosition": [1, 2], "spacingBefore": 3,
        ]
        let declarations = CSSStyleMapping.declarations(of: style)
        #expect(
            declarations.map { "\($0.name): \($0.value)" } == [
                "width: 50%", "height: 12px", "min-width: 8px", "flex-grow: 1", "flex-shrink: 0.5",
                "-weft-spacing-before: 3", "align-self: last baseline", "-weft-layout-position: 1px 2px",
            ])
        for declaration in declarations {
            let entry = try CSSStyleMapping.styleEntry(name: declaration.name, value: declaration.value)
            let expected: JSONValue = entry.key == "minWidth" ? 8 : style[entry.key]!
            #expect(entry.value == expected, "\(declaration.name)")
        }
        let parsed = CSSStyleMapping.parse("width: 10px; /* height: 3px; */ flex-grow: 2 !important;;")
        #expect(parsed.map(\.name) == ["width", "flex-grow"] && parsed[1].value == "2")
        for (name, value) in [("width", "wide"), ("flex-grow", "1px"), ("align-self", "middle"), ("color", "red")] {
            #expect(throws: CommandError.self) { try CSSStyleMapping.styleEntry(name: name, value: value) }
        }
        let colonless = CSSStyleMapping.parse("width 10px")
        #expect(throws: CommandError.self) { try CSSStyleMapping.styleEntry(name: colonless[0].name, value: colonless[0].value) }
    }

    @Test("the document, box models and an edit typed as CSS, on the card")
    func documentAndEdit() throws {
        let card = Card()
        let loop = loop(with: [card.root])
        let recorder = RecordingSession(loop: loop)
        let root = try cdp(recorder, "DOM.getDocument", ["depth": -1]).get()["root"]
        let cardNode = try #require(child(root, 0))
        #expect(cardNode["nodeName"] == "ASDisplayNode" && cardNode["attributes"]?.array?[3] == "card")
        // card > inset > stack > (avatar, title)
        let inset = try #require(child(cardNode, 0))
        #expect(inset["nodeName"] == "ASInsetLayoutSpec")
        let title = try #require(child(child(inset, 0), 1))
        let titleId = try #require(title["nodeId"])
        let box = try cdp(recorder, "DOM.getBoxModel", ["nodeId": titleId]).get()["model"]
        #expect(box?["border"] == [65, 10, 365, 10, 365, 30, 65, 30])
        let insetBox = try cdp(recorder, "DOM.getBoxModel", ["nodeId": inset["nodeId"]!]).get()["model"]
        // The inset fills the 375x100 root; its insets (10) are the padding.
        #expect(insetBox?["padding"] == [0, 0, 375, 0, 375, 100, 0, 100])
        #expect(insetBox?["content"] == [10, 10, 365, 10, 365, 90, 10, 90])

        let inline = try cdp(recorder, "CSS.getInlineStylesForNode", ["nodeId": titleId]).get()["inlineStyle"]
        #expect(inline?["cssText"] == "width: 100px; height: 20px; flex-grow: 1;")
        // Dropping flex-grow (its default then) and a new height: the title keeps its 100 width.
        let sheet = try #require(inline?["styleSheetId"])
        _ = try cdp(recorder, "CSS.setStyleTexts", ["edits": [["styleSheetId": sheet, "text": "width: 100px; height: 24px;"]]])
            .get()
        #expect(card.title.frame.size == Size(width: 100, height: 24))
        // Typed in the Styles pane, a value that does not read is left out and marked (and said in
        // the Console); the rest applies. Through the style attribute, it changes nothing.
        let typed = try cdp(
            recorder, "CSS.setStyleTexts", ["edits": [["styleSheetId": sheet, "text": "width: 90px; height: x;"]]]
        ).get()
        let properties = try #require(typed["styles"]?.array?.first?["cssProperties"]?.array)
        #expect(properties.map { $0["parsedOk"] } == [nil, false])
        #expect(card.title.frame.size == Size(width: 90, height: 24))
        let bad = cdp(recorder, "DOM.setAttributeValue", ["nodeId": titleId, "name": "style", "value": "width: 1px; height: x;"])
        #expect(throws: CommandError.self) { try bad.get() }
        #expect(card.title.frame.size == Size(width: 90, height: 24))
        _ = try recorder.result("Layout.revertEdits", [:])
        #expect(card.title.frame.size == Size(width: 300, height: 20))
    }

    @Test("live DOM events: attributes of described nodes, structure under expanded ones")
    func liveEvents() throws {
        let card = Card()
        let loop = loop(with: [card.root])
        let recorder = RecordingSession(loop: loop)
        let root = try cdp(recorder, "DOM.getDocument", ["depth": -1]).get()["root"]
        // A second connection that only saw the roots.
        _ = try cdp(recorder, "DOM.getDocument", session: 2).get()
        _ = events(recorder)
        card.spacing = 15
        card.root.setNeedsLayout()
        loop.run(frames: 1)
        let titleId = try #require(child(child(child(child(root, 0), 0), 0), 1)?["nodeId"])
        let moved = events(recorder)
        #expect(
            moved.contains {
                $0.method == "DOM.attributeModified" && $0.params["nodeId"] == titleId
                    && $0.params["name"] == "frame" && $0.params["value"] == "65 0 290 20"
            })
        // The other connection has none of those nodes: it hears nothing.
        card.wrapInCenter = true
        card.root.setNeedsLayout()
        loop.run(frames: 1)
        let restructured = recorder.events
        #expect(events(recorder, session: 2).isEmpty)
        recorder.events = restructured
        let changes = events(recorder).map(\.method)
        #expect(changes.contains("DOM.childNodeRemoved") && changes.contains("DOM.childNodeInserted"))
    }

    @Test("state is bounded: connections, searches; a closed connection is forgotten")
    func bounds() throws {
        let card = Card()
        let recorder = RecordingSession(loop: loop(with: [card.root]))
        for session in 1...(DevToolsAgent.maximumConnections + 3) {
            _ = try cdp(recorder, "DOM.getDocument", session: session).get()
        }
        #expect(recorder.session.devTools.connectionCount == DevToolsAgent.maximumConnections)
        // The first was forgotten: coming back, it is told to read the document again.
        _ = events(recorder)
        _ = try cdp(recorder, "DOM.enable", session: 1).get()
        #expect(events(recorder, session: 1).map(\.method) == ["DOM.documentUpdated"])
        recorder.session.devTools.close(session: DevToolsAgent.maximumConnections + 3)
        #expect(recorder.session.devTools.connectionCount == DevToolsAgent.maximumConnections - 1)
        var ids: [JSONValue] = []
        for _ in 0...DevToolsConnection.maximumSearches {
            ids.append(try #require(try cdp(recorder, "DOM.performSearch", ["query": "title"]).get()["searchId"]))
        }
        let first = cdp(recorder, "DOM.getSearchResults", ["searchId": ids[0], "fromIndex": 0, "toIndex": 1])
        #expect(throws: CommandError.self) { try first.get() }
        let last = try cdp(recorder, "DOM.getSearchResults", ["searchId": ids.last!, "fromIndex": 0, "toIndex": 1]).get()
        #expect(last["nodeIds"]?.array?.count == 1)
        #expect(throws: CommandError.self) { try cdp(recorder, "DOM.getDocument", ["depth": "all"]).get() }
        #expect(throws: CommandError.self) { try recorder.call("DevTools.call", ["method": "DOM.getDocument"]).get() }
    }
}
