import WeftNodes
import WeftSnapshot

/// A container's range controller as the snapshot describes it (protocol.md, RangeController):
/// tuning of every mode, the index runs of each range, run-length item states.
enum RangeControllerCapture {
    /// `"r<n>"` for the container `"n<n>"`: stable as long as the container lives.
    static func id(forOwner owner: String) -> String {
        owner.hasPrefix("n") ? "r" + owner.dropFirst() : "r-" + owner
    }

    /// With a memo (streamed captures), the parts computed from the tuning table and the item
    /// arrays are reused while the controller has not written to them.
    static func capture(_ container: ContainerNode, memo: RangeControllerMemo? = nil) -> Snapshot.RangeController {
        let memo = memo ?? RangeControllerMemo()
        let controller = container.rangeController
        var captured = Snapshot.RangeController(id: id(forOwner: container.id), owner: container.id)
        captured.dataSource = controller.dataSourceTypeName
        captured.orientation = container.orientation == .vertical ? .vertical : .horizontal
        captured.scrollDirection = controller.scrollDirection.intersection(controller.scrollableDirections)
        captured.mode = controller.currentMode.flatMap { Snapshot.RangeController.Mode(rawValue: $0.rawValue) } ?? .minimum
        captured.tuning = memo.tuning.derive(from: controller.tuning, tuning(of:))
        captured.viewport = Snapshot.Rect(controller.lastViewport)
        captured.contentSize = Snapshot.Size(container.contentSize)
        captured.contentOffset = Snapshot.Point(container.contentOffset)
        captured.itemCount = container.numberOfItems
        captured.visible = memo.visible.derive(from: controller.visibleIndices, indexRuns(of:))
        captured.display = memo.display.derive(from: controller.displayIndices, indexRuns(of:))
        captured.preload = memo.preload.derive(from: controller.preloadIndices, indexRuns(of:))
        captured.itemStates = memo.itemStates.derive(from: controller.itemStates, itemStateRuns(of:))
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
        var start = sorted[0], end = start
        for index in sorted.dropFirst() {
            if index == end + 1 { end = index } else {
                if index == end { continue }  // a duplicate
                runs.append(Snapshot.IndexRun(start, end))
                (start, end) = (index, index)
            }
        }
        runs.append(Snapshot.IndexRun(start, end))
        return runs
    }

    /// Run-length item states: items `start...end` share a state.
    private static func itemStateRuns(of states: [InterfaceState]) -> [Snapshot.ItemStateRun] {
        states.withUnsafeBufferPointer { states in
            var runs: [Snapshot.ItemStateRun] = []
            var start = 0
            for index in states.indices where index > 0 && states[index] != states[index - 1] {
                runs.append(Snapshot.ItemStateRun(start, index - 1, Snapshot.InterfaceState(rawValue: Int(states[start].rawValue))))
                start = index
            }
            if !states.isEmpty {
                runs.append(Snapshot.ItemStateRun(start, states.count - 1,
                                                  Snapshot.InterfaceState(rawValue: Int(states[start].rawValue))))
            }
            return runs
        }
    }

    private static func tuning(of table: RangeTuningTable) -> Snapshot.Tuning {
        func mode(_ mode: RangeMode) -> Snapshot.RangeTuning {
            func parameters(_ type: RangeType) -> Snapshot.TuningParameters {
                let tuning = table[mode, type]
                return Snapshot.TuningParameters(leading: tuning.leadingBufferScreenfuls, trailing: tuning.trailingBufferScreenfuls)
            }
            return Snapshot.RangeTuning(display: parameters(.display), preload: parameters(.preload))
        }
        return Snapshot.Tuning(full: mode(.full), minimum: mode(.minimum), visibleOnly: mode(.visibleOnly),
                               lowMemory: mode(.lowMemory))
    }
}

private extension Array where Element == Int {
    var isSorted: Bool { zip(self, dropFirst()).allSatisfy { $0 <= $1 } }
}

/// What one container's range controller capture computed from its tuning table and item
/// arrays, kept between streamed captures: while a feed scrolls the runs change only when an
/// item crosses a range boundary, and comparing an array with the copy it was computed from is
/// immediate while the controller has not written to it (they share their storage).
final class RangeControllerMemo {
    /// One derived value and the input it was computed from.
    struct Slot<Input: Equatable, Output> {
        private var last: (input: Input, output: Output)?

        mutating func derive(from input: Input, _ compute: (Input) -> Output) -> Output {
            if let last, last.input == input { return last.output }
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
