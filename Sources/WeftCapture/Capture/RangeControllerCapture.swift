import Foundation
import WeftNodes
import WeftSnapshot

/// A container's range controller as the snapshot describes it (docs/snapshot-format.md, RangeController):
/// tuning of every mode, the index runs of each range, run-length item states.
enum RangeControllerCapture {
    /// `"r<n>"` for the container `"n<n>"`: stable as long as the container lives.
    static func id(forOwner owner: String) -> String {
        owner.hasPrefix("n") ? "r" + owner.dropFirst() : "r-" + owner
    }

    /// The controller as a snapshot describes it now. With a memo (streamed captures), the parts
    /// computed from the tuning table and the item arrays are reused while the controller has not
    /// written to them.
    static func capture(_ container: ContainerNode, memo: RangeControllerMemo? = nil) -> Snapshot.RangeController {
        snapshot(of: Reading(container), memo: memo)
    }

    /// What a capture reads of a container and its range controller: its id and what the node
    /// runtime shows of its ranges, in one call (values and references to the controller's
    /// arrays), so that a streamed capture reads it on the host thread in a few copies and the
    /// publisher's worker derives the snapshot's form (runs, tuning, names) from it.
    struct Reading: Sendable {
        let owner: String
        let shown: RangeInspection

        init(_ container: ContainerNode) {
            owner = container.id
            shown = container.rangeInspection
        }
    }

    static func snapshot(of reading: Reading, memo: RangeControllerMemo? = nil) -> Snapshot.RangeController {
        let memo = memo ?? RangeControllerMemo()
        let shown = reading.shown
        var captured = Snapshot.RangeController(id: id(forOwner: reading.owner), owner: reading.owner)
        captured.dataSource = shown.dataSourceTypeName
        captured.orientation = shown.orientation == .vertical ? .vertical : .horizontal
        captured.scrollDirection = shown.scrollDirection
        captured.mode = shown.mode.flatMap { Snapshot.RangeController.Mode(rawValue: $0.rawValue) } ?? .minimum
        captured.tuning = memo.tuning.derive(from: shown.tuning, unchangedIf: ==, tuning(of:))
        captured.viewport = Snapshot.Rect(shown.viewport)
        captured.contentSize = Snapshot.Size(shown.contentSize)
        captured.contentOffset = Snapshot.Point(shown.contentOffset)
        captured.itemCount = shown.itemCount
        // The inspection's arrays are copies (`RangeInspection`), so they are compared by their
        // items: a thousand item states are one comparison of their bytes.
        captured.visible = memo.visible.derive(from: shown.visible, unchangedIf: ==, indexRuns(of:))
        captured.display = memo.display.derive(from: shown.display, unchangedIf: ==, indexRuns(of:))
        captured.preload = memo.preload.derive(from: shown.preload, unchangedIf: ==, indexRuns(of:))
        captured.itemStates = memo.itemStates.derive(from: shown.itemStates, unchangedIf: sameBytes, itemStateRuns(of:))
        return captured
    }

    // Streaming captures a scrolling container's controller every update, and its item states
    // cover every item (thousands): these loops are written to stay a few instructions per item.

    /// Inclusive runs of the indexes (in any order), adjacent ones merged.
    private static func indexRuns(of indexes: [Int]) -> [Snapshot.IndexRun] {
        guard !indexes.isEmpty else { return [] }
        var sorted = indexes
        if !sorted.isSorted { sorted.sort() }
        var runs: [Snapshot.IndexRun] = []
        var start = sorted[0]
        var end = start
        for index in sorted.dropFirst() {
            if index == end + 1 {
                end = index
            } else {
                if index == end { continue }  // a duplicate
                runs.append(Snapshot.IndexRun(start, end))
                (start, end) = (index, index)
            }
        }
        runs.append(Snapshot.IndexRun(start, end))
        return runs
    }

    /// Whether two arrays of item states hold the same bytes.
    private static func sameBytes(_ a: [InterfaceState], _ b: [InterfaceState]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }

    /// Run-length item states: items `start...end` share a state. A state is one byte and a
    /// feed's runs are hundreds of items long, so runs are measured eight items at a time.
    static func itemStateRuns(of states: [InterfaceState]) -> [Snapshot.ItemStateRun] {
        precondition(MemoryLayout<InterfaceState>.stride == 1)
        return states.withUnsafeBytes { bytes in
            var runs: [Snapshot.ItemStateRun] = []
            var start = 0
            while start < bytes.count {
                let end = endOfRun(in: bytes, from: start)
                runs.append(Snapshot.ItemStateRun(start, end - 1, Snapshot.InterfaceState(rawValue: Int(bytes[start]))))
                start = end
            }
            return runs
        }
    }

    /// The index after the run of equal bytes that starts at `start`.
    private static func endOfRun(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        let value = bytes[start]
        let eightOfThem = UInt64(value) &* 0x0101_0101_0101_0101
        var index = start + 1
        while index + 8 <= bytes.count, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) == eightOfThem {
            index += 8
        }
        while index < bytes.count, bytes[index] == value { index += 1 }
        return index
    }

    private static func tuning(of table: RangeTuningTable) -> Snapshot.Tuning {
        func mode(_ mode: RangeMode) -> Snapshot.RangeTuning {
            func parameters(_ type: RangeType) -> Snapshot.TuningParameters {
                let tuning = table[mode, type]
                return Snapshot.TuningParameters(
                    leading: tuning.leadingBufferScreenfuls, trailing: tuning.trailingBufferScreenfuls)
            }
            return Snapshot.RangeTuning(display: parameters(.display), preload: parameters(.preload))
        }
        return Snapshot.Tuning(
            full: mode(.full), minimum: mode(.minimum), visibleOnly: mode(.visibleOnly),
            lowMemory: mode(.lowMemory))
    }
}

extension Array where Element == Int {
    fileprivate var isSorted: Bool { zip(self, dropFirst()).allSatisfy { $0 <= $1 } }
}

/// What one container's range controller capture computed from its tuning table and item
/// arrays, kept between streamed captures: while a feed scrolls the runs change only when an
/// item crosses a range boundary. Used only where streamed captures are assembled (the
/// publisher's worker).
final class RangeControllerMemo: @unchecked Sendable {
    /// One derived value and the input it was computed from.
    struct Slot<Input, Output> {
        private var last: (input: Input, output: Output)?

        mutating func derive(from input: Input, unchangedIf same: (Input, Input) -> Bool, _ compute: (Input) -> Output)
            -> Output
        {
            if let last, same(last.input, input) { return last.output }
            let output = compute(input)
            last = (input, output)
            return output
        }
    }

    var tuning = Slot<RangeTuningTable, Snapshot.Tuning>()
    var visible = Slot<[Int], [Snapshot.IndexRun]>()
    var display = Slot<[Int], [Snapshot.IndexRun]>()
    var preload = Slot<[Int], [Snapshot.IndexRun]>()
    var itemStates = Slot<[InterfaceState], [Snapshot.ItemStateRun]>()
}
