import WeftLayout

/// The edges of a rectangle, as the tappable-area overlay marks them.
public struct RectEdges: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The edge bits.
    public let rawValue: UInt8
    /// Edges of these bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The top edge.
    public static let top = RectEdges(rawValue: 1)
    /// The left edge.
    public static let left = RectEdges(rawValue: 2)
    /// The bottom edge.
    public static let bottom = RectEdges(rawValue: 4)
    /// The right edge.
    public static let right = RectEdges(rawValue: 8)

    /// Names in protocol order: top, left, bottom, right.
    public var names: [String] {
        [(RectEdges.top, "top"), (.left, "left"), (.bottom, "bottom"), (.right, "right")].filter { contains($0.0) }.map(\.1)
    }

    /// The names in brackets: `[top, left]`.
    public var description: String { "[" + names.joined(separator: ", ") + "]" }
}

/// Where a control can actually be tapped, as Texture's tappable-area debug overlay computes it
/// (docs/texture-semantics.md section 5): the node's slop-extended bounds cut down by every ancestor's
/// hit area up to the root or the nearest scroll container, with the edges where an ancestor cut
/// it (restricted) and, for ancestors with slop that clip, the edges clipping cut (clipped).
public struct TappableArea: Hashable, Sendable {
    /// In the node's own coordinates.
    public var rect: Rect
    /// The edges an ancestor's hit area cut.
    public var restricted: RectEdges
    /// The edges a clipping ancestor with slop cut.
    public var clipped: RectEdges

    /// An area of `rect` with the edges cut.
    public init(rect: Rect, restricted: RectEdges = [], clipped: RectEdges = []) {
        self.rect = rect
        self.restricted = restricted
        self.clipped = clipped
    }

    /// One ancestor level as the computation sees it: its bounds, its frame in its own parent, its
    /// slop and whether it clips. A chain lists the node first, then its ancestors up to (not
    /// including) the root's parent or the nearest scroll container.
    public struct Level: Hashable, Sendable {
        /// The level's bounds, in its own coordinates.
        public var bounds: Rect
        /// The level's frame in its parent.
        public var frame: Rect
        /// The level's hit-test slop (negative insets enlarge the area).
        public var hitTestSlop: EdgeInsets
        /// Whether the level clips its subnodes.
        public var clipsToBounds: Bool

        /// A level of these values (no slop and no clipping by default).
        public init(bounds: Rect, frame: Rect, hitTestSlop: EdgeInsets = .zero, clipsToBounds: Bool = false) {
            self.bounds = bounds
            self.frame = frame
            self.hitTestSlop = hitTestSlop
            self.clipsToBounds = clipsToBounds
        }

        /// A rect in this level's coordinates converted into its parent's.
        func toParent(_ rect: Rect) -> Rect {
            Rect(
                x: rect.minX + frame.minX - bounds.minX, y: rect.minY + frame.minY - bounds.minY,
                width: rect.size.width, height: rect.size.height)
        }

        func fromParent(_ rect: Rect) -> Rect {
            Rect(
                x: rect.minX - frame.minX + bounds.minX, y: rect.minY - frame.minY + bounds.minY,
                width: rect.size.width, height: rect.size.height)
        }
    }

    /// The computation over a chain: `levels[0]` is the node, each next level its parent.
    public static func compute(_ levels: [Level]) -> TappableArea {
        guard let node = levels.first else { return TappableArea(rect: .zero) }
        var rect = node.bounds.inset(by: node.hitTestSlop)
        var restricted: RectEdges = []
        var clipped: RectEdges = []
        for depth in levels.indices.dropFirst() {
            let parent = levels[depth]
            var parentRect = parent.bounds
            var parentClips = false
            if parent.hitTestSlop != .zero {
                parentClips = parent.clipsToBounds
                if !parent.clipsToBounds { parentRect = parent.bounds.inset(by: parent.hitTestSlop) }
            }
            let childRect = levels[depth - 1].toParent(rect)
            rect =
                parentRect.intersection(childRect)
                ?? Rect(
                    x: max(parentRect.minX, childRect.minX), y: max(parentRect.minY, childRect.minY), width: 0, height: 0
                )
            if childRect.size != parentRect.size {
                var edges: RectEdges = []
                if childRect.minY < parentRect.minY { edges.insert(.top) }
                if childRect.minX < parentRect.minX { edges.insert(.left) }
                if childRect.maxY > parentRect.maxY { edges.insert(.bottom) }
                if childRect.maxX > parentRect.maxX { edges.insert(.right) }
                restricted.formUnion(edges)
                if parentClips { clipped.formUnion(edges) }
            }
        }
        // Back into the node's coordinates.
        for depth in levels.indices.dropFirst().reversed() {
            rect = levels[depth - 1].fromParent(rect)
        }
        return TappableArea(rect: rect, restricted: restricted, clipped: clipped)
    }
}

extension DisplayNode {
    /// The node's tappable area (for any node; the overlay shows it for controls with targets).
    public var tappableArea: TappableArea {
        var levels = [TappableArea.Level(bounds: bounds, frame: frame, hitTestSlop: hitTestSlop, clipsToBounds: clipsToBounds)]
        var node = supernode
        while let parent = node, !(parent is ContainerNode) {
            levels.append(
                TappableArea.Level(
                    bounds: parent.bounds, frame: parent.frame, hitTestSlop: parent.hitTestSlop,
                    clipsToBounds: parent.clipsToBounds))
            node = parent.supernode
        }
        return TappableArea.compute(levels)
    }
}
