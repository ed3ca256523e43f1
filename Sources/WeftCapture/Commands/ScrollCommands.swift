import WeftLayout
import WeftNodes
import WeftSnapshot

/// Range.setTuningParameters and the Scroll methods: they act on scroll containers (tables,
/// collections, pagers) and their range controllers.
extension CaptureSession {
    func setTuningParameters(_ params: CommandParams) throws(CommandError) -> Answer {
        let controllerID = try params.string("controller")
        let mode = try params.choice("mode", RangeMode.allCases.map(\.rawValue))
        let type = try params.choice("rangeType", RangeType.allCases.map(\.rawValue))
        let leading = try params.number("leading")
        let trailing = try params.number("trailing")
        guard leading >= 0, trailing >= 0 else {
            throw .invalidValue("tuning buffers are screenfuls >= 0, got leading \(leading), trailing \(trailing)")
        }
        let container = try self.container(controller: controllerID)
        container.rangeController.setTuningParameters(
            RangeTuning(leading: leading, trailing: trailing),
            for: RangeMode(rawValue: mode)!, RangeType(rawValue: type)!)
        container.noteChange()
        return .now(Self.emptyObject)
    }

    /// A programmatic scroll: it does not count as the user scrolling.
    func setContentOffset(_ params: CommandParams) throws(CommandError) -> Answer {
        let container = try self.container(node: try params.string("id"))
        let offset = WeftLayout.Point(x: try params.number("x"), y: try params.number("y"))
        container.setContentOffset(offset, animated: try params.optionalBool("animated") ?? false)
        return .now(Self.emptyObject)
    }

    func scrollToItem(_ params: CommandParams) throws(CommandError) -> Answer {
        let container = try self.container(node: try params.string("id"))
        let index = try params.integer("index", in: 0...Int(Int32.max))
        do {
            try container.scrollToItem(at: index)
        } catch {
            throw .invalidParams("\(error)")
        }
        return .now(Self.emptyObject)
    }

    /// A simulated finger: begins now and plays over the following frames (`duration` seconds of
    /// program time), so while paused it advances only with steps.
    func drag(_ params: CommandParams) throws(CommandError) -> Answer {
        let container = try self.container(node: try params.string("id"))
        let delta = WeftLayout.Point(x: try params.number("dx"), y: try params.number("dy"))
        let duration = try params.optionalNumber("duration") ?? 0.3
        guard duration >= 0, duration <= 60 else { throw .invalidParams("\"duration\" must be 0 to 60 seconds, got \(duration)") }
        container.drag(by: delta, duration: duration)
        return .now(Self.emptyObject)
    }

    private func container(node id: String) throws(CommandError) -> ContainerNode {
        guard let node = NodeLookup.node(withId: id, in: inspectedRoots) else { throw .unknownElement(id, "node") }
        guard let container = node as? ContainerNode else {
            throw .invalidParams("\(id) is a \(node.textureClassName), not a scroll container (table, collection or pager)")
        }
        return container
    }

    /// The container of a range controller id (`"r7"` belongs to `"n7"`), among every container
    /// a snapshot lists (those in a pager's off-screen pages included).
    private func container(controller id: String) throws(CommandError) -> ContainerNode {
        var containers: [ContainerNode] = []
        for root in inspectedRoots { root.appendContainers(to: &containers) }
        guard let found = containers.first(where: { RangeControllerCapture.id(forOwner: $0.id) == id }) else {
            throw .unknownElement(id, "range controller")
        }
        return found
    }
}
