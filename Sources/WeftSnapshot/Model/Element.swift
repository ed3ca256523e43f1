import WeftJSON

extension Snapshot {
    /// One node or layout spec of the tree (docs/snapshot-format.md, Element).
    ///
    /// Fields the protocol names with fixed shapes (ids, frame, sizes, interface state) are typed;
    /// `style` and `props` are ordered JSON objects in the layout-json vocabulary, so update ops
    /// and diffs compare them key by key without knowing every property.
    public struct Element: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            case node, spec
        }

        /// `"n<counter>"` for nodes, `"<ownerNodeId>/<path>"` for specs (docs/protocol.md, Identity of elements).
        public var id: String
        /// Default `.node`.
        public var kind: Kind
        /// For specs the layout-json type (`stack`, `inset`...); for nodes `node` (the default).
        public var type: String
        /// Texture's class name: `ASTextNode`, `ASStackLayoutSpec`.
        public var className: String
        public var debugName: String?
        /// [x, y, w, h] in the parent element (the unflattened layout). Default zero.
        public var frame: Rect
        /// Default `{[0, 0], [inf, inf]}`.
        public var constrainedSize: SizeRange
        /// The layout's size. Default (and nearly always): the frame's size.
        public var calculatedSize: Size
        /// Non-default style entries, layout-json keys and value forms.
        public var style: JSONObject
        /// Spec properties (layout-json keys) or node properties (`text`, `image`, `control`...).
        public var props: JSONObject
        /// For controls with targets: the tappable area (docs/texture-semantics.md section 5).
        public var tappable: Tappable?
        /// Default empty.
        public var interfaceState: InterfaceState
        /// Layout-json order; a node's own spec root first, then manually laid out subnodes.
        public var children: [Element]

        /// Inlinable: a capture builds one for every element, and a call into this module
        /// copied the arguments in, then the whole element out.
        @inlinable
        public init(
            id: String, kind: Kind = .node, type: String? = nil, className: String, debugName: String? = nil,
            frame: Rect = .zero, constrainedSize: SizeRange = .unconstrained, calculatedSize: Size? = nil,
            style: JSONObject = JSONObject(), props: JSONObject = JSONObject(), tappable: Tappable? = nil,
            interfaceState: InterfaceState = [], children: [Element] = []
        ) {
            self.id = id
            self.kind = kind
            self.type = type ?? Element.defaultType
            self.className = className
            self.debugName = debugName
            self.frame = frame
            self.constrainedSize = constrainedSize
            self.calculatedSize = calculatedSize ?? frame.size
            self.style = style
            self.props = props
            self.tappable = tappable
            self.interfaceState = interfaceState
            self.children = children
        }

        /// The `type` of every node, and the default when a document omits it.
        public static let defaultType = "node"

        /// Texture's name of the element as ASCII art and diff paths print it:
        /// the class name plus `" (debugName)"` when there is one.
        public var displayName: String {
            if let debugName, !debugName.isEmpty { return "\(className) (\(debugName))" }
            return className
        }

        /// This element and all its descendants.
        public var subtreeCount: Int {
            var count = 1
            for index in children.indices { count += children[index].subtreeCount }
            return count
        }

        /// The first element of this subtree, in pre-order, that satisfies `predicate`.
        public func first(where predicate: (Element) throws -> Bool) rethrows -> Element? {
            if try predicate(self) { return self }
            for child in children {
                if let found = try child.first(where: predicate) { return found }
            }
            return nil
        }
    }

    /// Interface state bits (docs/texture-semantics.md section 6). JSON: the bit mask as a number.
    public struct InterfaceState: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let measureLayout = InterfaceState(rawValue: 1)
        public static let preload = InterfaceState(rawValue: 2)
        public static let display = InterfaceState(rawValue: 4)
        public static let visible = InterfaceState(rawValue: 8)
        public static let inHierarchy: InterfaceState = [.measureLayout, .preload, .display, .visible]

        /// Every bit with its name, lowest first.
        public static let named: [(InterfaceState, String)] = [
            (.measureLayout, "measureLayout"), (.preload, "preload"), (.display, "display"), (.visible, "visible"),
        ]

        /// `measureLayout|preload`, or `none` for the empty set; unknown bits print as a number.
        public var names: String {
            var parts = InterfaceState.named.filter { contains($0.0) }.map(\.1)
            let unknown = rawValue & ~InterfaceState.inHierarchy.rawValue
            if unknown != 0 { parts.append(String(unknown)) }
            return parts.isEmpty ? "none" : parts.joined(separator: "|")
        }
    }

    /// A control's tappable area: its rect in the node's coordinates and the edges where an
    /// ancestor restricted it (and, among those, clipped it). docs/texture-semantics.md section 5.
    public struct Tappable: Hashable, Sendable {
        public var rect: Rect
        public var restricted: Edges
        public var clipped: Edges

        public init(rect: Rect, restricted: Edges = [], clipped: Edges = []) {
            self.rect = rect
            self.restricted = restricted
            self.clipped = clipped
        }
    }
}
