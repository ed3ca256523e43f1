import WeftNodes
import WeftSnapshot

/// A container's range controller as the snapshot describes it (protocol.md, RangeController):
/// tuning of every mode, the index runs of each range, run-length item states.
enum RangeControllerCapture {
    /// `"r<n>"` for the container `"n<n>"`: stable as long as the container lives.
    static func id(forOwner owner: String) -> String {
        owner.hasPrefix("n") ? "r" + owner.dropFirst() : "r-" + owner
    }

    static func capture(_ container: ContainerNode) -> Snapshot.RangeController {
        let controller = container.rangeController
        var captured = Snapshot.RangeController(id: id(forOwner: container.id), owner: container.id)
        captured.dataSource = controller.dataSourceTypeName
        captured.orientation = container.orientation == .vertical ? .vertical : .horizontal
        // WeftNodes and the snapshot number the directions alike (right 1, left 2, up 4, down 8).
        captured.scrollDirection = Snapshot.ScrollDirection(
            rawValue: controller.scrollDirection.intersection(controller.scrollableDirections).rawValue)
        captured.mode = controller.currentMode.flatMap { Snapshot.RangeController.Mode(rawValue: $0.rawValue) } ?? .minimum
        captured.tuning = tuning(of: controller)
        captured.viewport = Snapshot.Rect(controller.lastViewport)
        captured.contentSize = Snapshot.Size(container.contentSize)
        captured.contentOffset = Snapshot.Point(container.contentOffset)
        captured.itemCount = container.numberOfItems
        captured.visible = Snapshot.IndexRun.runs(of: controller.visibleIndices.sorted())
        captured.display = Snapshot.IndexRun.runs(of: controller.displayIndices.sorted())
        captured.preload = Snapshot.IndexRun.runs(of: controller.preloadIndices.sorted())
        captured.itemStates = controller.itemStateRuns().map {
            Snapshot.ItemStateRun($0.first, $0.last, Snapshot.InterfaceState(rawValue: Int($0.state.rawValue)))
        }
        return captured
    }

    private static func tuning(of controller: RangeController) -> Snapshot.Tuning {
        func mode(_ mode: RangeMode) -> Snapshot.RangeTuning {
            func parameters(_ type: RangeType) -> Snapshot.TuningParameters {
                let tuning = controller.tuningParameters(for: mode, type)
                return Snapshot.TuningParameters(leading: tuning.leadingBufferScreenfuls, trailing: tuning.trailingBufferScreenfuls)
            }
            return Snapshot.RangeTuning(display: parameters(.display), preload: parameters(.preload))
        }
        return Snapshot.Tuning(full: mode(.full), minimum: mode(.minimum), visibleOnly: mode(.visibleOnly),
                               lowMemory: mode(.lowMemory))
    }
}
