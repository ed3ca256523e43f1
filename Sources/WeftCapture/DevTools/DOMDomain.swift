import Foundation
import WeftJSON
import WeftSnapshot

/// The DOM domain: the tree, box models, hit testing, search, selectors, and attribute edits.
extension DevToolsAgent {
    /// The most results a search or `querySelectorAll` returns.
    static let maximumResults = 10_000

    static let domHandlers: [String: Handler] = [
        "DOM.requestChildNodes": { request throws(CommandError) in
            let key = try request.key()
            let depth = try request.params["depth"] == nil ? 1 : request.params.integer("depth", in: -1...1_000_000)
            guard key == DevToolsConnection.documentKey || request.document[key] != nil else {
                throw CommandError(code: -32000, message: "Node is not an element")
            }
            request.emit("DOM.setChildNodes", encoded: request.tree.setChildNodesParams(of: key, depth: depth))
            return .object([:])
        },
        "DOM.getBoxModel": { request throws(CommandError) in
            let key = try request.anyNodeKey()
            let entry = try request.element(key)
            guard let rect = request.document.rect(of: key) else {
                throw CommandError(code: -32000, message: "Could not compute box model.")
            }
            // An inset spec's insets show as padding: the content box is its child's.
            let insets = CSSStyleMapping.insetValues(of: entry.element)
            let content = Snapshot.Rect(
                x: rect.x + insets[1], y: rect.y + insets[0],
                width: max(0, rect.width - insets[1] - insets[3]),
                height: max(0, rect.height - insets[0] - insets[2]))
            return .object([
                "model": .object([
                    "content": quad(content), "padding": quad(rect), "border": quad(rect), "margin": quad(rect),
                    "width": .number(rect.width), "height": .number(rect.height),
                ])
            ])
        },
        "DOM.getContentQuads": { request throws(CommandError) in
            let key = try request.anyNodeKey()
            guard let rect = request.document.rect(of: key) else {
                throw CommandError(code: -32000, message: "Could not compute content quads.")
            }
            return .object(["quads": .array([quad(rect)])])
        },
        "DOM.getNodeForLocation": { request throws(CommandError) in
            let x = try request.params.number("x")
            let y = try request.params.number("y")
            // CDP's page coordinates are the first root's, as the box models.
            let path = try request.session.hitTestPath(x: x, y: y, rootID: nil)
            guard let target = path.last, request.document[target.id] != nil else {
                throw CommandError(code: -32000, message: "No node found at given location")
            }
            let nodeId = Double(request.pushPath(to: target.id))
            return .object(["backendNodeId": .number(nodeId), "nodeId": .number(nodeId), "frameId": .string(frameId)])
        },
        "DOM.performSearch": { request throws(CommandError) in
            let query = try request.params.string("query").lowercased()
            var keys: [String] = []
            request.document.snapshot.forEachElement { element in
                guard keys.count < maximumResults else { return }
                let fields = [element.className, element.debugName ?? "", element.id, DevToolsDocument.text(of: element) ?? ""]
                if !query.isEmpty, fields.contains(where: { $0.lowercased().contains(query) }) { keys.append(element.id) }
            }
            let connection = request.connection
            if connection.searches.count >= DevToolsConnection.maximumSearches { connection.searches.removeFirst() }
            let searchId = "s\(connection.nextSearch)"
            connection.nextSearch += 1
            connection.searches.append((searchId, keys))
            return .object(["searchId": .string(searchId), "resultCount": .number(Double(keys.count))])
        },
        "DOM.getSearchResults": { request throws(CommandError) in
            let searchId = try request.params.string("searchId")
            guard let search = request.connection.searches.first(where: { $0.id == searchId }) else {
                throw CommandError(code: -32000, message: "No search session with given id found")
            }
            let from = try request.params.integer("fromIndex", in: 0...Int(Int32.max))
            let to = try request.params.integer("toIndex", in: 0...Int(Int32.max))
            guard from < to, to <= search.keys.count else {
                throw CommandError(code: -32000, message: "Invalid search result range")
            }
            var ids: [JSONValue] = []
            for key in search.keys[from..<to] where request.document[key] != nil {
                ids.append(.number(Double(request.pushPath(to: key))))
            }
            return .object(["nodeIds": .array(ids)])
        },
        "DOM.discardSearchResults": { request throws(CommandError) in
            let searchId = try request.params.string("searchId")
            request.connection.searches.removeAll { $0.id == searchId }
            return .object([:])
        },
        "DOM.querySelector": { request throws(CommandError) in
            let ids = try request.select(all: false)
            return .object(["nodeId": ids.first ?? .number(0)])
        },
        "DOM.querySelectorAll": { request throws(CommandError) in
            .object(["nodeIds": .array(try request.select(all: true))])
        },
        "DOM.getAttributes": { request throws(CommandError) in
            let element = try request.element(try request.key()).element
            return .object([
                "attributes": .array(DOMTree.attributes(of: element).flatMap { [JSONValue.string($0.name), .string($0.value)] })
            ])
        },
        "DOM.setInspectedNode": { request throws(CommandError) in
            _ = try request.key()
            return .object([:])
        },
        "DOM.resolveNode": { request throws(CommandError) in
            let key = try request.anyNodeKey()
            let name = request.document.resolve(key)?.entry.element.className ?? "#document"
            let nodeId = request.connection.nodeId(for: key)
            return .object([
                "object": .object([
                    "type": "object", "subtype": "node", "className": .string(name), "description": .string(name),
                    "objectId": .string("node:\(nodeId)"),
                ])
            ])
        },
        "DOM.pushNodesByBackendIdsToFrontend": { request throws(CommandError) in
            guard let ids = request.params["backendNodeIds"]?.array, ids.count <= maximumResults else {
                throw .invalidParams("\"backendNodeIds\" must be an array of at most \(maximumResults) ids")
            }
            var nodeIds: [JSONValue] = []
            for id in ids {
                if let number = id.integer, let key = request.connection.keys[number], request.document[key] != nil {
                    nodeIds.append(.number(Double(request.pushPath(to: key))))
                } else {
                    nodeIds.append(.number(0))
                }
            }
            return .object(["nodeIds": .array(nodeIds)])
        },
        "DOM.setAttributeValue": { request throws(CommandError) in
            let key = try request.key()
            let name = try request.params.string("name")
            let value = try request.params.string("value")
            return try request.editAttribute(key: key, name: name, value: value)
        },
        "DOM.setAttributesAsText": { request throws(CommandError) in
            let key = try request.key()
            let text = try request.params.string("text")
            // `style="width: 50%"`, or the bare value when the frontend names the attribute.
            let name = try request.params.optionalString("name") ?? "style"
            var value = text
            if let equals = text.firstIndex(of: "="), text[..<equals].trimmingCharacters(in: .whitespaces) == name {
                value = String(text[text.index(after: equals)...]).trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            } else if text.isEmpty {
                value = ""
            }
            return try request.editAttribute(key: key, name: name, value: value)
        },
        "DOM.getOuterHTML": { request throws(CommandError) in
            let key = try request.anyNodeKey()
            var budget = maximumResults
            return .object(["outerHTML": .string(request.outerHTML(key, budget: &budget))])
        },
        "DOM.hideHighlight": { request throws(CommandError) in try overlayHandlers["Overlay.hideHighlight"]!(&request) },
        "DOM.highlightNode": { request throws(CommandError) in try overlayHandlers["Overlay.highlightNode"]!(&request) },
        "DOM.markUndoableState": { _ in .object([:]) },
        "DOM.getNodesForSubtreeByStyle": { _ in .object(["nodeIds": .array([])]) },
        "DOM.getTopLayerElements": { _ in .object(["nodeIds": .array([])]) },
    ]

    /// The methods that answer with whole trees of nodes, written as JSON text.
    static let encodedHandlers: [String: EncodedHandler] = [
        "DOM.getDocument": { request throws(CommandError) in
            let depth = try request.params["depth"] == nil ? 1 : request.params.integer("depth", in: -1...1_000_000)
            request.connection.reset()
            var writer = JSONWriter(capacity: 64 * 1024)
            writer.raw("{\"root\":")
            request.tree.writeDocumentNode(depth: depth, into: &writer)
            writer.byte(UInt8(ascii: "}"))
            return writer.bytes
        },
        "DOM.describeNode": { request throws(CommandError) in
            let key = try request.anyNodeKey()
            let depth = try request.params["depth"] == nil ? 0 : request.params.integer("depth", in: -1...1_000_000)
            var writer = JSONWriter(capacity: 1024)
            writer.raw("{\"node\":")
            if key == DevToolsConnection.documentKey {
                request.tree.writeDocumentNode(depth: depth, into: &writer)
            } else {
                guard let (entry, text) = request.document.resolve(key) else {
                    throw CommandError(code: -32000, message: "Node is not an element")
                }
                // A text node's parent is its element; an element's, its parent (or the document).
                let parent = text == nil ? entry.parent : entry.element.id
                let parentId = parent.map { request.connection.nodeId(for: $0) } ?? DevToolsConnection.documentNodeId
                request.tree.writeNode(key, parentId: parentId, depth: depth, into: &writer)
            }
            writer.byte(UInt8(ascii: "}"))
            return writer.bytes
        },
    ]

    static let frameId = "weft"

    static func quad(_ r: Snapshot.Rect) -> JSONValue {
        .array([r.x, r.y, r.x + r.width, r.y, r.x + r.width, r.y + r.height, r.x, r.y + r.height].map { .number($0) })
    }
}

extension DevToolsRequest {
    /// Only `style` is editable: it is the inline layout style (`CSS.setStyleTexts`' edit).
    mutating func editAttribute(key: String, name: String, value: String) throws(CommandError) -> JSONValue {
        guard name == "style" else {
            throw CommandError(
                code: CommandError.invalidValueCode,
                message: "attribute \"\(name)\" is read-only: only style (the layout style) can be edited")
        }
        _ = try element(key)
        try applyStyleText(value, to: key, strict: true)
        return .object([:])
    }

    /// The subtree as XML, cut short after `budget` elements.
    func outerHTML(_ key: String, budget: inout Int) -> String {
        guard budget > 0 else { return "" }
        budget -= 1
        if key == DevToolsConnection.documentKey {
            return document.childKeys(of: key).map { outerHTML($0, budget: &budget) }.joined()
        }
        guard let (entry, text) = document.resolve(key) else { return "" }
        if let text { return Self.escapeXML(text) }
        let element = entry.element
        let attributes = DOMTree.attributes(of: element).map { " \($0.name)=\"\(Self.escapeXML($0.value))\"" }.joined()
        let inner = document.childKeys(of: key).map { outerHTML($0, budget: &budget) }.joined()
        return "<\(element.className)\(attributes)>\(inner)</\(element.className)>"
    }

    static func escapeXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The elements under `nodeId` matching `selector` (pushed to the frontend).
    mutating func select(all: Bool) throws(CommandError) -> [JSONValue] {
        let scope = try key()
        let selector = try DevToolsSelector(try params.string("selector"))
        let roots =
            scope == DevToolsConnection.documentKey
            ? document.snapshot.roots
            : [try element(scope).element]
        var matches: [String] = []
        for root in roots {
            selector.collect(
                in: root, ancestors: [], includeSelf: scope == DevToolsConnection.documentKey,
                into: &matches, limit: all ? DevToolsAgent.maximumResults : 1)
        }
        var ids: [JSONValue] = []
        for id in matches { ids.append(.number(Double(pushPath(to: id)))) }
        return ids
    }
}
