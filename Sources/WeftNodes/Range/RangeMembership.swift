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

    /// The lists are ascending, as `ItemGeometry` gives them: their ends bound the span.
    init(visible: [Int], display: [Int], preload: [Int]) {
        let low = Swift.min(visible.first ?? .max, display.first ?? .max, preload.first ?? .max)
        let high = Swift.max(visible.last ?? .min, display.last ?? .min, preload.last ?? .min)
        guard low <= high else {
            (first, flags) = (0, [])
            return
        }
        first = low
        flags = Array(repeating: [], count: high - low + 1)
        mark(visible, .visible)
        mark(display, .display)
        mark(preload, .preload)
    }

    private mutating func mark(_ list: [Int], _ range: Ranges) {
        for index in list { flags[index - first].insert(range) }
    }

    /// Every index in some range, ascending: the lists merged in one pass over the span (sorting
    /// their concatenation cost an update about as much as the rest of its work on the lists).
    var indicesInAnyRange: [Int] {
        var result: [Int] = []
        result.reserveCapacity(flags.count)
        for offset in flags.indices where !flags[offset].isEmpty { result.append(first + offset) }
        return result
    }

    /// The ranges `index` is in (none outside the span).
    subscript(index: Int) -> Ranges {
        let offset = index - first
        return flags.indices.contains(offset) ? flags[offset] : []
    }
}
