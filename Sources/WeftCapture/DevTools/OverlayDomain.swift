import WeftSnapshot

/// The Overlay domain: which element DevTools highlights and whether it is in inspect mode, kept
/// per connection and told to the Weft pages attached to the program (`DevTools.highlighted
/// {"id"}`, `DevTools.inspectMode {"active"}`), which draw the highlight in their screen view
/// and send a pick there back (`DevTools.inspectNode`).
extension DevToolsAgent {
    static let overlayHandlers: [String: Handler] = [
        "Overlay.highlightNode": { request throws(CommandError) in
            let key = try request.anyNodeKey()
            // A text node's text is drawn as its element.
            let id = request.document.resolve(key)?.entry.element.id
            request.connection.highlighted = id
            request.announce("DevTools.highlighted", .object(["id": id.map { .string($0) } ?? .null]))
            return .object([:])
        },
        "Overlay.hideHighlight": { request in
            request.connection.highlighted = nil
            request.announce("DevTools.highlighted", .object(["id": .null]))
            return .object([:])
        },
        "Overlay.setInspectMode": { request throws(CommandError) in
            request.connection.inspectMode = try request.params.choice(
                "mode", ["searchForNode", "searchForUAShadowDOM", "captureAreaScreenshot", "showDistances", "none"])
            request.announce("DevTools.inspectMode", .object(["active": .bool(request.agent.anyConnectionInspecting)]))
            return .object([:])
        },
        "Overlay.highlightRect": { _ in .object([:]) },
        "Overlay.highlightQuad": { _ in .object([:]) },
    ]
}
