import Testing
import WeftLayout
import WeftSnapshot
import WeftSynthetic

@testable import WeftNodes

/// Random sequences of data changes and scrolling on a table, checking after every frame the
/// invariants the inspector relies on: the controller's item states are the cells' states, the
/// visible cells are exactly the subnodes, index sets are sorted and in range, and the frames
/// tile the content.
@Suite("Random operations keep a table consistent")
struct RandomOperationTests {
    @Test("inserts, deletes, reloads, drags and jumps", arguments: [1, 2, 3, 4])
    func randomOperations(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))  // deterministic, so a failure replays
        let (table, source, loop, _) = loadedTable(count: 30)
        for _ in 0..<150 {
            switch random.next(7) {
            case 0:
                let count = random.next(3) + 1
                let at = random.next(source.count + 1)
                source.count += count
                try table.insertItems(at: Array(at..<(at + count)))
            case 1 where source.count > 3:
                let index = random.next(source.count)
                source.count -= 1
                try table.deleteItems(at: [index])
            case 2 where source.count > 0:
                try table.reloadItems(at: [random.next(source.count)])
            case 3:
                table.drag(by: Point(x: 0, y: Double(random.next(1200)) - 600), duration: 0.1)
            case 4:
                table.contentOffset = Point(x: 0, y: Double(random.next(max(1, source.count * 100))))
            case 5 where source.count > 0:
                try table.scrollToItem(at: random.next(source.count), animated: random.next(2) == 0)
            default:
                break
            }
            loop.run(frames: random.next(4) + 1)
            check(table, count: source.count)
        }
    }

    func check(_ table: TableNode, count: Int) {
        let ranges = table.rangeController
        #expect(table.numberOfItems == count)
        #expect(ranges.itemStates.count == count)
        #expect(table.contentSize.height == Double(count) * 100)
        for index in 0..<count {
            #expect(table.itemFrames[index].origin.y == Double(index) * 100)
            #expect(table.cellForItem(at: index)?.interfaceState == ranges.itemStates[index])
        }
        for set in [ranges.visibleIndices, ranges.displayIndices, ranges.preloadIndices] {
            #expect(set == set.sorted() && set.allSatisfy { $0 >= 0 && $0 < count })
        }
        #expect(table.subnodes.map(\.id) == table.visibleCells.map(\.id))
        #expect(Set(ranges.visibleIndices).isSubset(of: Set(ranges.displayIndices)) || ranges.currentMode == .lowMemory)
    }
}

extension SeededGenerator {
    /// A number in 0..<bound.
    fileprivate mutating func next(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
