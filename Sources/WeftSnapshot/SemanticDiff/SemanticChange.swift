import WeftJSON

/// One difference the semantic diff found between two snapshots (`weft diff`, the web page).
public struct SemanticChange: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// An element only in the new snapshot (its subtree is implied).
        case added
        /// An element only in the old snapshot.
        case removed
        /// Children present in both snapshots changed their relative order (reported on the
        /// parent; frames may all stay the same, as in an overlay or a background spec whose
        /// children swap, which changes what is drawn on top).
        case order
        /// The frame's origin changed (beyond the tolerance), its size did not.
        case moved
        /// The frame's size changed (beyond the tolerance); the origin may have changed too.
        case resized
        /// A `style` entry changed, appeared or went back to its default.
        case style
        /// A `props` entry of a layout spec.
        case specProperty
        /// A `props` entry of a node.
        case nodeProperty
        /// Interface state bits (reported only on request).
        case interfaceState
        /// Another element field: `constrainedSize`, `calculatedSize`, `tappable`, `kind`, `type`.
        case field
        /// A range controller appeared, went away or changed.
        case rangeController
        /// `meta` or `revision` (ignored by default).
        case document
    }

    public var kind: Kind
    /// The element's structural path (`ASStackLayoutSpec > ASTextNode (title)`); for range
    /// controllers `range <owner path>`; empty for document-level changes and for the order of
    /// the roots.
    public var path: String
    /// What changed: `frame`, `style.flexGrow`, `props.text`, `interfaceState`, `order`,
    /// `meta.appId`; nil for added and removed elements and controllers.
    public var field: String?
    /// The old and new values in their snapshot JSON forms; nil where absent. For `order`, the
    /// path components of the children present in both, in the old and in the new order.
    public var before: JSONValue?
    public var after: JSONValue?
    /// The element's id in the old and in the new snapshot (for renderers that highlight it).
    public var idBefore: String?
    public var idAfter: String?

    public init(
        kind: Kind, path: String, field: String? = nil, before: JSONValue? = nil, after: JSONValue? = nil,
        idBefore: String? = nil, idAfter: String? = nil
    ) {
        self.kind = kind
        self.path = path
        self.field = field
        self.before = before
        self.after = after
        self.idBefore = idBefore
        self.idAfter = idAfter
    }
}
