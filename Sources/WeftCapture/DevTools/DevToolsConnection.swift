import WeftSnapshot

/// What one DevTools connection (a gateway session) was told: the CDP node ids of the elements
/// it knows, whose children it has, its searches and its overlay state. CDP node ids are per
/// connection, so two DevTools windows never see each other's ids.
final class DevToolsConnection {
    /// The document node's id and the key it is filed under.
    static let documentNodeId = 1
    static let documentKey = "#document"
    /// Searches kept per connection (each holds its result ids until discarded).
    static let maximumSearches = 4

    private(set) var nodeIds: [String: Int] = [:]
    private(set) var keys: [Int: String] = [:]
    private var nextNodeId = documentNodeId + 1
    /// The keys of the nodes whose children this connection was sent.
    var childrenSent: Set<String> = []
    /// Whether it asked for the document since it connected (or since `DOM.documentUpdated`).
    var hasDocument = false
    var searches: [(id: String, keys: [String])] = []
    var nextSearch = 1
    /// The inline style each element will show after this connection's own Styles-pane edits:
    /// the change those edits cause comes back as `DOM.inlineStyleInvalidated`, not as
    /// `attributeModified` (as Chrome does), so the pane's editor is not interrupted by its own
    /// keystrokes.
    var ownStyleEdits: [String: String] = [:]
    /// The element the overlay highlights, and whether a pick in the screen view selects.
    var highlighted: String?
    var inspectMode = "none"
    /// When it last sent a request (`DevToolsAgent` drops the least recent beyond its bound).
    var lastUsed: UInt64 = 0

    /// Forgets every id: CDP starts over after `DOM.getDocument`.
    func reset() {
        nodeIds = [Self.documentKey: Self.documentNodeId]
        keys = [Self.documentNodeId: Self.documentKey]
        nextNodeId = Self.documentNodeId + 1
        childrenSent = []
        searches = []
        ownStyleEdits = [:]
        hasDocument = true
    }

    /// The node id of `key` (an element id, or `<id>#text` for a text node's text), given one now
    /// if it has none.
    func nodeId(for key: String) -> Int {
        if let id = nodeIds[key] { return id }
        let id = nextNodeId
        nextNodeId += 1
        nodeIds[key] = id
        keys[id] = key
        return id
    }

    func existingNodeId(for key: String) -> Int? { nodeIds[key] }

    /// Forgets a node the program removed.
    func forget(_ key: String) {
        guard let id = nodeIds.removeValue(forKey: key) else { return }
        keys[id] = nil
        childrenSent.remove(key)
    }
}
