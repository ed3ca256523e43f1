/// Directions of scrolling, Texture's `ASScrollDirection`: the direction the content offset
/// moves (down = the offset's y grows, the user reveals content further down). The node
/// runtime's range controllers and the snapshot's range controllers share it, so capture copies
/// it as it is.
public struct ScrollDirection: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// One bit per direction: right 1, left 2, up 4, down 8 (Texture's values).
    public let rawValue: UInt8
    /// The directions whose bits are set in `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The content offset's x grows: content further right comes into view.
    public static let right = ScrollDirection(rawValue: 1)
    /// The content offset's x shrinks.
    public static let left = ScrollDirection(rawValue: 2)
    /// The content offset's y shrinks: content further up comes into view.
    public static let up = ScrollDirection(rawValue: 4)
    /// The content offset's y grows.
    public static let down = ScrollDirection(rawValue: 8)

    /// Both directions of the x axis (ASScrollDirectionHorizontalDirections).
    public static let horizontal: ScrollDirection = [.left, .right]
    /// Both directions of the y axis (ASScrollDirectionVerticalDirections).
    public static let vertical: ScrollDirection = [.up, .down]

    /// Every direction with its name, in the order snapshots list them (right, left, up, down).
    public static let named: [(ScrollDirection, String)] = [
        (.right, "right"), (.left, "left"), (.up, "up"), (.down, "down"),
    ]

    /// The names of the set directions, in `named` order: `["down"]`, `["right", "down"]`.
    public var names: [String] {
        Self.named.filter { contains($0.0) }.map(\.1)
    }

    /// The names joined by `|` (`right|down`), or `none`.
    public var description: String { names.isEmpty ? "none" : names.joined(separator: "|") }

    /// The direction of a content-offset velocity on the scrollable axes (zero velocity: none).
    public init(velocityX: Double, velocityY: Double, scrollable: ScrollDirection) {
        var direction: ScrollDirection = []
        if !scrollable.isDisjoint(with: .horizontal) {
            if velocityX > 0 { direction.insert(.right) } else if velocityX < 0 { direction.insert(.left) }
        }
        if !scrollable.isDisjoint(with: .vertical) {
            if velocityY > 0 { direction.insert(.down) } else if velocityY < 0 { direction.insert(.up) }
        }
        self = direction
    }
}
