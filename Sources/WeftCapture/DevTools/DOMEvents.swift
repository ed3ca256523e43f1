import WeftJSON
import WeftSnapshot

/// The CDP DOM events one connection gets for a published revision: what the update ops changed
/// in the part of the tree it was sent (`childNodeInserted`, `childNodeRemoved`,
/// `attributeModified`...), a count change where it has a node but not its children, and
/// `documentUpdated` when the roots themselves change.
struct DOMEvents {
    let connection: DevToolsConnection
    let before: DevToolsDocument
    let after: DevToolsDocument
    let programURL: String
    /// Each event's method and encoded params.
    private(set) var messages: [(method: String, params: [UInt8])] = []
    private var compared: Set<String> = []

    init(connection: DevToolsConnection, before: DevToolsDocument, after: DevToolsDocument, programURL: String) {
        self.connection = connection
        self.before = before
        self.after = after
        self.programURL = programURL
    }

    private mutating func emit(_ method: String, _ params: JSONObject) {
        messages.append((method, JSONValue.object(params).jsonBytes))
    }

    private func number(_ n: Int) -> JSONValue { .number(Double(n)) }

    mutating func apply(_ op: UpdateOp) {
        guard connection.hasDocument else { return }  // told documentUpdated: it asks afresh
        switch op {
        case .set(let id, _, _):
            attributesChanged(id)
        case .add(let parent, _, let element):
            guard let parent else { return documentUpdated() }
            inserted(element.id, into: parent)
        case .remove(let id):
            removed(id)
        case .move(let id, let parent, _):
            guard let parent else { return documentUpdated() }
            removed(id)
            inserted(id, into: parent)
        case .range, .rangeRemoved:
            break
        }
    }

    private mutating func documentUpdated() {
        connection.hasDocument = false
        emit("DOM.documentUpdated", [:])
    }

    private mutating func attributesChanged(_ id: String) {
        guard !compared.contains(id), let nodeId = connection.existingNodeId(for: id),
            let old = before[id]?.element, let new = after[id]?.element
        else { return }
        compared.insert(id)
        let oldAttributes = DOMTree.attributes(of: old)
        let newAttributes = DOMTree.attributes(of: new)
        let ownStyle = connection.ownStyleEdits.removeValue(forKey: id)
        for attribute in newAttributes where !oldAttributes.contains(where: { $0 == attribute }) {
            if attribute.name == "style", attribute.value == ownStyle {
                // Chrome's way: the frontend reads the attributes itself (DOM.getAttributes).
                emit("DOM.inlineStyleInvalidated", ["nodeIds": .array([number(nodeId)])])
                continue
            }
            emit(
                "DOM.attributeModified",
                ["nodeId": number(nodeId), "name": .string(attribute.name), "value": .string(attribute.value)])
        }
        for attribute in oldAttributes where !newAttributes.contains(where: { $0.name == attribute.name }) {
            emit("DOM.attributeRemoved", ["nodeId": number(nodeId), "name": .string(attribute.name)])
        }
        let oldText = DevToolsDocument.text(of: old)
        let newText = DevToolsDocument.text(of: new)
        guard oldText != newText else { return }
        if oldText != nil, let newText, let textId = connection.existingNodeId(for: id + DevToolsDocument.textSuffix) {
            emit("DOM.characterDataModified", ["nodeId": number(textId), "characterData": .string(newText)])
        } else if (oldText == nil) != (newText == nil) {
            // The text child came or went: the frontend asks for the children again.
            if connection.childrenSent.contains(id) {
                connection.forget(id + DevToolsDocument.textSuffix)
                connection.childrenSent.remove(id)
            }
            emit(
                "DOM.childNodeCountUpdated", ["nodeId": number(nodeId), "childNodeCount": number(after.childKeys(of: id).count)])
        }
    }

    private mutating func inserted(_ id: String, into parent: String) {
        guard let parentId = connection.existingNodeId(for: parent) else { return }
        guard connection.childrenSent.contains(parent), let entry = after[id] else {
            emit(
                "DOM.childNodeCountUpdated",
                ["nodeId": number(parentId), "childNodeCount": number(after.childKeys(of: parent).count)])
            return
        }
        let siblings = after.childKeys(of: parent)
        let previous =
            entry.index > 0 && entry.index <= siblings.count ? connection.existingNodeId(for: siblings[entry.index - 1]) : nil
        let tree = DOMTree(connection: connection, document: after, programURL: programURL)
        var writer = JSONWriter(capacity: 512)
        writer.raw("{\"parentNodeId\":")
        writer.int(parentId)
        writer.raw(",\"previousNodeId\":")
        writer.int(previous ?? 0)
        writer.raw(",\"node\":")
        tree.writeNode(id, parentId: parentId, depth: 0, into: &writer)
        writer.byte(UInt8(ascii: "}"))
        messages.append(("DOM.childNodeInserted", writer.bytes))
    }

    private mutating func removed(_ id: String) {
        guard let entry = before[id] else { return }
        if let nodeId = connection.existingNodeId(for: id), let parent = entry.parent,
            let parentId = connection.existingNodeId(for: parent), connection.childrenSent.contains(parent)
        {
            emit("DOM.childNodeRemoved", ["parentNodeId": number(parentId), "nodeId": number(nodeId)])
        } else if let parent = entry.parent, let parentId = connection.existingNodeId(for: parent) {
            emit(
                "DOM.childNodeCountUpdated",
                ["nodeId": number(parentId), "childNodeCount": number(after.childKeys(of: parent).count)])
        }
        forgetSubtree(entry.element)
    }

    private func forgetSubtree(_ element: Snapshot.Element) {
        connection.forget(element.id)
        connection.forget(element.id + DevToolsDocument.textSuffix)
        for child in element.children { forgetSubtree(child) }
    }
}
