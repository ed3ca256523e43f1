import Testing
import WeftSnapshot
import WeftSynthetic

@testable import WeftNodes

/// `RangeMembership` answers what `Set`s of the three ranges would: an index is in a range
/// exactly when the range's list holds it, inside the span the lists cover and outside it; and
/// the indices in some range are the lists' union, sorted.
@Suite struct RangeMembershipTests {
    @Test("the ranges of each index, as sets of the three lists would give them", arguments: 0..<200)
    func agreesWithSets(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        // Ascending lists, as an update makes them (runs around a viewport), and also with
        // gaps, overlapping, empty or far apart.
        func list() -> [Int] {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return []
            case 1:
                let start = Int.random(in: 0..<50, using: &random)
                return Array(start..<(start + Int.random(in: 1..<20, using: &random)))
            default:
                return (0..<Int.random(in: 1..<12, using: &random)).map { _ in Int.random(in: 0..<80, using: &random) }.sorted()
            }
        }
        let (visible, display, preload) = (list(), list(), list())
        let membership = RangeMembership(visible: visible, display: display, preload: preload)
        for index in -3..<90 {
            var expected: RangeMembership.Ranges = []
            if Set(visible).contains(index) { expected.insert(.visible) }
            if Set(display).contains(index) { expected.insert(.display) }
            if Set(preload).contains(index) { expected.insert(.preload) }
            #expect(membership[index] == expected, "index \(index) of \(visible), \(display), \(preload)")
        }
        #expect(membership.indicesInAnyRange == Set(visible + display + preload).sorted())
    }

    @Test func noRanges() {
        let membership = RangeMembership(visible: [], display: [], preload: [])
        #expect(membership[0] == [] && membership[-1] == [] && membership[1_000] == [])
        #expect(membership.indicesInAnyRange.isEmpty)
    }
}
