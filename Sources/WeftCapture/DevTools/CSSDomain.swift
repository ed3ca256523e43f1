import WeftJSON
import WeftSnapshot

/// The CSS domain: an element's layout style as its inline style (editable: `setStyleTexts` is
/// `Layout.setStyle` with its validation), its spec's own properties as a read-only rule in
/// flex terms, and computed values from the frame.
extension DevToolsAgent {
    static let cssHandlers: [String: Handler] = [
        "CSS.getMatchedStylesForNode": { request throws(CommandError) in
            let key = try request.key()
            let element = try request.element(key).element
            var result: JSONObject = ["inlineStyle": request.inlineStyle(key: key, element: element)]
            let specDeclarations = CSSStyleMapping.specDeclarations(of: element)
            var rules: [JSONValue] = []
            if !specDeclarations.isEmpty {
                let selector = "\(element.className)[type=\"\(element.type)\"]"
                rules.append(
                    .object([
                        "rule": .object([
                            "selectorList": .object([
                                "selectors": .array([.object(["text": .string(selector)])]),
                                "text": .string(selector),
                            ]),
                            "origin": "regular",
                            "style": cssStyle(specDeclarations.map { ($0.name, $0.value, true) }, styleSheetId: nil),
                        ]),
                        "matchingSelectors": .array([0]),
                    ]))
            }
            result.append(key: "matchedCSSRules", value: .array(rules))
            result.append(key: "pseudoElements", value: .array([]))
            result.append(key: "inherited", value: .array([]))
            result.append(key: "cssKeyframesRules", value: .array([]))
            return .object(result)
        },
        "CSS.getInlineStylesForNode": { request throws(CommandError) in
            let key = try request.key()
            let element = try request.element(key).element
            return .object(["inlineStyle": request.inlineStyle(key: key, element: element)])
        },
        "CSS.getComputedStyleForNode": { request throws(CommandError) in
            let key = try request.key()
            let entry = try request.element(key)
            let element = entry.element
            var computed: [(String, String)] = []
            let specDeclarations = CSSStyleMapping.specDeclarations(of: element)
            if !specDeclarations.contains(where: { $0.name == "display" }) { computed.append(("display", "block")) }
            for (name, value) in specDeclarations where name != "padding" { computed.append((name, value)) }
            let insets = CSSStyleMapping.insetValues(of: element)
            for (index, side) in ["top", "left", "bottom", "right"].enumerated() {
                computed.append(("padding-\(side)", "\(CSSStyleMapping.format(insets[index]))px"))
            }
            computed.append(("position", "absolute"))
            computed.append(("left", "\(CSSStyleMapping.format(element.frame.x))px"))
            computed.append(("top", "\(CSSStyleMapping.format(element.frame.y))px"))
            for declaration in CSSStyleMapping.declarations(of: element.style)
            where declaration.name != "width" && declaration.name != "height" {
                computed.append((declaration.name, declaration.value))
            }
            // What the layout gave it, not what the style asked for.
            computed.append(("width", "\(CSSStyleMapping.format(element.frame.width))px"))
            computed.append(("height", "\(CSSStyleMapping.format(element.frame.height))px"))
            for side in ["top", "right", "bottom", "left"] {
                computed.append(("margin-\(side)", "0px"))
                computed.append(("border-\(side)-width", "0px"))
            }
            computed.append(("box-sizing", "border-box"))
            return .object(["computedStyle": .array(computed.map { .object(["name": .string($0.0), "value": .string($0.1)]) })])
        },
        "CSS.setStyleTexts": { request throws(CommandError) in
            guard let edits = request.params["edits"]?.array, edits.count <= 64 else {
                throw .invalidParams("\"edits\" must be an array of at most 64 {styleSheetId, range, text}")
            }
            var styles: [JSONValue] = []
            for edit in edits {
                guard let sheet = edit["styleSheetId"]?.string, let text = edit["text"]?.string else {
                    throw .invalidParams("each edit needs styleSheetId and text")
                }
                let key = try request.inlineSheetKey(sheet)
                // As typed in the Styles pane: what does not read stays in the text, marked, and is
                // said in the Console; the rest applies (CSS's own rule for declarations).
                let declarations = try request.applyStyleText(text, to: key, strict: false)
                if let edited = Capture.element(withId: key, in: request.session.inspectedRoots) {
                    request.connection.ownStyleEdits[key] = DOMTree.inlineStyleText(of: edited)
                }
                for refused in declarations where refused.error != nil {
                    request.emit(
                        "Log.entryAdded",
                        .object([
                            "entry": .object([
                                "source": "other", "level": "warning", "text": .string(refused.error!), "timestamp": 0,
                            ])
                        ]))
                }
                styles.append(
                    cssStyle(
                        declarations.map { ($0.name, $0.value, $0.error == nil) },
                        styleSheetId: sheet))
            }
            return .object(["styles": .array(styles)])
        },
        "CSS.getStyleSheetText": { request throws(CommandError) in
            let key = try request.inlineSheetKey(try request.params.string("styleSheetId"))
            return .object(["text": .string(DOMTree.inlineStyleText(of: try request.element(key).element))])
        },
        "CSS.getPlatformFontsForNode": { request throws(CommandError) in
            let key = try request.key()
            let element = try request.element(key).element
            guard let text = DevToolsDocument.text(of: element) else { return .object(["fonts": .array([])]) }
            let font = element.props["font"]
            let family = font?["name"]?.string ?? font?["family"]?.string ?? font?.string ?? "system"
            return .object([
                "fonts": .array([
                    .object([
                        "familyName": .string(family), "postScriptName": .string(family),
                        "isCustomFont": false, "glyphCount": .number(Double(text.count)),
                    ])
                ])
            ])
        },
        "CSS.getAnimatedStylesForNode": { _ in .object(["animationStyles": .array([])]) },
        "CSS.getMediaQueries": { _ in .object(["medias": .array([])]) },
        "CSS.trackComputedStyleUpdates": { _ in .object([:]) },
        "CSS.trackComputedStyleUpdatesForNode": { _ in .object([:]) },
        "CSS.takeComputedStyleUpdates": { _ in .object(["nodeIds": .array([])]) },
        "CSS.getEnvironmentVariables": { _ in .object(["environmentVariables": .object([:])]) },
        "CSS.getBackgroundColors": { _ in .object(["backgroundColors": .array([])]) },
    ]

    /// A CSSStyle: its declarations laid out on one line, with the ranges the Styles pane edits
    /// by; a declaration that did not apply is `parsedOk: false` (the pane marks it).
    static func cssStyle(_ declarations: [(name: String, value: String, ok: Bool)], styleSheetId: String?) -> JSONValue {
        var text = ""
        var properties: [JSONValue] = []
        for (name, value, ok) in declarations {
            if !text.isEmpty { text += " " }
            let declaration = "\(name): \(value);"
            let start = text.utf16.count
            text += declaration
            var property: JSONObject = [
                "name": .string(name), "value": .string(value), "text": .string(declaration),
                "implicit": false, "disabled": false,
            ]
            if !ok { property.append(key: "parsedOk", value: false) }
            if styleSheetId != nil { property.append(key: "range", value: range(start, text.utf16.count)) }
            properties.append(.object(property))
        }
        var style: JSONObject = ["cssProperties": .array(properties), "shorthandEntries": .array([])]
        if let styleSheetId {
            style.append(key: "styleSheetId", value: .string(styleSheetId))
            style.append(key: "cssText", value: .string(text))
            style.append(key: "range", value: range(0, text.utf16.count))
        }
        return .object(style)
    }

    static func range(_ start: Int, _ end: Int) -> JSONValue {
        .object(["startLine": 0, "startColumn": .number(Double(start)), "endLine": 0, "endColumn": .number(Double(end))])
    }
}

extension DevToolsRequest {
    static let inlineSheetPrefix = "inline:"
    /// The longest style text read (a layout style has 15 properties).
    static let maximumStyleText = 4096

    /// The element's layout style as an editable inline style (style sheet `inline:<nodeId>`).
    func inlineStyle(key: String, element: Snapshot.Element) -> JSONValue {
        DevToolsAgent.cssStyle(
            CSSStyleMapping.declarations(of: element.style).map { ($0.name, $0.value, true) },
            styleSheetId: Self.inlineSheetPrefix + String(connection.nodeId(for: key)))
    }

    /// The element an inline style sheet id names.
    func inlineSheetKey(_ sheet: String) throws(CommandError) -> String {
        guard sheet.hasPrefix(Self.inlineSheetPrefix), let nodeId = Int(sheet.dropFirst(Self.inlineSheetPrefix.count)),
            let key = connection.keys[nodeId]
        else {
            throw CommandError(code: -32000, message: "No style sheet with given id found")
        }
        return key
    }

    /// Makes the element's layout style what `text` says: each declaration a `Layout.setStyle`
    /// edit, each declaration dropped from the current style its Texture default. `strict`
    /// (scripts' `DOM.setAttributeValue`): everything is read and checked before anything
    /// changes, so a bad value changes nothing and is -32011. Otherwise (the Styles pane, which
    /// sends every keystroke) a declaration that does not read is left out, with its error, and
    /// the property keeps its value. Returns the declarations read, with their errors.
    @discardableResult
    func applyStyleText(_ text: String, to key: String, strict: Bool) throws(CommandError)
        -> [(name: String, value: String, error: String?)]
    {
        guard text.utf8.count <= Self.maximumStyleText else {
            throw .invalidValue("a layout style is at most \(Self.maximumStyleText) bytes of CSS")
        }
        let current = try element(key).element.style
        var entries: [(key: String, value: JSONValue)] = []
        var declarations: [(name: String, value: String, error: String?)] = []
        var named: Set<String> = []
        for declaration in CSSStyleMapping.parse(text) {
            do {
                let entry = try CSSStyleMapping.styleEntry(name: declaration.name, value: declaration.value)
                entries.removeAll { $0.key == entry.key }
                entries.append(entry)
                declarations.append((declaration.name, declaration.value, nil))
            } catch {
                if strict { throw error }
                declarations.append((declaration.name, declaration.value, error.message))
            }
            if let key = CSSStyleMapping.key(ofCSSName: declaration.name) { named.insert(key) }
        }
        for old in current.keys where !named.contains(old) {
            if let value = CSSStyleMapping.defaultValue(for: old) { entries.append((old, value)) }
        }
        let roots = session.inspectedRoots
        for entry in entries where current[entry.key] != entry.value {
            try session.applyEdit(.style, id: key, property: entry.key, value: entry.value, by: "Chrome DevTools")
        }
        for root in roots { root.layoutIfNeeded() }
        return declarations
    }
}
