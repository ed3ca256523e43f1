import Foundation
import WeftJSON
import WeftSnapshot

/// Chrome DevTools' view of the program (docs/devtools.md): serves the CDP requests the gateway
/// wraps in `DevTools.call {session, method, params}` and sends each connection its own CDP
/// events as `DevTools.event {session, message}`, the DOM events following the same published
/// revisions `Tree.updated` reports.
///
/// Requests are served on the loop's thread, published revisions arrive in the publishing
/// context (the worker): one lock orders them. Work is bounded whatever DevTools sends: at most
/// `maximumConnections` connections (the least recently used is forgotten, and starts over with
/// `DOM.documentUpdated` if it comes back), ids only for the elements of the published document,
/// `maximumSearches` searches each.
public final class DevToolsAgent: @unchecked Sendable {
    static let maximumConnections = 8

    private let lock = NSLock()
    private var connections: [Int: DevToolsConnection] = [:]
    /// Sessions forgotten for the bound (the most recent few): one that comes back is told to
    /// read the document again.
    private var forgotten: [Int] = []
    private var useCounter: UInt64 = 0
    /// The published document indexed, for the revision it was built at.
    private var indexed: DevToolsDocument?
    /// Sends a `DevTools.event`'s params; called in the publishing context.
    var sendEvent: ([UInt8]) -> Void = { _ in }

    init() {}

    /// Connections with state (tests).
    public var connectionCount: Int { lock.withLock { connections.count } }

    /// The gateway said a DevTools connection closed: its state goes. Any thread.
    public func close(session: Int) {
        lock.withLock { _ = connections.removeValue(forKey: session) }
    }

    /// `weft://appId/instance`: the page's URL in DevTools.
    static func programURL(_ meta: Snapshot.Meta) -> String {
        "weft://\(meta.appId ?? "program")/\(meta.instance ?? "default")"
    }

    /// A CDP event for one connection, as `DevTools.event` params.
    static func eventParams(session: Int, method: String, params: [UInt8]) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + params.count)
        writer.raw("{\"session\":")
        writer.int(session)
        writer.raw(",\"message\":{\"method\":")
        writer.string(method)
        writer.raw(",\"params\":")
        writer.raw(bytes: params)
        writer.raw("}}")
        return writer.bytes
    }

    /// Serves one `DevTools.call` on the loop's thread: the CDP result (or a CDP error), and the
    /// events to send before the reply (method, params: `DevTools.event`s and the Weft events
    /// that tell Weft pages what DevTools highlights).
    func call(_ params: CommandParams, session captureSession: CaptureSession) throws(CommandError)
        -> (result: [UInt8], events: [Event])
    {
        guard let sessionNumber = params["session"]?.integer, sessionNumber > 0 else {
            throw .invalidParams("DevTools.call needs {session, method, params}")
        }
        let method = try params.string("method")
        let cdpParams: JSONObject
        switch params["params"] {
        case nil, .null?: cdpParams = JSONObject()
        case .object(let object)?: cdpParams = object
        case let other?: throw .invalidParams("\"params\" must be an object, got \(other.kindDescription)")
        }
        let encodedHandler = Self.encodedHandlers[method]
        guard
            let handler = encodedHandler ?? Self.handlers[method].map(Self.encoding)
                ?? Self.acknowledged(method).map(Self.encoding)
        else {
            throw CommandError(code: CommandError.methodNotFoundCode, message: "'\(method)' wasn't found")
        }
        // Read outside the lock: waiting for the publisher runs the revision hook, which takes it.
        let published = method == "DOM.getDocument" ? captureSession.document() : captureSession.publishedDocument()
        lock.lock()
        defer { lock.unlock() }
        let returning = connections[sessionNumber] == nil && wasForgotten(sessionNumber)
        var request = DevToolsRequest(
            agent: self, session: captureSession, connection: connection(sessionNumber),
            sessionNumber: sessionNumber, params: CommandParams(object: cdpParams),
            document: indexedDocument(published))
        // Its node ids are gone: the frontend must ask for the document again.
        if returning, method != "DOM.getDocument" { request.emit("DOM.documentUpdated", .object([:])) }
        let result = try handler(&request)
        return (result, request.events)
    }

    /// A device event: its method and encoded params.
    typealias Event = (method: String, params: [UInt8])

    /// `DevTools.inspectNode {"id"}`, sent by a Weft page when its user picks an element: each
    /// connection in inspect mode is asked to select it (`Overlay.inspectNodeRequested`), with
    /// its ancestors pushed. Answers how many were asked; an id not in the document is -32010.
    func inspectNode(_ params: CommandParams, session captureSession: CaptureSession) throws(CommandError)
        -> (result: [UInt8], events: [Event])
    {
        let id = try params.string("id")
        let published = captureSession.publishedDocument()
        lock.lock()
        defer { lock.unlock() }
        let document = indexedDocument(published)
        guard document[id] != nil else { throw .unknownElement(id) }
        var events: [Event] = []
        var asked = 0
        for (number, connection) in connections where connection.inspectMode != "none" && connection.hasDocument {
            asked += 1
            var request = DevToolsRequest(
                agent: self, session: captureSession, connection: connection, sessionNumber: number,
                params: CommandParams(object: JSONObject()), document: document)
            let nodeId = request.pushPath(to: id)
            request.emit("Overlay.inspectNodeRequested", .object(["backendNodeId": .number(Double(nodeId))]))
            events += request.events
        }
        return (JSONValue.object(["connections": .number(Double(asked))]).jsonBytes, events)
    }

    /// Whether a connection is in inspect mode (read with the lock held, while serving a request).
    var anyConnectionInspecting: Bool { connections.values.contains { $0.inspectMode != "none" } }

    /// The connection's state, created on first use; the least recently used goes beyond the bound.
    private func connection(_ number: Int) -> DevToolsConnection {
        useCounter += 1
        if let existing = connections[number] {
            existing.lastUsed = useCounter
            return existing
        }
        if connections.count >= Self.maximumConnections,
            let oldest = connections.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key
        {
            connections[oldest] = nil
            forgotten.append(oldest)
            if forgotten.count > 4 * Self.maximumConnections { forgotten.removeFirst() }
        }
        let created = DevToolsConnection()
        created.lastUsed = useCounter
        connections[number] = created
        return created
    }

    /// Whether `number` was forgotten for the bound (and is no longer listed as such).
    private func wasForgotten(_ number: Int) -> Bool {
        guard let index = forgotten.firstIndex(of: number) else { return false }
        forgotten.remove(at: index)
        return true
    }

    private func indexedDocument(_ snapshot: Snapshot) -> DevToolsDocument {
        // A revision names one content: the publisher numbers each change.
        if let indexed, indexed.snapshot.revision == snapshot.revision { return indexed }
        let document = DevToolsDocument(snapshot)
        indexed = document
        return document
    }

    /// A new revision was published (in the publishing context): each connection that has the
    /// document hears what changed in the part it was sent.
    func published(previous: Snapshot, current: Snapshot, ops: [UpdateOp]?, programURL: String) {
        let batches: [[UInt8]] = lock.withLock {
            let listening = connections.filter { $0.value.hasDocument }
            guard !listening.isEmpty else {
                indexed = nil
                return []
            }
            let before = indexed?.snapshot.revision == previous.revision ? indexed! : DevToolsDocument(previous)
            let after = DevToolsDocument(current)
            indexed = after
            let changes = ops ?? UpdateOps.diff(previous, current)
            var out: [[UInt8]] = []
            for (number, connection) in listening {
                var events = DOMEvents(connection: connection, before: before, after: after, programURL: programURL)
                for op in changes { events.apply(op) }
                out += events.messages.map { Self.eventParams(session: number, method: $0.method, params: $0.params) }
            }
            return out
        }
        for batch in batches { sendEvent(batch) }
    }

    typealias Handler = @Sendable (inout DevToolsRequest) throws(CommandError) -> JSONValue
    /// A handler that writes its result as JSON text itself (whole trees of nodes).
    typealias EncodedHandler = @Sendable (inout DevToolsRequest) throws(CommandError) -> [UInt8]

    static func encoding(_ handler: @escaping Handler) -> EncodedHandler {
        { request throws(CommandError) in try handler(&request).jsonBytes }
    }

    static let handlers: [String: Handler] = domHandlers.merging(cssHandlers) { a, _ in a }
        .merging(overlayHandlers) { a, _ in a }.merging(otherDomainHandlers) { a, _ in a }

    /// Methods answered `{}` that need nothing more: switching a domain on or off, and the
    /// settings the frontend sends at start for features a node tree does not have.
    static func acknowledged(_ method: String) -> Handler? {
        guard let dot = method.firstIndex(of: ".") else { return nil }
        let verb = method[method.index(after: dot)...]
        let domain = method[..<dot]
        guard
            verb == "enable" || verb == "disable"
                || (verb.hasPrefix("set") && acknowledgedSettingDomains.contains(String(domain)))
        else { return nil }
        return { _ in .object(JSONObject()) }
    }

    static let acknowledgedSettingDomains: Set<String> = [
        "Page", "Network", "Emulation", "Debugger", "Runtime", "Log", "Overlay", "Target", "Audits", "Autofill",
        "Profiler", "HeapProfiler", "Animation", "Security", "ServiceWorker", "DOMDebugger", "Inspector", "Storage",
        "IndexedDB", "CacheStorage", "DOMStorage", "Preload", "FedCm", "Accessibility", "LayerTree", "PWA",
    ]
}

/// One CDP request being served: its params, the connection, the indexed document, and the
/// events it produces (sent before its reply).
struct DevToolsRequest {
    let agent: DevToolsAgent
    let session: CaptureSession
    let connection: DevToolsConnection
    let sessionNumber: Int
    let params: CommandParams
    var document: DevToolsDocument
    var events: [DevToolsAgent.Event] = []

    /// A CDP event for this connection.
    mutating func emit(_ method: String, _ params: JSONValue) {
        emit(method, encoded: params.jsonBytes)
    }

    /// A CDP event whose params are written already.
    mutating func emit(_ method: String, encoded params: [UInt8]) {
        events.append(("DevTools.event", DevToolsAgent.eventParams(session: sessionNumber, method: method, params: params)))
    }

    /// A Weft event for the inspectors attached to the program (the Weft page).
    mutating func announce(_ method: String, _ params: JSONValue) {
        events.append((method, params.jsonBytes))
    }

    /// The element key a `nodeId` (or `backendNodeId`) param names; -32000 as Chrome answers an
    /// unknown id.
    func key(_ name: String = "nodeId") throws(CommandError) -> String {
        guard let value = params[name] else { throw .invalidParams("missing \"\(name)\"") }
        guard let id = value.integer else { throw .invalidParams("\"\(name)\" must be an integer, got \(value.jsonString)") }
        guard let key = connection.keys[id] else {
            throw CommandError(code: -32000, message: "Could not find node with given id")
        }
        return key
    }

    /// `nodeId`, or `backendNodeId` (the same numbers here), whichever the request carries.
    func anyNodeKey() throws(CommandError) -> String {
        if params["nodeId"] != nil { return try key("nodeId") }
        if params["backendNodeId"] != nil { return try key("backendNodeId") }
        throw .invalidParams("either nodeId or backendNodeId must be specified")
    }

    /// The element a key names in the document; -32000 when it is gone.
    func element(_ key: String) throws(CommandError) -> DevToolsDocument.Entry {
        guard let entry = document[key] else { throw CommandError(code: -32000, message: "Node is not an element") }
        return entry
    }
}

extension CommandParams {
    init(object: JSONObject) {
        self.object = object
    }
}
