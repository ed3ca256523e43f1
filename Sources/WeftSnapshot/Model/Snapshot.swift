import WeftJSON

/// A version-1 snapshot document (docs/protocol.md, Snapshot; docs/snapshot-format.md): the element
/// trees of one or several roots and the state of every range controller, at one revision.
///
/// A plain value: capture builds it, the codec reads and writes it, update ops and the semantic
/// diff compare two of them. Nothing here knows about nodes.
public struct Snapshot: Hashable, Sendable {
    /// The value of the document's `format` key.
    public static let format = "weft.snapshot"
    /// The only document version this module reads and writes.
    public static let version = 1

    /// Increases by one per published change (docs/protocol.md, Updates). Default 0.
    public var revision: Int
    public var meta: Meta
    public var roots: [Element]
    public var rangeControllers: [RangeController]

    public init(revision: Int = 0, meta: Meta = Meta(), roots: [Element] = [], rangeControllers: [RangeController] = []) {
        self.revision = revision
        self.meta = meta
        self.roots = roots
        self.rangeControllers = rangeControllers
    }

    /// Every element of every root, parents before children (pre-order).
    public func forEachElement(_ body: (Element) throws -> Void) rethrows {
        func visit(_ element: Element) throws {
            try body(element)
            for child in element.children { try visit(child) }
        }
        for root in roots { try visit(root) }
    }

    /// The number of elements in every root's subtree.
    public var elementCount: Int {
        var count = 0
        for index in roots.indices { count += roots[index].subtreeCount }
        return count
    }

    /// The element with `id`, searched depth first (linear: for one-off lookups).
    public func element(withId id: String) -> Element? {
        for root in roots {
            if let found = root.first(where: { $0.id == id }) { return found }
        }
        return nil
    }
}

extension Snapshot {
    /// Where and when a snapshot was taken. Every key is optional; keys this version does not
    /// know are kept in `extra` (in order) so a document read and written keeps them.
    public struct Meta: Hashable, Sendable {
        public var appId: String?
        public var appName: String?
        public var instance: String?
        public var host: String?
        public var pid: Int?
        /// ISO 8601 UTC, e.g. `2026-11-30T08:00:00Z`.
        public var capturedAt: String?
        public var protocolVersion: Int?
        public var screen: Screen?
        /// Any other keys (for example a checkpoint name), in document order.
        public var extra: JSONObject

        public init(
            appId: String? = nil, appName: String? = nil, instance: String? = nil, host: String? = nil,
            pid: Int? = nil, capturedAt: String? = nil, protocolVersion: Int? = nil, screen: Screen? = nil,
            extra: JSONObject = JSONObject()
        ) {
            self.appId = appId
            self.appName = appName
            self.instance = instance
            self.host = host
            self.pid = pid
            self.capturedAt = capturedAt
            self.protocolVersion = protocolVersion
            self.screen = screen
            self.extra = extra
        }
    }

    /// The program's screen: size in points and scale (pixels per point).
    public struct Screen: Hashable, Sendable {
        public var width: Double
        public var height: Double
        public var scale: Double

        public init(width: Double, height: Double, scale: Double = 2) {
            self.width = width
            self.height = height
            self.scale = scale
        }
    }
}
