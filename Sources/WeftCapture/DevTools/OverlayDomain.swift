import WeftSnapshot

/// The Overlay domain: which element DevTools highlights and whether it is in inspect mode, kept
/// per connection. (The Weft page does not draw DevTools' highlight yet: docs/devtools.md.)
extension DevToolsAgent {
    static let overlayHandlers: [String: Handler] = [
        "Overlay.highlightNode": { request throws(CommandError) in
            request.connection.highlighted = try request.anyNodeKey()
            return .object([:])
        },
        "Overlay.hideHighlight": { request in
            request.connection.highlighted = nil
            return .object([:])
        },
        "Overlay.setInspectMode": { request throws(CommandError) in
            request.connection.inspectMode = try request.params.choice(
                "mode", ["searchForNode", "searchForUAShadowDOM", "captureAreaScreenshot", "showDistances", "none"])
            return .object([:])
        },
        "Overlay.highlightRect": { _ in .object([:]) },
        "Overlay.highlightQuad": { _ in .object([:]) },
    ]
}
