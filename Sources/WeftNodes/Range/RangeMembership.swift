/// Which of one range update's ranges each item index is in: a byte of flags per index over
/// the span the ranges cover, so that membership is an array read. As `Set`s, hashing every
/// index of the three ranges and hashing each again to look it up was most of an update's cost
/// (about half of a scrolling 1 000-row feed's frame).
struct RangeMembership {
    struct Ranges: OptionSet {
        let rawValue: UInt8
        static let visible = Ranges(rawValue: 1)
        static let display = Ranges(rawValue: 2)
        static let preload = Ranges(rawValue: 4)
    }

    /// The index `flags[0]` stands for.
    private let first: Int
    private var flags: [Ranges]

    init(visible: [Int], display: [Int], preload: [Int]) {
        let lists = [visible, display, preload]
        guard let low = lists.compactMap({ $0.min() }).min(), let high = lists.compactMap({ $0.max() }).max() else {
            (first, flags) = (0, [])
            return
        }
        first = low
        flags = Array(repeating: [], count: high - low + 1)
        for (list, range) in zip(lists, [Ranges.visible, .display, .preload]) {
            for index in list { flags[index - low].insert(range) }
        }
    }

    /// The ranges `index` is in (none outside the span).
    subscript(index: Int) -> Ranges {
        let offset = index - first
        return flags.indices.contains(offset) ? flags[offset] : []
    }
}
