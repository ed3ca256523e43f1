import WeftJSON
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

    /// The document node, its children to `depth` (-1: all). Nodes are written as JSON text
    /// while the document is walked, as documents are: a whole tree builds no `JSONValue`.
    func writeDocumentNode(depth: Int, into writer: inout JSONWriter) {
        let key = DevToolsConnection.documentKey
        writer.raw("{\"nodeId\":")
        writer.int(DevToolsConnection.documentNodeId)
        writer.raw(",\"backendNodeId\":")
        writer.int(DevToolsConnection.documentNodeId)
        writer.raw(",\"nodeType\":")
        writer.int(Self.documentNode)
        writer.raw(",\"nodeName\":\"#document\",\"localName\":\"\",\"nodeValue\":\"\",\"childNodeCount\":")
        writer.int(document.snapshot.roots.count)
        writer.raw(",\"documentURL\":")
        writer.string(programURL)
        writer.raw(",\"baseURL\":")
        writer.string(programURL)
        writer.raw(",\"xmlVersion\":\"1.0\"")
        if depth != 0 {
            writer.raw(",\"children\":")
            writeChildren(of: key, depth: depth, into: &writer)
        }
        writer.byte(UInt8(ascii: "}"))
    }

    /// The CDP children of `key` to `depth` more levels, as an array, marking them sent.
    func writeChildren(of key: String, depth: Int, into writer: inout JSONWriter) {
        connection.childrenSent.insert(key)
        let parentId = connection.nodeId(for: key)
        writer.byte(UInt8(ascii: "["))
        for (index, child) in document.childKeys(of: key).enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writeNode(child, parentId: parentId, depth: depth - 1, into: &writer)
        }
        writer.byte(UInt8(ascii: "]"))
    }

    /// One node, with its children to `depth` more levels (-1: all, 0: none); `null` for a key
    /// the document does not hold.
    func writeNode(_ key: String, parentId: Int, depth: Int, into writer: inout JSONWriter) {
        guard let (entry, text) = document.resolve(key) else { return writer.raw("null") }
        let nodeId = connection.nodeId(for: key)
        writer.raw("{\"nodeId\":")
        writer.int(nodeId)
        writer.raw(",\"parentId\":")
        writer.int(parentId)
        writer.raw(",\"backendNodeId\":")
        writer.int(nodeId)
        if let text {
            writer.raw(",\"nodeType\":")
            writer.int(Self.textNode)
            writer.raw(",\"nodeName\":\"#text\",\"localName\":\"\",\"nodeValue\":")
            writer.string(text)
            writer.byte(UInt8(ascii: "}"))
            return
        }
        let element = entry.element
        let childKeys = document.childKeys(of: key)
        writer.raw(",\"nodeType\":")
        writer.int(Self.elementNode)
        writer.raw(",\"nodeName\":")
        writer.string(element.className)
        writer.raw(",\"localName\":")
        writer.string(element.className)
        writer.raw(",\"nodeValue\":\"\",\"childNodeCount\":")
        writer.int(childKeys.count)
        writer.raw(",\"attributes\":[")
        for (index, attribute) in Self.attributes(of: element).enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.string(attribute.name)
            writer.byte(UInt8(ascii: ","))
            writer.string(attribute.value)
        }
        writer.byte(UInt8(ascii: "]"))
        if depth != 0, !childKeys.isEmpty {
            writer.raw(",\"children\":")
            writeChildren(of: key, depth: depth, into: &writer)
        }
        writer.byte(UInt8(ascii: "}"))
    }

    /// `{"parentId", "nodes"}`: the params of `DOM.setChildNodes` for `key`'s children.
    func setChildNodesParams(of key: String, depth: Int) -> [UInt8] {
        var writer = JSONWriter(capacity: 1024)
        writer.raw("{\"parentId\":")
        writer.int(connection.nodeId(for: key))
        writer.raw(",\"nodes\":")
        writeChildren(of: key, depth: depth, into: &writer)
        writer.byte(UInt8(ascii: "}"))
        return writer.bytes
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
                emit("DOM.setChildNodes", encoded: tree.setChildNodesParams(of: parent, depth: 1))
            }
            parent = key
        }
        return connection.nodeId(for: id)
    }
}
