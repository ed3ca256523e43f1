/// One drag of the scripted finger: which container, and which way the content moves
/// (`down` reveals what is further down, as scrolling down a feed does; `right` reveals what
/// is further right, as swiping to the next page does).
struct ScrollStep: Hashable, Sendable, CustomStringConvertible {
    enum Target: String, CaseIterable, Sendable {
        /// The feed table.
        case feed
        /// The stories strip (horizontal).
        case stories
        /// The explore pager (horizontal, pages).
        case pages
        /// The table of the explore page on screen.
        case page

        var isHorizontal: Bool { self == .stories || self == .pages }
    }

    enum Direction: String, CaseIterable, Sendable {
        case up, down, left, right

        var isHorizontal: Bool { self == .left || self == .right }

        var opposite: Direction {
            switch self {
            case .up: .down
            case .down: .up
            case .left: .right
            case .right: .left
            }
        }
    }

    let target: Target
    let direction: Direction

    var description: String { "\(target.rawValue):\(direction.rawValue)" }
}
