import WeftSnapshot

/// Elements as CDP DOM nodes: tag = Texture class name; attributes for the Weft id, the debug
/// name, the frame, the spec type and the inline layout style; a text node's text as its first
/// child (a `#text` node). Ids are the connection's, given as nodes are described.
struct DOMTree {
    static let elementNode = 1, textNode = 3, documentNode = 9

    let connection: DevToolsConnection
    let document: DevToolsDocument
    /// `weft://appId/instance`, the page's URL.
    let programURL: String

    /// The document node, its children to `depth` (-1: all).
    func documentNode(depth: Int) -> JSONValue {
        let key = DevToolsConnection.documentKey
        var node: JSONObject = [
            "nodeId": .number(Double(DevToolsConnection.documentNodeId)),
            "backendNodeId": .number(Double(DevToolsConnection.documentNodeId)),
            "nodeType": .number(Double(Self.documentNode)), "nodeName": "#document", "localName": "", "nodeValue": "",
            "childNodeCount": .number(Double(document.snapshot.roots.count)),
            "documentURL": .string(programURL), "baseURL": .string(programURL), "xmlVersion": "1.0",
        ]
        if depth != 0 { node.append(key: "children", value: children(of: key, depth: depth)) }
        return .object(node)
    }

    /// The CDP children of `key` to `depth` more levels, marking them sent.
    func children(of key: String, depth: Int) -> JSONValue {
        connection.childrenSent.insert(key)
        let parentId = connection.nodeId(for: key)
        return .array(document.childKeys(of: key).map { node($0, parentId: parentId, depth: depth - 1) })
    }

    /// One node, with its children to `depth` more levels (-1: all, 0: none).
    func node(_ key: String, parentId: Int, depth: Int) -> JSONValue {
        let nodeId = Double(connection.nodeId(for: key))
        guard let (entry, text) = document.resolve(key) else { return .null }
        if let text {
            return .object(["nodeId": .number(nodeId), "parentId": .number(Double(parentId)),
                            "backendNodeId": .number(nodeId), "nodeType": .number(Double(Self.textNode)),
                            "nodeName": "#text", "localName": "", "nodeValue": .string(text)])
        }
        let element = entry.element
        let childKeys = document.childKeys(of: key)
        var node: JSONObject = [
            "nodeId": .number(nodeId), "parentId": .number(Double(parentId)), "backendNodeId": .number(nodeId),
            "nodeType": .number(Double(Self.elementNode)), "nodeName": .string(element.className),
            "localName": .string(element.className), "nodeValue": "",
            "childNodeCount": .number(Double(childKeys.count)),
            "attributes": .array(Self.attributes(of: element).flatMap { [JSONValue.string($0.name), .string($0.value)] }),
        ]
        if depth != 0, !childKeys.isEmpty { node.append(key: "children", value: children(of: key, depth: depth)) }
        return .object(node)
    }

    /// An element's attributes, in the order the Elements panel shows them.
    static func attributes(of element: Snapshot.Element) -> [(name: String, value: String)] {
        var list: [(String, String)] = [("id", element.id)]
        if let name = element.debugName, !name.isEmpty { list.append(("name", name)) }
        if element.kind == .spec { list.append(("type", element.type)) }
        let frame = element.frame
        list.append(("frame", [frame.x, frame.y, frame.width, frame.height].map(CSSStyleMapping.format).joined(separator: " ")))
        let style = inlineStyleText(of: element)
        if !style.isEmpty { list.append(("style", style)) }
        return list
    }

    /// `width: 50%; flex-grow: 1;`: the element's layout style as an inline style.
    static func inlineStyleText(of element: Snapshot.Element) -> String {
        CSSStyleMapping.declarations(of: element.style).map { "\($0.name): \($0.value);" }.joined(separator: " ")
    }

}

extension DevToolsRequest {
    var tree: DOMTree { DOMTree(connection: connection, document: document, programURL: programURL) }

    /// `weft://appId/instance`, the page's URL.
    var programURL: String { DevToolsAgent.programURL(session.meta) }

    /// Sends `DOM.setChildNodes` for every ancestor of `id` whose children this connection does
    /// not have yet, outermost first, so the node has an id the frontend knows; returns it.
    mutating func pushPath(to id: String) -> Int {
        var parent = DevToolsConnection.documentKey
        for key in document.path(to: id) {
            if !connection.childrenSent.contains(parent) {
                emit("DOM.setChildNodes", .object(["parentId": .number(Double(connection.nodeId(for: parent))),
                                                   "nodes": tree.children(of: parent, depth: 1)]))
            }
            parent = key
        }
        return connection.nodeId(for: id)
    }
}
